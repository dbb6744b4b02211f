// ESLint: typescript-eslint's type-checked rules over the TypeScript (typed by tsconfig.json), the
// plain rules over the .mjs scripts. Formatting is Prettier's (.prettierrc), not ESLint's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** What Node gives every module without an import, for the .mjs scripts (which have no types to say so). */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  globalIgnores(['dist/', 'out/', 'dist-test/', '.vscode-test/', 'node_modules/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its failure: await it, catch it, or say `void` where firing
      // and forgetting is the point.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `return promise` inside try skips its catch and finally when the promise fails.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      eqeqeq: ['error', 'smart'],
      // Reject with Errors; passing on a reason we were handed (an abort signal's, a caught one) is
      // not making one up, and its type is `any` or `unknown`.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // Printing reads the contract only: the sandbox, the command line and the extension all use it
    // (docs/architecture.md, "The layers"), so it may import none of them, nor the client.
    files: ['src/printing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox', '**/sandbox/**', '**/client', '**/client/**'], message: 'printing imports the contract only' },
            { group: ['**/extension', '**/extension/**', '**/cli', '**/cli/**', 'vscode'], message: 'printing imports the contract only' },
          ],
        },
      ],
    },
  },
  {
    // The rulebook sits beneath both front ends and is bundled into the extension: the client's
    // index (`../client`) would load the SOAP stack at activation, so it imports the client's files.
    files: ['src/rulebook/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./client$', allowTypeImports: true, message: "import the client's files, not its index (it loads node-soap)" },
            {
              group: ['**/sandbox', '**/sandbox/**', '**/printing', '**/printing/**'],
              message: 'the rulebook imports the client and the contract only',
            },
            {
              group: ['**/extension', '**/extension/**', '**/cli', '**/cli/**', 'vscode'],
              message: 'the rulebook is beneath the front ends',
            },
          ],
        },
      ],
    },
  },
  {
    // The extension's bundle loads at activation: the YAML parser (110 KB, read by the front
    // matter's reader) stays out of it; the front matter is checked on the printing thread.
    files: ['src/extension/**', 'src/rulebook/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['yaml', '**/contract/front-matter', '**/printing/diagnostics', '**/printing/diagnostics/**'],
              message: "the YAML parser stays out of the extension's bundle: import the contract's index, or printing-module.ts",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests stand in for async interfaces (SecretStorage, Memento.update, a file's write) and poll
    // with async probes that answer at once: `async` is how they return the promise asked for.
    files: ['test/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // The scripts in JavaScript: tsconfig.json does not type them (no allowJs), so the rules that
    // need types cannot run on them.
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  prettier,
);
