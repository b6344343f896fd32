import { API_BASE } from '../config.ts';
import { accessToken, expire, tokenAfterRefusal } from '../lib/session.ts';

/** A non-2xx answer from the API. `mensagem` is the API's own reason when it sent `{mensagem}`. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The API's Portuguese reason (`{ "mensagem": ... }`), if the body carried one. */
  readonly mensagem: string | undefined;
  /** The wire field the error concerns (`"valorContrato"`, `"categoria.id"`), when the API named one. */
  readonly campo: string | undefined;

  constructor(status: number, mensagem: string | undefined, detail?: string, campo?: string) {
    super(mensagem ?? detail ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.mensagem = mensagem;
    this.campo = campo;
  }
}

/** The API's reason carried by an error, if any (network errors and bare statuses have none). */
export const reasonOf = (err: unknown): string | undefined =>
  err instanceof ApiRequestError ? err.mensagem : undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's fetch priority (a read ahead of need goes `low`). */
  priority?: RequestPriority;
}

let writes = 0;
const writeListeners = new Set<() => void>();

/**
 * How many writes (any call but GET) have got an answer so far: a read begun before the count
 * moved may hold what a write changed.
 */
export const writeCount = (): number => writes;

/** `listener` runs after each write's answer (success or not); returns the unsubscribe. */
export function onWrite(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}

function noteWrite() {
  writes++;
  for (const listener of [...writeListeners]) listener();
}

/** Reads an error body without ever throwing: API Gateway may answer `{message}`, HTML or nothing. */
async function readError(res: Response): Promise<{ mensagem?: string; detail?: string; campo?: string }> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return {};
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { mensagem, message, campo } = body as { mensagem?: unknown; message?: unknown; campo?: unknown };
      if (typeof mensagem === 'string' && mensagem) return typeof campo === 'string' && campo ? { mensagem, campo } : { mensagem };
      if (typeof message === 'string' && message) return { detail: message };
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): keep a short excerpt for the console only.
  }
  return { detail: text.slice(0, 200) || undefined };
}

/**
 * The one API client: calls `${API_BASE}${path}` (relative, same origin), sends JSON, and
 * returns the parsed JSON body (undefined for 204 or an empty body). With sign-in on, every call
 * carries the access token; a 401 gets one renewal and one retry, and a second 401 ends the
 * session (/entrar says it expired).
 * @throws ApiRequestError on any non-2xx status, carrying the status and the API's `mensagem`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal, priority } = options;
  const json = body === undefined ? undefined : JSON.stringify(body);
  const send = (token: string | undefined) =>
    fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: json,
      signal,
      ...(priority ? { priority } : {}),
    });
  let token = await accessToken();
  let res: Response;
  try {
    res = await send(token);
    if (res.status === 401 && token) {
      token = await tokenAfterRefusal(token);
      if (token) {
        res = await send(token);
        if (res.status === 401) expire();
      }
    }
  } finally {
    // A lost answer may still have been a stored write: counted either way.
    if (method !== 'GET') noteWrite();
  }
  if (!res.ok) {
    const { mensagem, detail, campo } = await readError(res);
    throw new ApiRequestError(res.status, mensagem, detail, campo);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiRequestError(res.status, undefined, 'Resposta inválida do servidor.');
  }
}

/** SWR fetcher: the key is the API path (`/categorias`). */
export const fetcher = <T>(path: string): Promise<T> => apiRequest<T>(path);

/** A fresh idempotency key: one per form submission. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/** When a request is sent again: how many attempts in all, which failures are worth another, the wait before the next. */
export interface RetryPolicy {
  attempts: number;
  retriable: (err: unknown) => boolean;
  /** Milliseconds to wait after failed attempt `attempt` (1-based); 0 sends again at once. */
  delayMs: (attempt: number) => number;
}

/** A create: only a lost connection is retried, at once; an HTTP answer is final. */
export const CREATE_RETRY: RetryPolicy = { attempts: 2, retriable: (err) => !(err instanceof ApiRequestError), delayMs: () => 0 };

/** The one retry loop of the web: `send` again while `policy` says the failure is worth it. */
export async function withRetries<T>(send: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (attempt >= policy.attempts || !policy.retriable(err)) throw err;
      const wait = policy.delayMs(attempt);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * POST that creates a record once: the same Idempotency-Key is reused when the request is
 * retried after a network failure (the server then answers with the first result).
 */
export const createOnce = <T>(path: string, body: unknown, key: string): Promise<T> =>
  withRetries(() => apiRequest<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } }), CREATE_RETRY);
