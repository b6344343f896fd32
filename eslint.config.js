import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { cyclesPlugin } from './eslint.cycles.js';
import { walls, wallsPlugin, webWalls } from './eslint.walls.js';

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', 'cdk.out.import', 'coverage', '.data', 'tests/bench/results'] },
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A module-level `window` or `document` hides the browser's from the code the dev server
      // adds to every module (React Refresh's check threw on the home page under `npm start`).
      'no-restricted-syntax': [
        'error',
        ...['Program', 'Program > ExportNamedDeclaration'].flatMap((scope) =>
          [':matches(FunctionDeclaration, ClassDeclaration)', 'VariableDeclaration > VariableDeclarator'].map((declaration) => ({
            selector: `${scope} > ${declaration} > Identifier.id[name=/^(window|document|globalThis|self)$/]`,
            message: 'Do not name a module-level declaration after a browser global (window, document, globalThis, self).',
          })),
        ),
      ],
    },
  },
  // A failed condition or a cancelled transaction is decoded in one place, lambdas/store/write.ts
  // (into typed outcomes, or ThrottledWriteError): every other write is a WriteOp through commit.
  {
    files: ['lambdas/**/*.ts', 'tools/**/*.ts'],
    ignores: ['lambdas/store/write.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/^(ConditionalCheckFailed(Exception)?|TransactionCanceledException|TransactionConflict|ThrottlingError)$/], Identifier[name='CancellationReasons']",
          message: 'DynamoDB condition failures and cancellation reasons are decoded in lambdas/store/write.ts only: write a WriteOp and commit it.',
        },
      ],
    },
  },
  // The walls: between lambdas/ areas, the cloud, the local runtime and the tools; and the web's.
  { plugins: { walls: wallsPlugin } },
  ...walls,
  ...webWalls,
  // No import cycles through value imports (static, re-exported or dynamic).
  { files: ['**/*.{ts,tsx,mts,js,mjs}'], plugins: { cycles: cyclesPlugin }, rules: { 'cycles/no-cycle': 'error' } },
);
