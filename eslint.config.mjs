// ESLint for the whole repository (docs/decisions.md, *Lint and type check*): typescript-eslint's type-checked
// rules on TypeScript, React's hook rules and jsx-a11y on components, ESLint's own on the few JavaScript files.
// A rule that does not fit this code is turned off here, with its reason, rather than disabled line by line.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const testFiles = ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**', 'jest/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.cache/',
      '.data/',
      '.bench/',
      '.probe/',
      '.scratch/',
      'test-results/',
      'playwright-report/',
      // Checked with its own tsconfig by its own compile (publish-types.test.ts), as a host's team would.
      'fixtures/hosts/typescript-host/',
      // Written by scripts/remote-types-package.ts.
      'packages/remote-types/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // JavaScript: the host fixtures, Jest's CommonJS helpers and two Node scripts. typescript-eslint's parser
  // (without types) so that a component used only in JSX counts as used.
  {
    files: ['**/*.{js,jsx,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.node, ...globals.browser },
    },
  },

  // TypeScript, type-aware: each file with the project of tsconfig.json that holds it.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's describe/it return promises that the runner itself awaits (typescript-eslint's documented option).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }] },
      ],
      // React ignores what an event handler returns; the async handlers here catch their own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `async` marks functions whose callers expect a promise (Fastify's async hooks and handlers, Kysely's
      // MigrationProvider, RTK Query's onQueryStarted, test doubles); the types already check what they return.
      '@typescript-eslint/require-await': 'off',
      // RTK's injected slices declare `interface LazyLoadedSlices extends WithSlice<…> {}`, styled-components its theme.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // webpack's internal classes (webpack/lib/…) have no ES module export and no public types.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^webpack/lib/'] }],
      // A variable that a callback reads before its one assignment (set once the routes exist) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_name` marks what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Tests read JSON bodies and mocks as `any` and assert on them; a wrong read fails the test itself.
  {
    files: testFiles,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `expect(object.method).toHaveBeenCalled()` passes methods unbound by design.
      '@typescript-eslint/unbound-method': 'off',
      // jest.isolateModules needs require() to load a fresh module inside its callback.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Kysely's migrations (and the trigger helpers they share) take `Kysely<any>`: they must not depend on today's schema (Kysely's documentation).
  { files: ['server/src/db/migrations/**', 'server/src/db/read-cache-triggers.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  // Components and hooks: the browser code and the host fixtures.
  {
    files: ['{shared,shell,remotes,first-view,fixtures}/**/*.{ts,tsx,jsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks. The rest of the plugin's recommended set checks code for the React Compiler,
      // which this project does not use: reading a ref during render or setting state in an effect is valid React
      // without it (docs/decisions.md, *Lint and type check*).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
);
