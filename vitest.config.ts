import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { poCatalogues } from './scripts/po-catalogues';

// The phone's language catalogues, compiled as the build compiles them: the client's tests and the integration tests
// that render its screens both import them.
const catalogues = poCatalogues(fileURLToPath(new URL('./src/locales', import.meta.url)));

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [catalogues],
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/integration/**/*.test.tsx'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [catalogues],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['tests/setup-client.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
