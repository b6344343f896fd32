/**
 * The walls between the parts of the server side, as lint rules (tests/unit/lint-walls.test.ts
 * plants a breach of each). Every file belongs to one area below; each area lists what it must
 * not import and why. Imports are relative paths, so a wall is a pattern on the specifier.
 */

/** One forbidden import: a regex on the specifier (or a package group) and the reason. */
const no = (pattern, why) => (typeof pattern === 'string' ? { group: [pattern], message: why } : { regex: pattern.source, message: why });

const AWS_SDK = no('@aws-sdk/*', 'Only lambdas/store/ talks to DynamoDB: go through the store.');

const areas = [
  {
    files: ['lambdas/contract/**'],
    walls: [
      no(/^\.\.\//, 'lambdas/contract/ imports nothing of the project: the web bundles it, and it is the API’s standalone truth.'),
      no('node:*', 'lambdas/contract/ runs in the browser too: no Node built-ins.'),
      AWS_SDK,
    ],
  },
  {
    files: ['lambdas/store/**'],
    walls: [
      no(/^\.\.\/(handlers|services|http)\//, 'The store never reaches up: handlers and services use it, not the other way round.'),
      no(/^\.\.\/(errors|openapi)\.ts$/, 'The store reports typed outcomes; services turn them into API errors.'),
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
        /(^|\/)lambdas\/(?!routes\.ts$|store\/table\.ts$)/,
        'The cloud knows the lambdas by their route table (lambdas/routes.ts) and the table’s shape (lambdas/store/table.ts) only.',
      ),
      no(/(^|\/)tools\//, 'The cloud does not run the tools.'),
    ],
  },
  {
    // The laptop's API Gateway + Lambda: it loads handlers by path from the route table.
    files: ['infra/local/**'],
    walls: [
      no(
        /(^|\/)lambdas\/(?!routes\.ts$|store\/table\.ts$|contract\/|http\/response\.ts$)/,
        'The local gateway shares with the lambdas only the route table, the table’s shape, the contract and the Lambda result rules (http/response.ts); handlers are loaded by path.',
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
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));
