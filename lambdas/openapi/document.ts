/**
 * The OpenAPI 3.1 description of the API, built from the route table (paths and methods), the
 * contract's zod schemas (request bodies and responses) and the operations' descriptions.
 * `npm run openapi` writes it to docs/openapi.json; a test checks the committed file equals this
 * and that real responses match. Server/tooling only (imports zod).
 */
import { LIMITS } from '../contract/limits.ts';
import { API_BASE_PATH, routes, type RouteDef } from '../routes.ts';
import { buildParameters, buildResponses, buildSchemas, HEADERS, IDEMPOTENCY_RULE, SECURITY_SCHEMES } from './components.ts';
import { buildOperation, keyedRoutes, OPERATIONS } from './operations.ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The parts of an OpenAPI 3.1 document this module builds (plain JSON data). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  /** Every operation needs a Cognito access token (unless the deployment is in the open mode). */
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** `[]` on the one public route (no token). */
  security?: Record<string, string[]>[];
  parameters?: { $ref: string }[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** The version of the API contract (bump on any change of the wire format). */
export const API_VERSION = '1.3.0';

/** The path of a route as OpenAPI writes it (relative to the server url, which holds `/api`). */
export const openApiPath = (route: RouteDef): string => route.path;

/** The route table's rows that are real paths (the `$default` catch-all is not one). */
export const documentedRoutes = (): RouteDef[] => routes.filter((r) => r.routeKey !== '$default');

const DESCRIPTION = [
  'Clientela keeps the clients ("produtos") of a company and their categories.',
  '',
  '- JSON in and out; request bodies must be sent as JSON in UTF-8 (`Content-Type: application/json` or ' +
    '`application/*+json`, no charset or `charset=utf-8`; 415 without one or with another), valid UTF-8 (400), at most ' +
    `${LIMITS.bodyBytes / 1024} KB (413 above), nested at most ${LIMITS.bodyDepth} levels (400 above). ` +
    'Unknown fields are ignored and never stored; the server assigns ids.',
  '- Every error the API returns is `{"mensagem": "..."}` in Brazilian Portuguese, with `"campo"` (the body ' +
    'field\'s path) when it concerns one field. API Gateway answers a ' +
    'few errors itself with `{"message": "..."}` (e.g. 429 when the stage is throttled): cope with both.',
  '- Any other path answers 404 and a known path with a method it lacks answers 405, both as `{"mensagem"}` ' +
    '(a catch-all route, not listed as a path here).',
  '- 503 (database throttling) carries `Retry-After` and is safe to retry; 500 never carries internals.',
  '- Every answer carries `Cache-Control: no-store`.',
  '- Every record carries `criadoEm`, `criadoPor`, `atualizadoEm` and `atualizadoPor` (server-set; absent on records ' +
    'stored before them). Every create, update, delete and restore writes a history entry in the same transaction ' +
    '(`GET /produtos/{id}/historico`, `GET /categorias/{id}/historico`); a DELETE moves the record to the trash ' +
    '(`GET /lixeira`), from which it can be restored with its id or, by an administrator, removed for good.',
  '- `versao` (optimistic locking): 1 on create, +1 on each update of that record. A PUT that sends it ' +
    'succeeds only if it is still current (else 409); without it the last writer wins.',
  `- \`Idempotency-Key\` on the ${keyedRoutes().length} POSTs that create (${keyedRoutes().map((r) => r.path).join(', ')}; ` +
    `required on ${keyedRoutes('required').map((r) => r.path).join(', ')}): ${IDEMPOTENCY_RULE}.`,
  `- Responses over ${LIMITS.compressAboveBytes} bytes are compressed (gzip or br) following \`Accept-Encoding\`.`,
  '- Sign-in (Amazon Cognito): every request carries the signed-in person\'s access token, `Authorization: Bearer ' +
    '<access token>`; without a valid one the answer is 401 (see the Unauthorized response). The users API is for ' +
    'administrators only. In the open mode (`-c auth=off` in the cloud, `AUTH=off` locally) nothing is checked: ' +
    'anyone with the URL can read and change the data (see SECURITY.md).',
].join('\n');

/**
 * Builds the OpenAPI 3.1 document of the API. Throws if a route of the table is undocumented,
 * so a new route cannot ship without its description.
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of documentedRoutes()) {
    const op = OPERATIONS[route.routeKey];
    if (!op) throw new Error(`OpenAPI: route ${route.routeKey} has no description`);
    const path = openApiPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = buildOperation(route, op);
  }
  const documented = new Set(documentedRoutes().map((r) => r.routeKey));
  for (const key of Object.keys(OPERATIONS)) {
    if (!documented.has(key)) throw new Error(`OpenAPI: ${key} is documented but not in the route table`);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Clientela API', version: API_VERSION, description: DESCRIPTION },
    servers: [
      { url: API_BASE_PATH, description: 'Same origin as the site (CloudFront in the cloud, Vite or `npm run api` locally).' },
    ],
    security: [{ cognito: [] }],
    tags: [
      { name: 'categorias', description: 'Categories of clients.' },
      { name: 'produtos', description: 'Clients (called "produtos" in the API).' },
      { name: 'usuarios', description: 'The people who may sign in (administrators only).' },
      { name: 'lixeira', description: 'The trash: deleted clients and categories, restored or purged.' },
      { name: 'resumo', description: "The portfolio's totals." },
      { name: 'atividades', description: 'The latest changes of clients and categories.' },
      { name: 'importacoes', description: 'CSV imports of clients: the job, its batches, its undo.' },
      { name: 'observacoes', description: "The clients' notes, for a CSV export." },
      { name: 'lembretes', description: "One's own reminders: the private calendar URL and the morning e-mail (sign-in only)." },
      { name: 'calendario', description: 'The private calendar feed (iCalendar), opened by the secret in its URL: no token.' },
    ],
    paths,
    components: {
      schemas: buildSchemas(),
      parameters: buildParameters(),
      headers: HEADERS,
      responses: buildResponses(),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
