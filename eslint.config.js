// One lint configuration for every workspace; each package runs `eslint src` from its folder.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/generated/**', '**/.data/**', '**/dist/**', '**/.venv-schemathesis/**', '**/reports/**', '**/.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  { files: ['**/scripts/**', 'test/bench/**', 'test/fuzz/**', '**/admin-cli/**'], rules: { 'no-console': 'off' } },
);
