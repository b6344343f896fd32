/**
 * The laptop's API Gateway: turns a Node HTTP request under `/api` into the API Gateway HTTP API
 * payload v2 event AWS builds, runs the JWT authorizer when sign-in is on (authorizer.ts), calls
 * the very handler Lambda calls (found through the one route table, lambdas/routes.ts), and
 * writes its result back as API Gateway does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { API_RESPONSE_HEADERS, resultBytes } from '../../lambdas/http/response.ts';
import { API_BASE_PATH, corsOriginsOf, isPublic, matchRoute, type RouteDef, type RouteMatch } from '../../lambdas/routes.ts';
import { createJwtAuthorizer, UNAUTHORIZED, wwwAuthenticate, type JwtAuthorizerConfig } from './authorizer.ts';

/**
 * The `handler` a handler file exports, as Lambda sees it: any function of the event and the
 * context (the gateway turns whatever it returns into a response, as API Gateway does).
 */
export type HandlerExport = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown> | unknown;

/** Loads the handler named in a route row (`categorias/list` → lambdas/handlers/categorias/list.ts). */
export type HandlerLoader = (handlerName: string) => Promise<HandlerExport>;

/** API Gateway's request payload quota for HTTP APIs. */
export const API_GATEWAY_MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/** Stage name: the base path without its slash. */
const STAGE = API_BASE_PATH.replace(/^\//, '');
const ACCOUNT_ID = '000000000000';
const API_ID = 'local';

// ---------------------------------------------------------------------------------------------
// Request → event

/** Content types API Gateway passes as text; any other body (or none declared) goes base64. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/graphql'
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `22/Nov/2026:07:45:52 +0000`, the format of `requestContext.time`. */
function requestTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`
  );
}

/** An id shaped like API Gateway's (`JKJaXmPLvHcESHA=`). */
function newRequestId(): string {
  return randomBytes(10).toString('base64');
}

function parseQuery(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  // API Gateway joins repeated parameters with commas.
  for (const [k, v] of new URLSearchParams(raw)) out[k] = k in out ? `${out[k]},${v}` : v;
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface EventInput {
  method: string;
  /** The raw request target: path (with `/api`) and query string. */
  url: string;
  /** Node's `rawHeaders` (name, value, name, value …). */
  rawHeaders: readonly string[];
  body: Buffer;
  sourceIp: string;
  route: RouteMatch;
  requestId?: string;
  now?: Date;
  localPort?: number;
  /** `HTTP/1.1` unless told otherwise. */
  protocol?: string;
}

/** Builds the payload v2 event API Gateway sends to the route's Lambda. */
export function buildEvent(input: EventInput): APIGatewayProxyEventV2 {
  const { method, url, rawHeaders, body, route } = input;
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rawQueryString = q < 0 ? '' : url.slice(q + 1);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    if (name === 'cookie') {
      // API Gateway moves cookies out of the headers into their own array.
      cookies.push(...value.split(';').map((c) => c.trim()).filter(Boolean));
    } else {
      headers[name] = name in headers ? `${headers[name]},${value}` : value;
    }
  }
  const sourceIp = input.sourceIp.replace(/^::ffff:/, '');
  // Headers API Gateway adds on its way in.
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  if (input.localPort) headers['x-forwarded-port'] ??= String(input.localPort);
  if (body.length > 0) headers['content-length'] = String(body.length);

  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const now = input.now ?? new Date();
  const requestId = input.requestId ?? newRequestId();
  const queryStringParameters = parseQuery(rawQueryString);
  const text = isTextContentType(headers['content-type']);

  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route.route.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: ACCOUNT_ID,
      apiId: API_ID,
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: {
        method,
        path: rawPath,
        protocol: input.protocol ?? 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: route.route.routeKey,
      stage: STAGE,
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(route.pathParameters ? { pathParameters: route.pathParameters } : {}),
    ...(body.length > 0 ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
  return event;
}

// ---------------------------------------------------------------------------------------------
// Result → response

/** The HTTP response the gateway writes. */
export interface GatewayResponse {
  statusCode: number;
  /** Header name → values (`set-cookie` may repeat). */
  headers: Record<string, string[]>;
  body: Buffer;
}

/** The gateway's own JSON errors (never cached, as every API answer). */
function jsonError(statusCode: number, body: Record<string, string>, requestId: string, extra: Record<string, string> = {}): GatewayResponse {
  const headers: Record<string, string[]> = { 'content-type': ['application/json; charset=utf-8'], 'apigw-requestid': [requestId] };
  for (const [name, value] of Object.entries({ ...API_RESPONSE_HEADERS, ...extra })) headers[name] = [value];
  return { statusCode, headers, body: Buffer.from(JSON.stringify(body)) };
}

/** Lambda's and API Gateway's answer when a handler fails: no internals. */
export function internalError(requestId: string): GatewayResponse {
  return jsonError(500, { mensagem: MESSAGES.erroInterno }, requestId);
}

/**
 * Maps a handler result to the HTTP response as API Gateway's payload v2 does: a structured
 * result (with `statusCode`) is taken as is; anything else is a 200 JSON whose body is the
 * result (a string as is, other values JSON-encoded).
 */
export function toGatewayResponse(result: unknown, requestId: string): GatewayResponse {
  if (resultBytes(result) > LIMITS.responseBytes) {
    // Lambda refuses to return it; API Gateway turns that into a gateway error.
    return jsonError(502, { mensagem: MESSAGES.respostaGrande }, requestId);
  }
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2 & {
          multiValueHeaders?: Record<string, (string | number | boolean)[]>;
        })
      : undefined;
  if (!structured) {
    const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? 'null');
    return {
      statusCode: 200,
      headers: { 'content-type': ['application/json'], 'apigw-requestid': [requestId] },
      body: Buffer.from(body),
    };
  }
  const status = Number(structured.statusCode);
  if (!Number.isInteger(status) || status < 100 || status > 599) return internalError(requestId);

  const headers: Record<string, string[]> = {};
  const add = (name: string, value: unknown) => {
    const key = name.toLowerCase();
    (headers[key] ??= []).push(String(value));
  };
  for (const [k, v] of Object.entries(structured.headers ?? {})) add(k, v);
  for (const [k, vs] of Object.entries(structured.multiValueHeaders ?? {})) {
    // A key in both maps: the multi-value list wins, as in API Gateway's v1 merge.
    delete headers[k.toLowerCase()];
    for (const v of vs) add(k, v);
  }
  for (const c of structured.cookies ?? []) add('set-cookie', c);
  headers['apigw-requestid'] = [requestId];

  const raw = structured.body ?? '';
  const body = structured.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  return { statusCode: status, headers, body };
}

// ---------------------------------------------------------------------------------------------
// Handler loading: one module graph, under vitest, tsx and a plain-Node Vite config alike

/** Where the handler files live (`<name>.ts` per route row). */
export const HANDLERS_DIR = fileURLToPath(new URL('../../lambdas/handlers/', import.meta.url));

type TsxNamespace = { import: (specifier: string, parent: string) => Promise<Record<string, unknown>> };
let tsxNamespace: Promise<TsxNamespace> | undefined;

/** Imports a TypeScript file: natively when the runtime can (vitest, tsx), else through tsx. */
async function importTs(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  try {
    return (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const cannotLoadTs =
      code === 'ERR_UNKNOWN_FILE_EXTENSION' ||
      code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX' ||
      code === 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING' ||
      code === 'ERR_MODULE_NOT_FOUND';
    if (!cannotLoadTs) throw err;
  }
  // One tsx namespace for every handler, so they share one module graph (one SDK client).
  tsxNamespace ??= import('tsx/esm/api').then(({ register }) => register({ namespace: 'clientela-local-api' }));
  return (await tsxNamespace).import(url, import.meta.url);
}

/** The default loader: `lambdas/handlers/<name>.ts`, export `handler`, cached per name. */
export function defaultHandlerLoader(handlersDir: string = HANDLERS_DIR): HandlerLoader {
  const cache = new Map<string, Promise<HandlerExport>>();
  return (name) => {
    let p = cache.get(name);
    if (!p) {
      p = importTs(path.join(handlersDir, `${name}.ts`)).then((mod) => {
        if (typeof mod.handler !== 'function') {
          throw new Error(`lambdas/handlers/${name}.ts does not export a function named "handler"`);
        }
        return mod.handler as HandlerExport;
      });
      // A failed load (e.g. a syntax error being fixed) is retried on the next request.
      p.catch(() => cache.delete(name));
      cache.set(name, p);
    }
    return p;
  };
}

function lambdaContext(route: RouteDef, awsRequestId: string): Context {
  const deadline = Date.now() + 30_000;
  const functionName = `clientela-local-${route.name}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:${ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The middleware

export interface ApiMiddlewareOptions {
  /** How handlers are found; default: lambdas/handlers/<name>.ts. Tests inject fixtures. */
  loadHandler?: HandlerLoader;
  /** Where failures are logged (default: console.error). */
  logError?: (line: string) => void;
  /**
   * Sign-in on: the JWT authorizer's issuer and audience (authorizer.ts), run on every route but
   * an OPTIONS preflight. Absent: no authorizer (AUTH=off, the spec's open mode).
   */
  jwtAuthorizer?: JwtAuthorizerConfig;
}

export type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Reads the body, or returns undefined once it passes `max` bytes. */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, result: GatewayResponse, extra: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  for (const [k, vs] of Object.entries(result.headers)) {
    // Node computes these from the body it sends.
    if (k === 'content-length' || k === 'transfer-encoding') continue;
    res.setHeader(k, k === 'set-cookie' || vs.length > 1 ? vs : vs[0]!);
  }
  res.statusCode = result.statusCode;
  res.setHeader('content-length', String(result.body.length));
  res.end(result.body);
}

/** True for `/api` and `/api/...` (the only paths the middleware answers). */
export function isApiPath(url: string): boolean {
  const p = url.split('?')[0]!;
  return p === API_BASE_PATH || p.startsWith(`${API_BASE_PATH}/`);
}

/**
 * Connect-style middleware answering every request under `/api` through the route table and the
 * Lambda handlers; other paths go to `next()`. Mount it without a path prefix (it reads the full
 * URL; `originalUrl` is honoured when a framework strips a mount path).
 */
export function createApiMiddleware(options: ApiMiddlewareOptions = {}): ConnectMiddleware {
  const loadHandler = options.loadHandler ?? defaultHandlerLoader();
  const logError = options.logError ?? ((line: string) => console.error(line));
  const authorize = options.jwtAuthorizer && createJwtAuthorizer(options.jwtAuthorizer);

  return (req, res, next) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    if (!isApiPath(url)) {
      next();
      return;
    }
    void (async () => {
      const requestId = newRequestId();
      const method = (req.method ?? 'GET').toUpperCase();
      const rawPath = url.split('?')[0]!;
      const route = matchRoute(method, rawPath.slice(API_BASE_PATH.length) || '/');
      try {
        const body = await readBody(req, API_GATEWAY_MAX_REQUEST_BYTES);
        if (body === undefined) {
          // API Gateway refuses it before any Lambda runs, with its own error shape.
          req.resume();
          send(res, jsonError(413, { message: 'Request Entity Too Large' }, requestId), { connection: 'close' });
          return;
        }
        if (!route) {
          send(res, jsonError(404, { message: 'Not Found' }, requestId));
          return;
        }
        const event = buildEvent({
          method,
          url,
          rawHeaders: req.rawHeaders,
          body,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          route,
          requestId,
          localPort: req.socket.localPort,
          protocol: `HTTP/${req.httpVersion}`,
        });
        // With a CORS allow-list API Gateway answers OPTIONS itself, before the authorizer (the
        // handlers' preflight stands in for it here); without one, OPTIONS falls to `$default`,
        // behind the authorizer like every route.
        const gatewayPreflight = method === 'OPTIONS' && corsOriginsOf(process.env.CORS_ORIGINS).length > 0;
        // The row marked public (the calendar feed) has no authorizer, as in the cloud.
        if (authorize && !gatewayPreflight && !isPublic(route.route)) {
          // API Gateway answers a refused token itself: no function runs.
          const authorization = await authorize(event.headers.authorization);
          if (!authorization.ok) {
            send(res, jsonError(UNAUTHORIZED.status, UNAUTHORIZED.body, requestId, { 'www-authenticate': wwwAuthenticate(authorization.reason) }));
            return;
          }
          (event.requestContext as { authorizer?: unknown }).authorizer = authorization.authorizer;
        }
        let result: GatewayResponse;
        try {
          const handler = await loadHandler(route.route.handler);
          result = toGatewayResponse(await handler(event, lambdaContext(route.route, randomUUID())), requestId);
        } catch (err) {
          logError(
            JSON.stringify({
              level: 'error',
              msg: 'handler failed',
              requestId,
              routeKey: route.route.routeKey,
              handler: route.route.handler,
              error: err instanceof Error ? err.stack ?? err.message : String(err),
            }),
          );
          result = internalError(requestId);
        }
        if (result.statusCode === 502) {
          logError(JSON.stringify({ level: 'error', msg: 'response over Lambda cap', requestId, routeKey: route.route.routeKey }));
        }
        send(res, result);
      } catch (err) {
        // The gateway itself failed (a result it can't send, …): API Gateway's own 500, never
        // cached like every API answer; not the next middleware's (Vite's page has no no-store).
        logError(JSON.stringify({ level: 'error', msg: 'gateway failed', requestId, error: err instanceof Error ? err.stack ?? err.message : String(err) }));
        if (res.headersSent) {
          res.destroy(err as Error);
          return;
        }
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        send(res, jsonError(500, { message: 'Internal Server Error' }, requestId));
      }
    })();
  };
}
