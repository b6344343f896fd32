/**
 * THE route table: data only (no handler imports), read by the CDK stack (one function per row)
 * and by the local server. Paths are relative to the `/api` base path (the HTTP API stage in the
 * cloud, the mount point locally). `handler` names the file `lambdas/handlers/<handler>.ts`,
 * which exports `handler(event: APIGatewayProxyEventV2)`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** API Gateway route key: `METHOD /path` or `$default` for the catch-all. */
  readonly routeKey: string;
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly handler: string;
  /** Construct-id friendly name, stable across deploys. */
  readonly name: string;
  /**
   * The DynamoDB IAM actions the handler's store calls need (a transaction needs the item
   * actions it contains). The CDK stack grants exactly these; a test checks them against the
   * calls the handler really makes.
   */
  readonly actions: readonly DynamoAction[];
}

export type DynamoAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:ConditionCheckItem';

const route = (
  method: HttpMethod,
  path: string,
  handler: string,
  name: string,
  actions: readonly DynamoAction[],
): RouteDef => ({ routeKey: `${method} ${path}`, method, path, handler, name, actions });

const GET = 'dynamodb:GetItem';
const QUERY = 'dynamodb:Query';
const PUT = 'dynamodb:PutItem';
const UPDATE = 'dynamodb:UpdateItem';
const DELETE = 'dynamodb:DeleteItem';

export const routes: readonly RouteDef[] = [
  route('GET', '/categorias', 'categorias/list', 'ListCategorias', [QUERY]),
  route('GET', '/categorias/{id}', 'categorias/get', 'GetCategoria', [GET]),
  route('POST', '/categorias', 'categorias/create', 'CreateCategoria', [PUT, UPDATE]),
  route('PUT', '/categorias', 'categorias/update', 'UpdateCategoria', [UPDATE]),
  route('DELETE', '/categorias/{id}', 'categorias/remove', 'RemoveCategoria', [DELETE]),
  route('GET', '/produtos', 'produtos/list', 'ListProdutos', [QUERY]),
  route('GET', '/produtos/{id}', 'produtos/get', 'GetProduto', [GET]),
  route('POST', '/produtos', 'produtos/create', 'CreateProduto', [GET, PUT, UPDATE]),
  route('PUT', '/produtos', 'produtos/update', 'UpdateProduto', [GET, UPDATE]),
  route('DELETE', '/produtos/{id}', 'produtos/remove', 'RemoveProduto', [GET, DELETE, UPDATE]),
  // Everything else: 404 JSON, or 405 JSON for a known path with another method.
  { routeKey: '$default', method: 'ANY', path: '/{proxy+}', handler: 'fallback', name: 'Fallback', actions: [] },
];

/** The base path: the HTTP API stage name in the cloud, the mount point locally. */
export const API_BASE_PATH = '/api';

/**
 * The secret header CloudFront adds to every `/api/*` request it forwards. Where the functions'
 * environment names a value (`env`), the HTTP layer refuses a request without that exact header
 * value, so the execute-api URL can't bypass CloudFront; locally the variable is unset and the
 * check is off.
 */
export const ORIGIN_VERIFY = { header: 'x-clientela-origin', env: 'ORIGIN_VERIFY_SECRET' } as const;
