/**
 * A fake Cognito behind `fetch` for the sign-in component tests: Cognito's JSON API at the
 * configured endpoint (dispatched on X-Amz-Target), the app's API beside it, and access tokens
 * shaped as Cognito's (unsigned: the web only reads them).
 */
import { vi } from 'vitest';
import type { CognitoConfig } from '../../web/src/lib/auth-config.ts';
import { json } from './helpers.tsx';

export const CONFIG: CognitoConfig = {
  auth: 'cognito',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  clientId: 'client-test',
  cognitoEndpoint: '/cognito/',
  sessionDays: 30,
};

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

let serial = 0;
/** An access token for `email` (admin: in the admin group), valid `seconds` from now (by Date.now: fake timers move it). */
export function accessToken(email: string, { admin = false, seconds = 3600 } = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload = { sub: `sub-${email}`, username: email, token_use: 'access', client_id: CONFIG.clientId, iat, exp: iat + seconds, jti: String(++serial), ...(admin ? { 'cognito:groups': ['admin'] } : {}) };
  return `${b64({ alg: 'RS256', kid: 'test' })}.${b64(payload)}.sig`;
}

/** Cognito's answer with tokens (a renewal's carries no RefreshToken). */
export const tokens = (email: string, opts: { admin?: boolean; seconds?: number; refresh?: string | null } = {}) =>
  json(200, {
    AuthenticationResult: {
      AccessToken: accessToken(email, opts),
      IdToken: 'id-token',
      ...(opts.refresh === null ? {} : { RefreshToken: opts.refresh ?? `refresh-${email}` }),
      TokenType: 'Bearer',
    },
  });

/** Cognito's error answer. */
export const refused = (type: string, message: string, status = 400) => json(status, { __type: type, message });

export interface CognitoCall {
  op: string;
  body: Record<string, unknown>;
}
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/** A reply, or a function of the request (its JSON body, authorization header and URL, for a query). */
type Reply = Response | ((body: Record<string, unknown>, authorization: string | undefined, url: URL) => Response | Promise<Response>);

/**
 * Replaces fetch: `cognito` maps an operation (`InitiateAuth`) to replies used in order (the last
 * repeats); `api` maps "METHOD /api/path" likewise. Anything else: 404.
 */
export function fakeBackend({ cognito = {}, api = {} }: { cognito?: Record<string, Reply | Reply[]>; api?: Record<string, Reply | Reply[]> }) {
  const cognitoCalls: CognitoCall[] = [];
  const apiCalls: ApiCall[] = [];
  const used = new Map<string, number>();
  const pick = async (table: Record<string, Reply | Reply[]>, key: string, body: Record<string, unknown>, url: URL, authorization?: string) => {
    const entry = table[key];
    if (entry === undefined) return undefined;
    const list = Array.isArray(entry) ? entry : [entry];
    const i = used.get(key) ?? 0;
    used.set(key, i + 1);
    const reply = list[Math.min(i, list.length - 1)]!;
    return (typeof reply === 'function' ? await reply(body, authorization, url) : reply).clone();
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === CONFIG.cognitoEndpoint) {
      const op = String(headers['x-amz-target']).split('.').pop()!;
      cognitoCalls.push({ op, body });
      return (await pick(cognito, op, body, url)) ?? refused('UnknownOperationException', op);
    }
    const method = init?.method ?? 'GET';
    apiCalls.push({ method, path: url.pathname, body: init?.body ? body : undefined, authorization: headers.authorization });
    return (await pick(api, `${method} ${url.pathname}`, body, url, headers.authorization)) ?? json(404, { mensagem: `sem rota de teste: ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    cognitoCalls,
    apiCalls,
    calls: (op: string) => cognitoCalls.filter((c) => c.op === op),
  };
}
