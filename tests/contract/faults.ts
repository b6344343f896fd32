/**
 * Fault injection helpers: the DynamoDB errors AWS can return (built as the SDK builds them),
 * v2 events for calling handlers directly, and the list of routes with a request that reaches
 * their DynamoDB calls.
 */
import {
  type AttributeValue,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { buildEvent } from '../../infra/local/adapter.ts';
import { API_BASE_PATH, matchRoute, routes } from '../../lambdas/routes.ts';
import { CLIENT_COUNT } from '../../lambdas/store/items.ts';
import { NAME_CLAIMS_MARKER } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';

const metadata = { httpStatusCode: 400, requestId: 'REQ0000000000000000000000000000000000000000000000', attempts: 3, totalRetryDelay: 180 };

/** A marker that must never reach a response body (SDK text, ARNs, table names). */
export const SECRET = 'arn:aws:dynamodb:us-east-1:123456789012:table/clientela-secret';

export type FaultKind = 'throttling' | 'internal' | 'timeout' | 'conflict';

export interface Fault {
  name: string;
  kind: FaultKind;
  /** A fresh error each time (the SDK throws a new object per call). */
  make(): Error;
  /** Only meaningful on TransactWriteItems. */
  transactionOnly?: boolean;
}

function timeoutError(name: 'TimeoutError' | 'AbortError'): Error {
  const err = new Error(
    name === 'TimeoutError'
      ? `Connection timed out after 1000 ms (${SECRET})`
      : `This operation was aborted (${SECRET})`,
  );
  err.name = name;
  return err;
}

/** Every fault injected, with the class of answer it must produce. */
export const FAULTS: readonly Fault[] = [
  {
    name: 'ProvisionedThroughputExceededException',
    kind: 'throttling',
    make: () => new ProvisionedThroughputExceededException({ message: `Throughput exceeded for ${SECRET}`, $metadata: metadata }),
  },
  {
    name: 'ThrottlingException',
    kind: 'throttling',
    make: () => new ThrottlingException({ message: `Rate of requests exceeds the allowed throughput (${SECRET})`, $metadata: metadata }),
  },
  {
    name: 'RequestLimitExceeded',
    kind: 'throttling',
    make: () => new RequestLimitExceeded({ message: `Account limit exceeded (${SECRET})`, $metadata: metadata }),
  },
  {
    name: 'InternalServerError',
    kind: 'internal',
    make: () => new InternalServerError({ message: `Internal server error at ${SECRET}`, $metadata: { ...metadata, httpStatusCode: 500 } }),
  },
  { name: 'Error (generic)', kind: 'internal', make: () => new Error(`socket hang up talking to ${SECRET}`) },
  { name: 'TimeoutError', kind: 'timeout', make: () => timeoutError('TimeoutError') },
  { name: 'AbortError', kind: 'timeout', make: () => timeoutError('AbortError') },
  {
    name: 'TransactionCanceledException [ThrottlingError]',
    kind: 'throttling',
    transactionOnly: true,
    make: () => transactionCanceled('ThrottlingError'),
  },
];

/**
 * A TransactionCanceledException as DynamoDB sends it: one reason per item of the transaction,
 * the first one's `code`; a failed condition comes with the item as it was (`old`, raw
 * AttributeValues), as ReturnValuesOnConditionCheckFailure ALL_OLD asks.
 */
export function transactionCanceled(code: string, items = 3, old?: Record<string, AttributeValue>): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${code}] (${SECRET})`,
    $metadata: metadata,
    CancellationReasons: Array.from({ length: items }, (_, i) =>
      i === 0 ? { Code: code, Message: `${code} on ${SECRET}`, ...(old ? { Item: old } : {}) } : { Code: 'None' },
    ),
  });
}

/** The payload v2 event API Gateway would send for this request (the local adapter's builder). */
export function v2Event(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const route = matchRoute(method, path);
  if (!route) throw new Error(`No route for ${method} ${path}`);
  const raw = body === undefined ? Buffer.alloc(0) : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const rawHeaders = Object.entries({
    host: 'api.example.test',
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  }).flat();
  return buildEvent({ method, url: `${API_BASE_PATH}${path}`, rawHeaders, body: raw, sourceIp: '203.0.113.7', route });
}

/** One request per route that reaches every DynamoDB call of that route (given a world where records exist). */
export interface RouteRequest {
  label: string;
  routeKey: string;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Status when nothing fails. */
  ok: number;
}

const clienteBody = { nome: 'Padaria', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1500.5 };

/** Every route that touches DynamoDB, with the variants that take different store paths. */
export const ROUTE_REQUESTS: readonly RouteRequest[] = [
  { label: 'list categorias', routeKey: 'GET /categorias', method: 'GET', path: '/categorias', ok: 200 },
  { label: 'get categoria', routeKey: 'GET /categorias/{id}', method: 'GET', path: '/categorias/1', ok: 200 },
  { label: 'create categoria', routeKey: 'POST /categorias', method: 'POST', path: '/categorias', body: { descricao: 'Nova' }, ok: 201 },
  {
    label: 'create categoria with Idempotency-Key',
    routeKey: 'POST /categorias',
    method: 'POST',
    path: '/categorias',
    body: { descricao: 'Nova' },
    headers: { 'idempotency-key': 'k-categoria-1' },
    ok: 201,
  },
  { label: 'update categoria', routeKey: 'PUT /categorias', method: 'PUT', path: '/categorias', body: { id: 1, descricao: 'Outra', versao: 1 }, ok: 200 },
  { label: 'remove categoria', routeKey: 'DELETE /categorias/{id}', method: 'DELETE', path: '/categorias/3', ok: 204 },
  { label: 'list clientes', routeKey: 'GET /produtos', method: 'GET', path: '/produtos', ok: 200 },
  { label: 'get cliente', routeKey: 'GET /produtos/{id}', method: 'GET', path: '/produtos/1', ok: 200 },
  { label: 'create cliente without category', routeKey: 'POST /produtos', method: 'POST', path: '/produtos', body: clienteBody, ok: 201 },
  {
    label: 'create cliente in a category with Idempotency-Key',
    routeKey: 'POST /produtos',
    method: 'POST',
    path: '/produtos',
    body: { ...clienteBody, categoria: { id: 1 } },
    headers: { 'idempotency-key': 'k-produto-1' },
    ok: 201,
  },
  {
    label: 'update cliente, same category',
    routeKey: 'PUT /produtos',
    method: 'PUT',
    path: '/produtos',
    // The stored value (worldAnswer's): no total changes, so the update is a single-item write.
    body: { id: 1, ...clienteBody, valorContrato: 10, categoria: { id: 1 }, versao: 1 },
    ok: 200,
  },
  {
    label: 'update cliente, move to another category',
    routeKey: 'PUT /produtos',
    method: 'PUT',
    path: '/produtos',
    body: { id: 1, ...clienteBody, categoria: { id: 2 } },
    ok: 200,
  },
  { label: 'remove cliente in a category', routeKey: 'DELETE /produtos/{id}', method: 'DELETE', path: '/produtos/1', ok: 204 },
  { label: 'remove cliente without category', routeKey: 'DELETE /produtos/{id}', method: 'DELETE', path: '/produtos/2', ok: 204 },
];

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

// The handler modules, loaded in the test's module graph (so a mock of the client class applies).
const handlerModules = import.meta.glob<{ handler: Handler }>('../../lambdas/handlers/**/*.ts');

/** The handler function of a route, as Lambda calls it. */
export async function handlerFor(routeKey: string): Promise<Handler> {
  const route = routes.find((r) => r.routeKey === routeKey);
  const load = route && handlerModules[`../../lambdas/handlers/${route.handler}.ts`];
  if (!load) throw new Error(`No handler file for ${routeKey}`);
  return (await load()).handler;
}

export interface Invoked {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
  isBase64Encoded: boolean;
}

/** Calls the route's handler with the v2 event of `req` and decodes its result. */
export async function invoke(req: RouteRequest): Promise<Invoked> {
  const result = await (await handlerFor(req.routeKey))(v2Event(req.method, req.path, req.body, req.headers));
  const text = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    body: text === '' || result.isBase64Encoded ? undefined : JSON.parse(text),
    text,
    isBase64Encoded: result.isBase64Encoded ?? false,
  };
}

type Input = Record<string, unknown> & { Key?: { pk: string; sk: number }; ExpressionAttributeValues?: Record<string, unknown> };

/** One DynamoDB call the handler sent, in order. */
export interface SentCall {
  index: number;
  command: string;
  input: Input;
  failed: boolean;
}

/** Decides per call whether it fails (returns the error) or answers as the world does. */
export type FaultPolicy = (call: Omit<SentCall, 'failed'>, sent: readonly SentCall[]) => Error | undefined;

export const COMMANDS = { GetCommand, QueryCommand, UpdateCommand, PutCommand, DeleteCommand, TransactWriteCommand } as const;
export const WRITE_COMMANDS = new Set(['UpdateCommand', 'PutCommand', 'DeleteCommand', 'TransactWriteCommand']);

/**
 * What DynamoDB answers in a world where categories 1–3 (names claimed) and clients 1 (in
 * category 1) and 2 (none) exist.
 */
export function worldAnswer(command: string, input: Input): unknown {
  const key = input.Key;
  // With its totals counted (VIPs' sum included: store/aggregates.ts counts nothing then).
  const categoria = (id: number) => ({ pk: PARTITION_KEYS.categoria, sk: id, descricao: `Categoria ${id}`, [CLIENT_COUNT]: id === 3 ? 0 : 1, vips: 0, soma: id === 3 ? 0 : 1000, somaVip: 0, versao: 1 });
  const claimOf = (pk: string) => /^UNICO#categoria#categoria ([1-3])$/.exec(pk)?.[1];
  const cliente = (id: number) => ({
    pk: PARTITION_KEYS.cliente, sk: id, nome: `Cliente ${id}`, segmento: '', pontoFocal: '', valorContrato: 10, versao: 1,
    ...(id === 1 ? { categoriaId: 1 } : {}),
  });
  switch (command) {
    case 'QueryCommand': {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      return { Items: pk === PARTITION_KEYS.categoria ? [categoria(1), categoria(2)] : [cliente(1), cliente(2)] };
    }
    case 'GetCommand':
      if (key?.pk === NAME_CLAIMS_MARKER.pk) return { Item: { ...NAME_CLAIMS_MARKER, at: '2026-01-01T00:00:00.000Z' } };
      if (key?.pk.startsWith(`${PARTITION_KEYS.unico}#`)) {
        const holder = claimOf(key.pk);
        return holder ? { Item: { ...key, ids: new Set([Number(holder)]) } } : {};
      }
      return { Item: key?.pk === PARTITION_KEYS.categoria ? categoria(key.sk) : cliente(key!.sk) };
    case 'UpdateCommand':
      if (key?.pk === PARTITION_KEYS.sequencia) return { Attributes: { categoria: 7, produto: 7 } };
      if (key?.pk === PARTITION_KEYS.categoria) return { Attributes: { ...categoria(key.sk), descricao: 'Outra', versao: 2 } };
      return { Attributes: { ...cliente(key!.sk), nome: 'Padaria', versao: 2 } };
    default:
      return {};
  }
}

/**
 * Arranges the mock of the document client: every call is recorded and answered as the world
 * does, unless `policy` returns an error for it, which is thrown instead.
 */
export function arrangeWorld(ddb: AwsClientStub<DynamoDBDocumentClient>, policy: FaultPolicy = () => undefined): SentCall[] {
  const sent: SentCall[] = [];
  ddb.reset();
  for (const [name, Command] of Object.entries(COMMANDS)) {
    ddb.on(Command as never).callsFake(async (input: Input) => {
      const call = { index: sent.length, command: name, input };
      const error = policy(call, sent);
      sent.push({ ...call, failed: error !== undefined });
      if (error) throw error;
      return worldAnswer(name, input);
    });
  }
  return sent;
}
