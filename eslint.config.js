import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      // features do not import each other (bulletproof-react): shared → features → app
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/routes/*'], message: 'routes import features, never the reverse' }] }],
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
);
