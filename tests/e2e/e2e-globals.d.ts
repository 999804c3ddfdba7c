// The e2e build's hook (VITE_E2E_HOOKS=1, src/api/credentials.ts): the login token the page holds in memory.
declare global {
  var __floToken: (() => string | null) | undefined;
}
export {};
