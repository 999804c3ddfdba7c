// Loads the tenant configuration for this host and applies favicon, logo, brand colour. Failures are only logged.
import type { TenantConfig } from '../../../contracts/tenant';
import { getTenantConfig } from '../../api/tenant/get-tenant-config';

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
  document.title = t.name;
}

export async function loadTenant(): Promise<TenantConfig | null> {
  const cached = cachedTenant();
  if (cached) applyTenant(cached);
  try {
    const { data } = await getTenantConfig(window.location.hostname);
    localStorage.setItem(KEY, JSON.stringify(data));
    applyTenant(data);
    return data;
  } catch (err) {
    console.warn('tenant config not loaded', err);
    return cached;
  }
}
