/**
 * The walls between the parts of the project, as lint rules (tests/unit/lint-walls.test.ts and
 * lint-walls-web.test.ts plant a breach of each). Every server-side file belongs to one area below;
 * each area lists what it must not import and why; the web's walls follow at the end.
 *
 * ESLint's own no-restricted-imports sees only static imports; a wall must also hold for
 * `import('…')` (how the web loads every page), `typeof import('…')` and `require('…')`, so the
 * walls are one small rule of ours (`walls/imports`, and `walls/features` to add a second list).
 */
import { readdirSync } from 'node:fs';

/** One forbidden import: a regex on the specifier and the reason. */
const no = (pattern, why) => ({ regex: pattern.source, message: why });

/** The specifier's text when it is written out (a literal, or a template without expressions). */
const specifierOf = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return specifierOf(node.literal);
  return null;
};

/** The rule: every way a module names another (static, dynamic, type-only, require) meets the same list. */
const restrictedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The walls between the parts of the project (eslint.walls.js).' },
    schema: [
      {
        type: 'object',
        properties: { patterns: { type: 'array', items: { type: 'object', properties: { regex: { type: 'string' }, message: { type: 'string' } }, required: ['regex', 'message'] } } },
        required: ['patterns'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const patterns = context.options[0].patterns.map((p) => ({ re: new RegExp(p.regex), message: p.message }));
    const check = (source) => {
      const specifier = specifierOf(source);
      if (specifier === null) return;
      const hit = patterns.find((p) => p.re.test(specifier));
      if (hit) context.report({ node: source, message: `'${specifier}': ${hit.message}` });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument),
      TSExternalModuleReference: (n) => check(n.expression),
      'CallExpression[callee.name="require"]': (n) => check(n.arguments[0]),
    };
  },
};

/** A file that must not exist where it is (its path matched the block's `files`): one error, at its top. */
const misplaced = {
  meta: {
    type: 'problem',
    docs: { description: 'Files of a kind live in their folder (eslint.walls.js).' },
    schema: [{ type: 'object', properties: { message: { type: 'string' } }, required: ['message'], additionalProperties: false }],
  },
  create(context) {
    return { Program: (n) => context.report({ node: n, loc: { line: 1, column: 0 }, message: context.options[0].message }) };
  },
};

/** The plugin the config registers as `walls`. */
export const wallsPlugin = { rules: { imports: restrictedImports, features: restrictedImports, placement: misplaced } };

const AWS_SDK = no(/^(@aws-sdk\/|@smithy\/|aws-sdk(\/|$))/, 'Only lambdas/store/ talks to AWS (DynamoDB, the user pool): go through the store.');

