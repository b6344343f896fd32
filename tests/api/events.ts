/**
 * API Gateway v2 events for calling handler functions directly (the mock tests), built by the
 * local adapter's own route matching and event builder, so they match what the server sends.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildEvent } from '../../infra/local/adapter.ts';
import { API_BASE_PATH, matchRoute } from '../../lambdas/routes.ts';

export interface InvokeOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/** The v2 event API Gateway would send for `method path` (path without `/api`). */
export function eventFor(method: string, path: string, options: InvokeOptions = {}) {
  const route = matchRoute(method, path);
  if (!route) throw new Error(`no route for ${method} ${path}`);
  const body =
    options.body === undefined ? Buffer.alloc(0) : Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
  const headers = { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  return {
    route,
    event: buildEvent({
      method,
      url: `${API_BASE_PATH}${path}`,
      rawHeaders: Object.entries(headers).flat(),
      body,
      sourceIp: '127.0.0.1',
      route,
    }),
  };
}

/** Calls the route's real handler function with its v2 event. */
export async function invoke(method: string, path: string, options: InvokeOptions = {}) {
  const { route, event } = eventFor(method, path, options);
  const file = new URL(`../../lambdas/handlers/${route.route.handler}.ts`, import.meta.url).href;
  const mod = (await import(/* @vite-ignore */ file)) as {
    handler: (e: typeof event) => Promise<APIGatewayProxyStructuredResultV2>;
  };
  const result = await mod.handler(event);
  return { event, result, json: decodeBody(result) };
}

/** The result's body as JSON, decoded from base64 and gzip/br when the handler compressed it. */
export function decodeBody(result: APIGatewayProxyStructuredResultV2): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!result.body) return undefined;
  if (!result.isBase64Encoded) return JSON.parse(result.body);
  const bytes = Buffer.from(result.body, 'base64');
  const encoding = result.headers?.['content-encoding'];
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return JSON.parse(plain.toString('utf8'));
}
