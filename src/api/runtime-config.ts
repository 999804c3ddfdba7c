// Runtime configuration (public/config.json): the API bases a deployment points the client at.
export type ApiName = 'main' | 'verification' | 'banking';
export type RuntimeConfig = { apiBases: Record<ApiName, string> };

const DEFAULTS: RuntimeConfig = {
  apiBases: { main: '/api/main', verification: '/api/verification', banking: '/api/banking' },
};
let current: RuntimeConfig = DEFAULTS;

export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetcher('/config.json', { cache: 'no-cache' });
    if (res.ok) {
      const json = (await res.json()) as Partial<RuntimeConfig>;
      current = { apiBases: { ...DEFAULTS.apiBases, ...json.apiBases } };
    }
  } catch (err) {
    console.warn('runtime config not loaded, using defaults', err);
  }
  return current;
}

export const apiBase = (api: ApiName): string => current.apiBases[api];
