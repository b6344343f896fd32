/** What a handler answers: replies, and how a reply becomes the Lambda result. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LIMITS } from '../contract/limits.ts';
import { corsHeaders } from './cors.ts';
import { compress, negotiateEncoding } from './encoding.ts';
import { header, type HttpEvent } from './request.ts';

export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What a handler's logic returns before rendering (JSON, compression, CORS). */
export interface Reply {
  status: number;
  /** Serialized as JSON; absent for 204. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Set: `body` is a string sent as is with this content type (the calendar feed), not JSON. */
  contentType?: string;
}

/** A JSON reply. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/** A reply of text sent as is (not JSON), with its content type. */
export const textReply = (status: number, body: string, contentType: string, headers?: Record<string, string>): Reply => ({
  status,
  body,
  contentType,
  ...(headers ? { headers } : {}),
});

/** A 204 reply: no body. */
export const noContent = (): Reply => ({ status: 204 });

/**
 * Headers of every API answer, the local gateway's own errors included: nothing may keep one
 * (CloudFront and browsers would serve a stale list, or one user's answer to another).
 */
export const API_RESPONSE_HEADERS = { 'cache-control': 'no-store' } as const;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function mergeVary(headers: Record<string, string>, value: string): void {
  headers.vary = headers.vary ? `${headers.vary}, ${value}` : value;
}

/** Turns a reply into the Lambda result: JSON, compression over the threshold, CORS. */
export function render(reply: Reply, event: HttpEvent): HttpResult {
  const headers: Record<string, string> = { ...API_RESPONSE_HEADERS, ...corsHeaders(header(event, 'origin')), ...reply.headers };
  if (reply.status === 204 || reply.body === undefined) {
    return { statusCode: reply.status, headers };
  }
  headers['content-type'] = reply.contentType ?? JSON_CONTENT_TYPE;
  headers['x-content-type-options'] = 'nosniff';
  const text = reply.contentType !== undefined ? String(reply.body) : JSON.stringify(reply.body);
  if (Buffer.byteLength(text) <= LIMITS.compressAboveBytes) {
    return { statusCode: reply.status, headers, body: text, isBase64Encoded: false };
  }
  mergeVary(headers, 'accept-encoding');
  const encoding = negotiateEncoding(header(event, 'accept-encoding'));
  if (!encoding) return { statusCode: reply.status, headers, body: text, isBase64Encoded: false };
  headers['content-encoding'] = encoding;
  return { statusCode: reply.status, headers, body: compress(Buffer.from(text), encoding).toString('base64'), isBase64Encoded: true };
}

/**
 * Size of a result as Lambda counts it against its response cap (LIMITS.responseBytes): the
 * serialized invocation result. The local gateway measures with the same function.
 */
export function resultBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result ?? null) ?? 'null');
}
