import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { localPlugin } from './scripts/eslint/no-import-cycle.js';

// The web's layers (bulletproof-react, decision 032): shared code (components, lib, locales) →
// features → the app (routes, the entries, the router). Each arrow points one way, and a feature never
// imports another: what two features share moves to the shared layer or is composed in a route.
const WEB = './apps/web/src';
const APP = [
  `${WEB}/routes`,
  `${WEB}/backoffice`,
  `${WEB}/routeTree.gen.ts`,
  `${WEB}/app.tsx`,
  `${WEB}/main.tsx`,
  `${WEB}/prerender.tsx`,
  `${WEB}/app`,
];
const foldersOf = (path) =>
  readdirSync(new URL(`${path}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = foldersOf('apps/web/src/features');
// Every workspace declares what it imports in its own package.json; the root's devDependencies are the
// tooling all of them share (Vitest, fast-check, Playwright). Code that runs in production imports only
// `dependencies`; tests and tooling also `devDependencies`.
const DEV_FILES = [
  '**/*.test.{ts,tsx}',
  '**/test/**',
  '**/*.test-helpers.ts',
  '**/*test-kit.ts',
  'apps/web/src/prerender.tsx',
  '**/*.config.{js,ts}',
  '**/vite.plugins.ts',
  '**/vite-plugins/**',
  'vitest.setup.ts',
  'e2e/**',
  'bench/**',
  'scripts/**',
];
const extraneous = (workspace, options = {}) => ({
  includeTypes: true,
  devDependencies: DEV_FILES,
  packageDir: workspace ? [new URL(workspace, import.meta.url).pathname, ROOT] : [ROOT],
  ...options,
});
const ROOT = new URL('.', import.meta.url).pathname;
const WORKSPACES = ['apps/server/', 'apps/sandbox/', 'apps/web/', 'packages/contracts/'];

const webLayers = [
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/locales`],
    from: [`${WEB}/features`, ...APP],
    message: 'shared code (components, lib, locales) imports neither features nor the app',
  },
  { target: `${WEB}/features`, from: APP, message: 'features do not import routes or the app: routes compose features' },
  ...features.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`],
    message: 'features do not import each other: move what both need to components/ or lib/, or compose them in a route',
  })),
];

// The server's modules (decision 150): each folder of modules/ is one, and each folder of modules/backoffice/
// (the back office's screens without a domain of their own). A module's `index.ts` is its one public surface:
// another module, and the code around them (services.ts, app.ts, the seed, plugins), import a module only
// through it. Its test helpers (`*.test-helpers.ts`, `*-test-kit.ts`) are its surface for other tests.
// modules/shared/ and service-dependencies.ts belong to every module.
const MODULES = 'apps/server/src/modules';
const serverModules = [
  ...foldersOf(MODULES).filter((m) => m !== 'shared' && m !== 'backoffice'),
  ...foldersOf(`${MODULES}/backoffice`).map((m) => `backoffice/${m}`),
];
const surfaces = [
  `${ROOT}${MODULES}/*/index.ts`,
  `${ROOT}${MODULES}/backoffice/*/index.ts`,
  `${ROOT}${MODULES}/**/*.test-helpers.ts`,
  `${ROOT}${MODULES}/**/*-test-kit.ts`,
  `${ROOT}${MODULES}/shared/**`,
  `${ROOT}${MODULES}/service-dependencies*.ts`,
];
const throughIndex = 'import another module only through its index.ts (decision 150); move what both need to modules/shared or the core';
const serverBoundaries = [
  ...serverModules.map((m) => ({
    target: `${MODULES}/${m}`,
    from: `${MODULES}/**`,
    except: [`${ROOT}${MODULES}/${m}/**`, ...surfaces],
    message: throughIndex,
  })),
  {
    target: readdirSync(new URL('apps/server/src/', import.meta.url))
      .filter((f) => f !== 'modules')
      .map((f) => `apps/server/src/${f}`),
    from: `${MODULES}/**`,
    except: surfaces,
    message: throughIndex,
  },
];

// The back office's own layers, the same arrows: its shared code (components, lib) → its features → its
// routes and entry. Its features do not import each other, except the signed-in staff member (auth/api).
const BO = `${WEB}/backoffice`;
const BO_APP = [`${BO}/routes`, `${BO}/routeTree.gen.ts`, `${BO}/router.tsx`, `${BO}/main.tsx`];
const backofficeFeatures = foldersOf('apps/web/src/backoffice/features');
const backofficeLayers = [
  {
    target: [`${BO}/components`, `${BO}/lib`, `${BO}/locales`],
    from: [`${BO}/features`, ...BO_APP],
    message: 'the back office shared code (components, lib, locales) imports neither its features nor its routes',
  },
  { target: `${BO}/features`, from: BO_APP, message: 'back-office features do not import routes: routes compose features' },
  ...backofficeFeatures.map((f) => ({
    target: `${BO}/features/${f}`,
    from: `${BO}/features`,
    except: [`./${f}`, './auth/api'],
    message: 'back-office features do not import each other (but auth/api): move what both need to backoffice/lib or components',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/routeTree.gen.ts',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, local: localPlugin },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // type-only cycles included, each file read once (decision 151); import-x/no-cycle skips types
      'local/no-import-cycle': 'error',
      'import-x/no-extraneous-dependencies': ['error', extraneous()],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...webLayers, ...backofficeLayers] }],
      // Preact's Suspense can render a page being left once more after its route is unmatched (decision
      // 018): strict route reads would throw there and lose the pending screen. Read with shouldThrow: false.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Route'][callee.property.name=/^use(Search|Params|LoaderData|LoaderDeps|Match)$/]",
          message:
            'strict route reads throw in a page being left (decision 018): use useSearch/useParams/… with { from, shouldThrow: false }',
        },
        {
          selector:
            "CallExpression[callee.name=/^use(Search|Params|LoaderData|LoaderDeps|Match)$/]:has(Property[key.name='from']):not(:has(Property[key.name='shouldThrow']))",
          message: 'strict route reads throw in a page being left (decision 018): add shouldThrow: false',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverBoundaries, basePath: ROOT }] },
  },
  {
    // a file a newcomer reads in one sitting; split by concern before it grows past this
    // (migrations and generated code are not read that way; routeTree.gen.ts is ignored above)
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', '{bench,scripts,e2e}/**/*.{ts,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  ...WORKSPACES.map((w) => ({
    files: [`${w}**/*.{ts,tsx,js,mjs}`],
    rules: { 'import-x/no-extraneous-dependencies': ['error', extraneous(w)] },
  })),
  {
    // the web ships one bundle in which `react` and `react-dom` are preact/compat (decision 018): React
    // itself is installed only for its types and the React run of the component tests
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/src/prerender.tsx'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        extraneous('apps/web/', { devDependencies: false, whitelist: ['react', 'react-dom', '@types/react', '@types/react-dom'] }),
      ],
    },
  },
);
