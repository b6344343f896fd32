/** Reading a request: headers, the JSON body, path ids, the Idempotency-Key, the path. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { TIPOS } from '../contract/fields.ts';
import { ID_PATTERN, LIMITS } from '../contract/limits.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { ParseResult } from '../contract/schemas.ts';
import type { Tipo } from '../contract/types.ts';
import { BadRequestError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.ts';

export type HttpEvent = APIGatewayProxyEventV2;

/** A request header by name (API Gateway lower-cases names; direct calls may not). */
export function header(event: HttpEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const lower = name.toLowerCase();
  if (headers[lower] !== undefined) return headers[lower];
  const found = Object.keys(headers).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : headers[found];
}

/**
 * True for application/json and any application/*+json, in UTF-8: a charset parameter, when
 * given, must be utf-8 (JSON is UTF-8 by RFC 8259; latin1 bytes would be stored garbled).
 */
export function isJsonContentType(contentType: string): boolean {
  const [media = '', ...params] = contentType.split(';');
  const type = media.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type)) return false;
  const charset = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
  return charset === undefined || /^charset="?utf-?8"?$/.test(charset);
}

/** Strict UTF-8: invalid bytes throw instead of becoming U+FFFD; a leading BOM is dropped. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as parsed JSON, checked in this order: a content type present and not JSON
 * in UTF-8 → 415; no body → 400; no content type → 415 (a cross-site page can send a body
 * without one and no CORS preflight: requiring JSON keeps every write behind the allow-list);
 * over `maxBytes` (LIMITS.bodyBytes unless the route has its own) of decoded bytes → 413; bytes that are not UTF-8 → 400; nested deeper
 * than LIMITS.bodyDepth → 400; malformed JSON → 400; JSON that is not an object → 400.
 */
export function readJsonBody(event: HttpEvent, maxBytes: number = LIMITS.bodyBytes): Record<string, unknown> {
  const contentType = header(event, 'content-type')?.trim() ?? '';
  if (contentType !== '' && !isJsonContentType(contentType)) throw new UnsupportedMediaTypeError(MESSAGES.tipoConteudo);
  if (event.body === undefined || event.body === null || event.body === '') {
    throw new BadRequestError(MESSAGES.corpoAusente);
  }
  if (contentType === '') throw new UnsupportedMediaTypeError(MESSAGES.tipoConteudo);
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.length > maxBytes) throw new PayloadTooLargeError(MESSAGES.corpoGrande(maxBytes));
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new BadRequestError(MESSAGES.corpoNaoUtf8);
  }
  if (jsonDepth(text) > LIMITS.bodyDepth) throw new BadRequestError(MESSAGES.corpoAninhado(LIMITS.bodyDepth));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestError(MESSAGES.jsonInvalido);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequestError(MESSAGES.corpoNaoObjeto);
  }
  return parsed as Record<string, unknown>;
}

/**
 * The deepest nesting of arrays and objects in a JSON text (brackets inside strings don't
 * count), found in one pass without parsing: a deeply nested body is refused even in a field
 * that would be ignored.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The validated value, or a 400 with the validation message and the field it concerns. */
export function validOr400<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new BadRequestError(result.mensagem, result.campo);
  return result.value;
}

/**
 * A path id: one that does not match ID_PATTERN (`1e3`, `0x10`, `-1`, `01`, 17 digits) is a
 * 400. One that matches but is past the largest safe integer can't name a record (ids come from
 * a counter and are exact numbers): 404 with `notFound`, never a lookup of a rounded number.
 */
export function parseId(raw: string | undefined, notFound: string): number {
  if (raw === undefined || !ID_PATTERN.test(raw)) throw new BadRequestError(MESSAGES.idInvalido);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new NotFoundError(notFound);
  return id;
}

/** The `{id}` path parameter as a number (400 when invalid; 404 with `notFound` when out of range). */
export const pathId = (event: HttpEvent, notFound: string): number => parseId(event.pathParameters?.id, notFound);

/** A query string parameter (API Gateway decodes them; a repeated one arrives comma-joined). */
export const queryParam = (event: HttpEvent, name: string): string | undefined => event.queryStringParameters?.[name];

/** The `?limit` of a paged list: 1 to LIMITS.page.max (400 otherwise), LIMITS.page.default when absent. */
const LIMIT_PATTERN = /^[1-9][0-9]{0,2}$/;

/**
 * `?limit=&cursor=` of a paged list. The limit is checked here; the cursor is opaque and passed
 * on as sent (the service refuses one the API did not give out). An empty cursor is no cursor.
 */
export function pageOf(event: HttpEvent): { limit: number; cursor?: string } {
  const raw = queryParam(event, 'limit');
  let limit: number = LIMITS.page.default;
  if (raw !== undefined) {
    if (!LIMIT_PATTERN.test(raw) || Number(raw) > LIMITS.page.max) throw new BadRequestError(MESSAGES.limiteInvalido(LIMITS.page.max));
    limit = Number(raw);
  }
  const cursor = queryParam(event, 'cursor');
  return cursor ? { limit, cursor } : { limit };
}

/** The `{tipo}` path parameter: `produto` or `categoria` (400 otherwise). */
export function pathTipo(event: HttpEvent): Tipo {
  const tipo = event.pathParameters?.tipo;
  if (!(TIPOS as readonly (string | undefined)[]).includes(tipo)) throw new BadRequestError(MESSAGES.tipoInvalido);
  return tipo as Tipo;
}

/**
 * The request path relative to the base path. Only the `$default` route needs it (it has no
 * route key path): from the `proxy` parameter when present, else from requestContext.http.path
 * without the stage prefix.
 */
export function requestPath(event: HttpEvent): string {
  const proxy = event.pathParameters?.proxy;
  if (proxy !== undefined) return `/${proxy}`;
  const path = event.requestContext?.http?.path ?? '/';
  const stage = event.requestContext?.stage;
  if (stage && stage !== '$default' && (path === `/${stage}` || path.startsWith(`/${stage}/`))) {
    return path.slice(stage.length + 1) || '/';
  }
  return path;
}
