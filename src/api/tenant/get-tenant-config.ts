import { parse } from 'valibot';
import { TenantConfigResponse } from '../../../contracts/tenant';
import { apiBase } from '../runtime-config';

/**
 * The one call a first visit makes before its first screen, so it is a plain GET: the API clients' HTTP layer (ofetch,
 * src/api/http.ts) then loads after the first paint and stays out of the 120 KB first download. No token is
 * sent, nothing personal is read. Failures are only logged (REQ-TEN-2): the caller catches, nothing is shown.
 */
export async function getTenantConfig(hostname: string, signal?: AbortSignal) {
  const res = await fetch(`${apiBase('main')}/v1/public/tenant/hostname/${encodeURIComponent(hostname)}/config`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`tenant configuration: HTTP ${res.status}`);
  return parse(TenantConfigResponse, await res.json());
}
