import { TenantConfigResponse } from '../../../contracts/tenant';
import { mainCall } from '../http';

/** Failures are only logged (platform §8), so the call is silent. */
export const getTenantConfig = (hostname: string, signal?: AbortSignal) =>
  mainCall(TenantConfigResponse, `/v1/public/tenant/hostname/${encodeURIComponent(hostname)}/config`, { silent: true, signal });
