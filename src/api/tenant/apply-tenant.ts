// Loads the tenant configuration for this host and applies favicon, logo, brand colour. Failures are only logged.
import type { TenantConfig } from '../../../contracts/tenant';
import { getTenantConfig } from './get-tenant-config';

const KEY = 'flo.tenant';
export function cachedTenant(): TenantConfig | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function applyTenant(t: TenantConfig) {
  document.documentElement.style.setProperty('--brand', t.brand_color);
  const icon = document.getElementById('app-favicon') as HTMLLinkElement | null;
  if (icon) icon.href = t.favicon_url;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', t.brand_color);
  // A page that set its own title ('{page} · {tenant}', the public pages) keeps it.
  if (!document.title.includes(' · ')) document.title = t.name;
}

/** A first visit waits this long for the configuration at most, then starts without the brand. */
export const FIRST_VISIT_WAIT_MS = 5_000;

async function fetchTenant(wait?: number): Promise<TenantConfig | null> {
  try {
    const { data } = await getTenantConfig(window.location.hostname, wait ? AbortSignal.timeout(wait) : undefined);
    localStorage.setItem(KEY, JSON.stringify(data));
    applyTenant(data);
    return data;
  } catch (err) {
    console.warn('tenant config not loaded', err);
    return null;
  }
}

/**
 * The configuration this device has is used at once and refreshed behind the first screen (`onFresh` gets the new
 * one): a start on a weak network never waits for it. Only a first visit waits, and not for ever.
 */
export async function loadTenant(onFresh?: (t: TenantConfig) => void): Promise<TenantConfig | null> {
  const cached = cachedTenant();
  if (!cached) return fetchTenant(FIRST_VISIT_WAIT_MS);
  applyTenant(cached);
  void fetchTenant().then((fresh) => fresh && onFresh?.(fresh));
  return cached;
}