const areas = [
  {
    files: ['lambdas/contract/**'],
    walls: [
      no(/^\.\.\//, 'lambdas/contract/ imports nothing of the project: the web bundles it, and it is the API’s standalone truth.'),
      no(/^node:/, 'lambdas/contract/ runs in the browser too: no Node built-ins.'),
      AWS_SDK,
    ],
  },
  {
    files: ['lambdas/store/**'],
    walls: [
      no(/^\.\.\/(handlers|services|http)\//, 'The store never reaches up: handlers and services use it, not the other way round.'),
      no(/^\.\.\/(errors\.ts$|openapi\/)/, 'The store reports typed outcomes; services turn them into API errors.'),
    ],
  },
  {
    files: ['lambdas/handlers/**'],
    walls: [no(/(^|\/)store\//, 'Handlers go through services: the rules live there, not beside the HTTP glue.'), AWS_SDK],
  },
  {
    files: ['lambdas/services/**'],
    walls: [no(/^\.\.\/(handlers|http)\//, 'Services know no HTTP: they take validated input and throw typed errors.'), AWS_SDK],
  },
  {
    // The HTTP layer, the route table, the typed errors, the OpenAPI builder.
    files: ['lambdas/**'],
    ignores: ['lambdas/contract/**', 'lambdas/store/**', 'lambdas/handlers/**', 'lambdas/services/**'],
    walls: [no(/(^|\/)(store|services|handlers)\//, 'Shared plumbing (http/, routes, errors, openapi) knows no rules and no storage.'), AWS_SDK],
  },
  {
    // The cloud (CDK app, stack, constructs, scripts).
    files: ['infra/**'],
    ignores: ['infra/local/**'],
    walls: [
      no(
        /(^|\/)lambdas\/(?!routes\.ts$|store\/table\.ts$|contract\/auth\.ts$|contract\/limits\.ts$)/,
        'The cloud knows the lambdas by their route table (lambdas/routes.ts), the table’s shape (lambdas/store/table.ts), the sign-in rules (lambdas/contract/auth.ts) and the API’s limits (lambdas/contract/limits.ts: the trash’s days) only.',
      ),
      no(/(^|\/)tools\//, 'The cloud does not run the tools.'),
    ],
  },
  {
    // The laptop's API Gateway + Lambda: it loads handlers by path from the route table.
    files: ['infra/local/**'],
    walls: [
      no(
        /(^|\/)lambdas\/(?!routes\.ts$|store\/table\.ts$|store\/client\.ts$|contract\/|http\/response\.ts$)/,
        'The local gateway shares with the lambdas only the route table, the table’s shape, the DynamoDB client’s configuration (store/client.ts: the laptop reaches its table as the handlers do), the contract and the Lambda result rules (http/response.ts); handlers are loaded by path.',
      ),
    ],
  },
  {
    // Tools (seed, OpenAPI): they write the storage format through the store.
    files: ['tools/**'],
    walls: [no(/(^|\/)lambdas\/(handlers|services|http)\//, 'Tools use the store, the contract and the route table, never handlers, services or the HTTP layer.')],
  },
];

export const walls = areas.map(({ files, ignores, walls: patterns }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'walls/imports': ['error', { patterns }] },
}));

// ---- Walls of the web (web/): one reason each, in the message a breach prints. ----
/** The web's features: each folder of web/src/features. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** What every file of the web may not import (rule `walls/imports`). */
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
    { regex: AWS_SDK.regex, message: 'The web calls the API and Cognito with fetch: no AWS SDK in the bundle.' },
  ],
};
/**
 * Features never import each other, the app shell or the site's pages; the shared layers (components,
 * lib, config, paths, texts) never import a feature, a page or the app shell (`walls/features`, so it
 * adds to the wall above).
 */
const featureWall = (others, message) => ({
  patterns: [{ regex: String.raw`(^|/)(${others.join('|')})(/|$)`, message }],
});
export const webWalls = [
  { files: ['web/**/*.{ts,tsx}'], rules: { 'walls/imports': ['error', webWall] } },
  ...webFeatures.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'walls/features': [
        'error',
        featureWall(
          ['features', 'app', 'pages', ...webFeatures.filter((o) => o !== f)],
          `Features do not import each other, the app shell or the site's pages: move what '${f}' shares to web/src/components or web/src/lib.`,
        ),
      ],
    },
  })),
  {
    // Every text module lives in web/src/texts/, so each is a shared layer by where it is.
    files: ['web/src/{api,components,lib,texts}/**/*.{ts,tsx}', 'web/src/{config,paths}.ts'],
    rules: {
      'walls/features': ['error', featureWall(['features', 'app', 'pages'], 'The shared layers (api, components, lib, texts, config, paths) never import a feature, a page or the app shell.')],
    },
  },
  {
    // A text module anywhere else would escape the shared layer's wall above.
    files: ['web/src/**/texts*.{ts,tsx}', 'web/src/**/texts*/**/*.{ts,tsx}'],
    ignores: ['web/src/texts/**'],
    rules: { 'walls/placement': ['error', { message: 'UI texts live in web/src/texts/ (a shared layer: it never imports a feature, a page or the app shell).' }] },
  },
];
