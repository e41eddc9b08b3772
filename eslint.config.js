// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default defineConfig(
  {
    ignores: [
      'dist/',
      // Folders scripts/build-site.ts builds in, and an old output it deletes in the background.
      '.*.building-*/',
      '.*.old-*/',
      '.astro/',
      'src/generated/',
      '.bench/',
      '.tmp/',
      'node_modules/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The browser-safe part (docs/architecture.md): no zod values, no Node built-ins. Types from the
    // schema are fine: they vanish from the bundle. tests/unit/architecture.test.ts also follows
    // the imports of every client script.
    files: [
      'src/lib/text/**',
      'src/lib/search/**',
      'src/lib/site/**',
      'src/lib/constants.ts',
      'src/scripts/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'zod stays out of browser code.', allowTypeImports: true },
          ],
          patterns: [
            { group: ['node:*'], message: 'Node built-ins do not run in the browser.' },
            {
              group: ['**/schema'],
              message:
                'Import schema types with `import type`; shared values live in constants.ts.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
