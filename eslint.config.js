import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// ---- Walls of the web (web/): one reason each, in the message a breach prints. ----
/** The web's features: each folder of web/src/features. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** What every file of the web may not import (rule `no-restricted-imports`). */
const webWall = {
  patterns: [
    {
      regex: String.raw`(^|/)(lambdas|infra|tests)(/|$)`,
      message: "web/ reaches the lambdas only through '@contract' (the contract's zod-free index); nothing else of the project.",
    },
    {
      regex: String.raw`^@contract/`,
      message: "Import '@contract' itself: its index is the web's whole view of the contract (the zod schemas stay on the server).",
    },
    { regex: String.raw`^zod(/|$)`, message: 'zod is server-side validation only: the web bundle must not carry it.' },
  ],
};
/** Features never import each other, and the shared layers never import a feature (`@typescript-eslint/no-restricted-imports`, so it adds to the wall above). */
const featureWall = (others, message) => ({
  patterns: [{ regex: String.raw`(^|/)(${others.join('|')})(/|$)`, message }],
});
const webBlocks = [
  { files: ['web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', webWall] } },
  ...webFeatures.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        featureWall(['features', ...webFeatures.filter((o) => o !== f)], `Features do not import each other: move what '${f}' shares to web/src/components or web/src/lib.`),
      ],
    },
  })),
  {
    files: ['web/src/{components,lib}/**/*.{ts,tsx}', 'web/src/{config,paths,texts}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', featureWall(['features', 'app', 'pages'], 'The shared layers (components, lib) never import a feature, a page or the app shell.')],
    },
  },
];

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
  ...webBlocks,
);
