/**
 * The local API alone: a plain Node HTTP server with the API middleware at `/api`, the sign-in
 * routes (`/config.json`, the `/cognito/` proxy: auth-routes.ts) and a JSON 404 everywhere else.
 * Used by `npm run api` and the API tests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_RESPONSE_HEADERS } from '../../lambdas/http/response.ts';
import { API_BASE_PATH } from '../../lambdas/routes.ts';
import { createApiMiddleware, type ApiMiddlewareOptions } from './adapter.ts';
import { createAuthRoutes, type AuthRoutesOptions } from './auth-routes.ts';
import { localAuthorizerConfig } from './authorizer.ts';
import { createHostCheck } from './host-check.ts';

export interface LocalApiOptions extends ApiMiddlewareOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: a laptop API is not for the network. */
  host?: string;
  /**
   * The local user pool for `/config.json`, `/cognito/` and the JWT authorizer of every API route;
   * absent: sign-in off (`{"auth":"off"}`, no authorizer).
   */
  auth?: AuthRoutesOptions;
}

export interface LocalApi {
  /** `http://HOST:PORT/api` */
  readonly url: string;
  readonly port: number;
  readonly server: http.Server;
  /** Stops accepting connections and closes the idle ones. */
  close(): Promise<void>;
}

/** Starts the local API server; resolves once it listens. */
export async function startLocalApi(options: LocalApiOptions = {}): Promise<LocalApi> {
  const { port = 0, host = '127.0.0.1', auth = {}, ...middlewareOptions } = options;
  const api = createApiMiddleware({
    ...middlewareOptions,
    ...(auth.identity ? { jwtAuthorizer: localAuthorizerConfig(auth.identity) } : {}),
  });
  const authRoutes = createAuthRoutes(auth);
  const hostCheck = createHostCheck(host);
  const server = http.createServer((req, res) => {
    const notFound = (err?: unknown) => {
      if (err) console.error(err);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = err ? 500 : 404;
      for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) res.setHeader(name, value);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ message: err ? 'Internal Server Error' : 'Not Found' }));
    };
    hostCheck(req, res, () => authRoutes(req, res, (err?: unknown) => (err ? notFound(err) : api(req, res, notFound))));
  });
  // Keep-alive sockets from test clients must not hold close() open.
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${actual}${API_BASE_PATH}`,
    port: actual,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
