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
}

const route = (method: HttpMethod, path: string, handler: string, name: string): RouteDef => ({
  routeKey: `${method} ${path}`,
  method,
  path,
  handler,
  name,
});

export const routes: readonly RouteDef[] = [
  route('GET', '/categorias', 'categorias/list', 'ListCategorias'),
  route('GET', '/categorias/{id}', 'categorias/get', 'GetCategoria'),
  route('POST', '/categorias', 'categorias/create', 'CreateCategoria'),
  route('PUT', '/categorias', 'categorias/update', 'UpdateCategoria'),
  route('DELETE', '/categorias/{id}', 'categorias/remove', 'RemoveCategoria'),
  route('GET', '/produtos', 'produtos/list', 'ListProdutos'),
  route('GET', '/produtos/{id}', 'produtos/get', 'GetProduto'),
  route('POST', '/produtos', 'produtos/create', 'CreateProduto'),
  route('PUT', '/produtos', 'produtos/update', 'UpdateProduto'),
  route('DELETE', '/produtos/{id}', 'produtos/remove', 'RemoveProduto'),
  // Everything else: 404 JSON, or 405 JSON for a known path with another method.
  { routeKey: '$default', method: 'ANY', path: '/{proxy+}', handler: 'fallback', name: 'Fallback' },
];

/** The base path: the HTTP API stage name in the cloud, the mount point locally. */
export const API_BASE_PATH = '/api';
