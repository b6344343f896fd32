import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { walls, webWalls } from './eslint.walls.js';

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', 'coverage', '.data', 'tests/bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The walls: between lambdas/ areas, the cloud, the local runtime and the tools; and the web's.
  ...walls,
  ...webWalls,
);
