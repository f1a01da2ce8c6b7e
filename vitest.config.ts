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
          // one migrated and seeded database template per run, copied for each test file
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 120_000,
          // a test file starts three embedded databases (server, sandbox provider, sandbox bank):
          // seconds each on a quiet machine, much more on a loaded one
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'build',
          root: './scripts',
          include: ['*.test.mjs'],
          // builds the site when its sources changed since the last build (npm test has built it already)
          testTimeout: 900_000,
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
          // The tests run on the renderer that ships (decision 018): every `react`/`react-dom` import, ours
          // or a library's, must be preact/compat. Vite's aliases (set by @preact/preset-vite) only apply
          // to what Vite loads, so the dependencies are inlined instead of loaded by Node; the CommonJS
          // ones that require react (use-sync-external-store) are pre-bundled with preact so that there
          // is one copy of it. A library loading the real React fails the runtime test in src/test.
          server: { deps: { inline: true } },
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'preact',
                  'preact/hooks',
                  'preact/compat',
                  'preact/compat/client',
                  'preact/jsx-runtime',
                  'preact/compat/jsx-runtime',
                  'preact/test-utils',
                  'use-sync-external-store/shim',
                  'use-sync-external-store/shim/with-selector',
                ],
              },
            },
          },
        },
        // @testing-library/react has no exports map: its ES module build, so that its imports go through Vite
        resolve: { mainFields: ['module', 'main'] },
      },
    ],
  },
});
