import { TenantLogoResponse } from '../../../contracts/tenant';
import { mainCall } from '../http';

export const getTenantLogo = (hostname: string) =>
  mainCall(TenantLogoResponse, `/v1/public/tenant/hostname/${encodeURIComponent(hostname)}/logo`, { silent: true });
