import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          setupFiles: ['../../vitest.setup.ts'],
          testTimeout: 120_000,
          // a test file starts three embedded databases (server, sandbox provider, sandbox bank):
          // seconds each on a quiet machine, much more on a loaded one
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'sandbox',
          root: './apps/sandbox',
          include: ['src/**/*.test.ts'],
          setupFiles: ['../../vitest.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
    ],
  },
});
