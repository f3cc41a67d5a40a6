// ESLint (flat config) with typescript-eslint's recommended rules; formatting is Prettier's
// business (eslint-config-prettier switches off the rules it would fight). `npm run lint` runs it.
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', '.data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      // Unused names are errors, except the deliberately ignored (_x) and rest siblings.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Raw SQL rows and parsed YAML are untyped by nature; adapters and tests may say so.
    files: ['backend/src/**/infrastructure/**/*.ts', 'backend/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
