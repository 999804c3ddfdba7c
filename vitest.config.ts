import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/integration/**/*.test.tsx'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
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
