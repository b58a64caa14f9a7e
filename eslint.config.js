/**
 * ESLint (flat config) over src/, test/ and bench/: ESLint's recommended rules and
 * typescript-eslint's type-aware recommended set (floating and misused promises, the
 * no-unsafe-* family, no-explicit-any, ...), plus one local rule: a catch that drops
 * the error must say why.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import catchNeedsReason from './eslint-rules/catch-needs-reason.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/fixtures/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { quire: { rules: { 'catch-needs-reason': catchNeedsReason } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'quire/catch-needs-reason': 'error',
      // A leading underscore marks a value left out on purpose (a destructured field
      // dropped from a copy, a parameter an interface requires).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Off: an `async` function that implements a Promise-returning interface (a queue
      // handler, a store method, `close()`) without awaiting anything is still right:
      // `async` turns a throw into a rejection, which `return Promise.resolve(...)` would not.
      '@typescript-eslint/require-await': 'off',
      // An abort passes on the caller's AbortSignal reason as it is (typed unknown), as fetch does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Off: Quire matches control characters on purpose (JSON and log escaping, stripping
      // terminal colour codes); the rule only guards against typing them by accident.
      'no-control-regex': 'off',
    },
  },
);
