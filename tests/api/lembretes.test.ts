/**
 * The reminders against the real local server with sign-in on (cognito-local, DynamoDB Local):
 * the private calendar feed's secret (made, parsed with ical.js, wrong, someone else's, replaced,
 * revoked at once, a disabled person's), the one public route (no token needed, none honoured;
 * under attack: another Host, extra or encoded segments, other methods, huge secrets, and no other
 * route reachable without a token, as the cloud's authorizer marks it),
 * the morning e-mail's switch, and the open mode (no feed, no e-mail).
 * The tarefas are real: made through POST /api/tarefas by each person, read from the agenda index.
 */
import ICAL from 'ical.js';
import { AdminCreateUserCommand, AdminDisableUserCommand, AdminEnableUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import type { CalendarioCriado, Lembretes } from '../../lambdas/contract/types.ts';
import type { Cliente, Tarefa } from '../../lambdas/contract/types.ts';
import { startLocalCognito, type LocalIdentity } from '../../infra/local/user-pool.ts';
import { adminClient, signIn, type Tokens } from '../support/cognito.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { API_BASE_PATH, isPublic, routes } from '../../lambdas/routes.ts';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import { call as rawCall, startApi, type ApiResponse, type TestApi } from './helpers.ts';

let identity: LocalIdentity;
let api: TestApi;
let proxy: string;
const PASSWORD = 'Senha-Forte-2026!';
const ANA = 'ana@empresa.com.br';
const BRUNO = 'bruno@empresa.com.br';
const tokens: Record<string, Tokens> = {};

/** The clients' names the feed shows (escaping: comma, semicolon, backslash; folding: a long one). */
const PADARIA = 'Padaria Pão, Café; e Cia \\ Ltda';
const CONSTRUTORA = `Construtora ${'Muito Longa '.repeat(8)}Ação`;
/** Each person's tarefa ids, by what the test calls them. */
const ids: Record<string, number> = {};

async function member(email: string): Promise<Tokens> {
  const cognito = adminClient(identity);
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: identity.userPoolId, Username: email, MessageAction: 'SUPPRESS' }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
  return signIn(proxy, identity.clientId, email, PASSWORD);
}

beforeAll(async () => {
  identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
  api = await startApi({ identity, loadHandler: loadHandlerInTestGraph });
  proxy = `${new URL(api.baseUrl).origin}/cognito/`;
  tokens[ANA] = await member(ANA);
  tokens[BRUNO] = await member(BRUNO);
  const padaria = await post<Cliente>(ANA, '/produtos', { nome: PADARIA, valorContrato: 100, categoria: null });
  const construtora = await post<Cliente>(ANA, '/produtos', { nome: CONSTRUTORA, valorContrato: 100, categoria: null });
  const oficina = await post<Cliente>(BRUNO, '/produtos', { nome: 'Oficina do Bruno', valorContrato: 100, categoria: null, email: 'oficina@bruno.com.br' });
  const tarefa = async (email: string, body: Record<string, unknown>) => (await post<Tarefa>(email, '/tarefas', { descricao: 'Não vai ao calendário', responsavel: email, ...body })).id;
  ids.ligacao = await tarefa(ANA, { cliente: padaria.id, tipo: 'ligacao', quando: '2026-11-27T10:00:00-03:00', duracaoMin: 30 });
  ids.reuniao = await tarefa(ANA, { cliente: construtora.id, tipo: 'reuniao', quando: '2026-11-27T23:30:00-03:00' });
  // Done, or someone else's: never in Ana's feed.
  await tarefa(ANA, { cliente: padaria.id, tipo: 'email', quando: '2026-11-26T10:00:00-03:00', concluida: true, resultado: 'Feito' });
  ids.visita = await tarefa(BRUNO, { cliente: oficina.id, tipo: 'visita', quando: '2026-11-30T09:00:00-03:00', duracaoMin: 90 });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await identity?.stop();
});

const validator = createOpenApiValidator(buildOpenApiDocument());
/** `METHOD /template STATUS` of every validated answer. */
const reached = new Set<string>();
const templateOf = (path: string) => path.replace(/^\/calendario\/[^/]+$/, '/calendario/{segredo}');

/** A call whose JSON answer is checked against the OpenAPI document. */
async function call<T = unknown>(api: TestApi, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
  const res = await rawCall<T>(api, method, path, body, headers);
  const template = templateOf(path);
  if (res.status !== 401) {
    expect(validator.checkResponse(method, template, res.status, res.body), `${method} ${path} → ${res.status} ${res.text}`).toEqual([]);
    reached.add(`${method} ${template} ${res.status}`);
  }
  return res;
}

const as = (email: string) => ({ authorization: `Bearer ${tokens[email]!.AccessToken}` });
async function post<T>(email: string, path: string, body: unknown): Promise<T> {
  const res = await call<T>(api, 'POST', path, body, as(email));
  expect(res.status, `POST ${path}: ${res.text}`).toBe(201);
  return res.body;
}
const lembretes = async (email: string) => (await call<Lembretes>(api, 'GET', '/lembretes', undefined, as(email))).body;

async function newFeed(email: string): Promise<string> {
  const res = await call<CalendarioCriado>(api, 'POST', '/lembretes/calendario', undefined, as(email));
  expect(res.status, res.text).toBe(201);
  expect(res.body.caminho).toMatch(/^\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
  return res.body.caminho;
}

/** The feed as a calendar app fetches it: no token. */
async function fetchFeed(caminho: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${api.baseUrl}${caminho}`, { headers });
  const text = await res.text();
  reached.add(`GET /calendario/{segredo} ${res.status}`);
  if (res.status === 404) expect(validator.checkResponse('GET', '/calendario/{segredo}', 404, JSON.parse(text))).toEqual([]);
  return { status: res.status, headers: res.headers, text, body: res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as unknown) : undefined };
}

describe('the calendar feed', () => {
  it('is off until made; made, it answers text/calendar without a token, and ical.js reads each pending tarefa as an event with only its type and client', async () => {
    expect(await lembretes(ANA)).toEqual({ calendario: { ativo: false }, emailDiario: { ativo: true } });
    const caminho = await newFeed(ANA);
    expect((await lembretes(ANA)).calendario).toEqual({ ativo: true, desde: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    const res = await fetchFeed(caminho);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // RFC 5545: CRLF line ends, no line over 75 octets.
    expect(res.text.endsWith('\r\n')).toBe(true);
    expect(res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of res.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const cal = new ICAL.Component(ICAL.parse(res.text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Clientela: minhas tarefas');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([`tarefa-${ids.ligacao}@clientela`, `tarefa-${ids.reuniao}@clientela`]);
    expect(events[0]!.summary).toBe(`Ligação: ${PADARIA}`);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(res.text).not.toContain('Não vai ao calendário');
    expect(events[0]!.startDate.zone.tzid).toBe('UTC');
    expect(events[0]!.duration.toSeconds()).toBe(30 * 60);
    expect(events[1]!.summary).toBe(`Reunião: ${CONSTRUTORA}`);
    expect(events[1]!.startDate.toJSDate().toISOString()).toBe('2026-11-28T02:30:00.000Z');
    expect(events[1]!.endDate.compare(events[1]!.startDate)).toBe(0);
    for (const v of cal.getAllSubcomponents('vevent')) {
      expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
      // Nothing else of the record: no description, location, attendee or organizer.
      const names = v.getAllProperties().map((p) => p.name);
      expect(names.filter((n) => !['duration', 'last-modified'].includes(n)).sort()).toEqual(['dtstamp', 'dtstart', 'summary', 'uid']);
    }
    // The same URL a day later: the same UIDs (a calendar app updates, never duplicates).
    const again = new ICAL.Component(ICAL.parse((await fetchFeed(caminho)).text));
    expect(again.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'))).toEqual(events.map((e) => e.uid));
  });

  it('answers 404 for a wrong secret, a malformed one, and never a hint of which', async () => {
    const wrong = `/calendario/${'A'.repeat(43)}.ics`;
    for (const path of [wrong, `/calendario/${'A'.repeat(43)}`, '/calendario/curto.ics', `/calendario/${'A'.repeat(44)}.ics`, '/calendario/%00.ics']) {
      const res = await fetchFeed(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ mensagem: MESSAGES.calendarioNaoEncontrado });
    }
  });

  it("serves each person their own tarefas: Bruno's URL never shows Ana's", async () => {
    const ana = await newFeed(ANA);
    const bruno = await newFeed(BRUNO);
    const uids = async (caminho: string) =>
      new ICAL.Component(ICAL.parse((await fetchFeed(caminho)).text)).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'));
    expect(await uids(bruno)).toEqual([`tarefa-${ids.visita}@clientela`]);
    expect(await uids(ana)).toEqual([`tarefa-${ids.ligacao}@clientela`, `tarefa-${ids.reuniao}@clientela`]);
    // Nothing of the client but its name (Bruno's client has an e-mail).
    expect((await fetchFeed(bruno)).text).not.toContain('oficina@bruno.com.br');
    // A token of someone else changes nothing: the secret alone decides.
    expect((await fetchFeed(bruno, as(ANA))).text).toContain(`tarefa-${ids.visita}@clientela`);
    // Bruno revoking his does not touch Ana's.
    expect((await call(api, 'DELETE', '/lembretes/calendario', undefined, as(BRUNO))).status).toBe(204);
    expect((await fetchFeed(bruno)).status).toBe(404);
    expect((await fetchFeed(ana)).status).toBe(200);
  });

  it('a new URL replaces the old one at once, and a revoked one answers 404 on the very next request', async () => {
    const first = await newFeed(ANA);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await newFeed(ANA);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const revoked = await call(api, 'DELETE', '/lembretes/calendario', undefined, as(ANA));
    expect(revoked.status).toBe(204);
    expect((await lembretes(ANA)).calendario).toEqual({ ativo: false });
    expect((await fetchFeed(second)).status).toBe(404);
    // Revoking again is harmless.
    expect((await call(api, 'DELETE', '/lembretes/calendario', undefined, as(ANA))).status).toBe(204);
  });

  it('stops for a person disabled in the user pool (asked live), and comes back when enabled', async () => {
    const caminho = await newFeed(BRUNO);
    const cognito = adminClient(identity);
    await cognito.send(new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: BRUNO }));
    try {
      expect((await fetchFeed(caminho)).status).toBe(404);
    } finally {
      await cognito.send(new AdminEnableUserCommand({ UserPoolId: identity.userPoolId, Username: BRUNO }));
    }
    expect((await fetchFeed(caminho)).status).toBe(200);
  });

  it('keeps its settings routes behind the token: none, no reminders', async () => {
    for (const [method, path] of [
      ['GET', '/lembretes'],
      ['POST', '/lembretes/calendario'],
      ['DELETE', '/lembretes/calendario'],
      ['PUT', '/lembretes/email'],
    ] as const) {
      expect((await call(api, method, path, method === 'PUT' ? { ativo: false } : undefined)).status, `${method} ${path}`).toBe(401);
    }
  });
});

/** A request exactly as written (no URL normalisation, any Host), the way an attacker sends it. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string | undefined }> {
  const base = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers: { host: base.host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the public feed route under attack', () => {
  let caminho: string;
  let segredo: string;
  beforeAll(async () => {
    caminho = await newFeed(ANA);
    segredo = caminho.slice('/calendario/'.length);
  });
  const PATH = API_BASE_PATH;
  /** Nothing of a tarefa, a client or the calendar in an answer. */
  const leaksNothing = (text: string) => {
    expect(text).not.toContain('BEGIN:VCALENDAR');
    expect(text).not.toContain('Não vai ao calendário');
    expect(text).not.toContain('Padaria');
    expect(text).not.toContain('Oficina');
  };

  it('answers only to its own Host: another one gets 403 before any route', async () => {
    expect((await rawRequest('GET', `${PATH}${caminho}`)).status).toBe(200);
    for (const host of ['evil.example', `evil.example:${new URL(api.baseUrl).port}`, 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const res = await rawRequest('GET', `${PATH}${caminho}`, { host });
      expect(res.status, host).toBe(403);
      leaksNothing(res.text);
    }
  });

  it('extra segments, dot segments and encoded slashes reach neither the feed nor any other route without a token', async () => {
    const paths = [
      `${caminho}/x`,
      `${caminho}/`,
      `${caminho}/../../produtos`,
      `/calendario/../produtos`,
      `/calendario/..%2Fprodutos`,
      `/calendario/%2E%2E%2Fprodutos`,
      `/calendario/${segredo.replace('.ics', '')}%2F..%2F..%2Fprodutos`,
      `/calendario/${segredo}%2F..%2F..%2Fusuarios`,
      `/calendario/${encodeURIComponent(segredo)}%00`,
      `/calendario//${segredo}`,
      `/calendario/${segredo}?x=/../produtos`,
      `/calendario/${segredo.toUpperCase()}`,
      `/calendario/${segredo}%20`,
      `/CALENDARIO/${segredo}`,
    ];
    for (const path of paths) {
      const res = await rawRequest('GET', `${PATH}${path}`);
      // A query string is not part of the route: the feed itself, as without it.
      if (path.includes('?')) {
        expect(res.status, path).toBe(200);
        expect(res.type).toBe('text/calendar; charset=utf-8');
        continue;
      }
      // 404 (no such feed, or a path no route matches: $default, behind the authorizer, says 401).
      expect([401, 404], `${path} → ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
      leaksNothing(res.text);
      expect(res.text).not.toMatch(/"itens"|"nome"|"email"/);
    }
  });

  it('HEAD, POST, PUT, DELETE and OPTIONS on the feed are not the feed: behind the authorizer like every unknown route', async () => {
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const res = await rawRequest(method, `${PATH}${caminho}`);
      expect(res.status, method).toBe(401);
      leaksNothing(res.text);
    }
    // The feed still works, unchanged by them.
    expect((await fetchFeed(caminho)).status).toBe(200);
  });

  it('a very long or strange secret is a plain 404, fast, and never an error', async () => {
    for (const segment of [`${'A'.repeat(8_000)}.ics`, `${segredo.slice(0, -4)}${'A'.repeat(4_000)}.ics`, '%FF%FE.ics', `${'%41'.repeat(43)}.ics`, `${segredo}.ics`]) {
      const started = performance.now();
      const res = await rawRequest('GET', `${PATH}/calendario/${segment}`);
      expect([404, 414, 431], `${segment.slice(0, 40)} → ${res.status}`).toContain(res.status);
      leaksNothing(res.text);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('the secret is found by its SHA-256 (the store never holds or compares the secret itself) and the owner’s hash compared in constant time', () => {
    const source = readFileSync(new URL('../../lambdas/services/lembretes.ts', import.meta.url), 'utf8');
    const owner = source.slice(source.indexOf('async function ownerOf'), source.indexOf('/** The summary of a tarefa'));
    expect(owner).toMatch(/const hash = sha256\(secret\)/);
    expect(owner).toMatch(/ownerOfCalendario\(hash\)/);
    expect(owner).toMatch(/timingSafeEqual\(Buffer\.from\(calendarioHash, 'hex'\), Buffer\.from\(hash, 'hex'\)\)/);
    // No plain comparison of the secret or its hash anywhere in the lookup.
    expect(owner).not.toMatch(/(secret|hash|calendarioHash)\s*[!=]==?/);
  });

  it('no route but the one its row marks public answers without a token: the local gateway honours the same mark as the cloud stack (tests/infra/auth.test.ts)', async () => {
    const answered: string[] = [];
    for (const r of routes.filter((x) => x.routeKey !== '$default')) {
      const path = r.path.replace('{segredo}', segredo).replace('{tipo}', 'produto').replace('{email}', encodeURIComponent(ANA)).replace(/\{[a-z]+\}/gi, '1');
      const res = await rawRequest(r.method, `${PATH}${path}`, r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': 'application/json' });
      if (res.status !== 401) answered.push(r.routeKey);
      else expect(res.text, r.routeKey).not.toContain('BEGIN:VCALENDAR');
    }
    expect(answered).toEqual(routes.filter(isPublic).map((r) => r.routeKey));
  });
});

describe('the morning e-mail switch', () => {
  it('is on by default, turned off and on by the person only, and validated', async () => {
    expect((await lembretes(BRUNO)).emailDiario).toEqual({ ativo: true });
    const off = await call<Lembretes>(api, 'PUT', '/lembretes/email', { ativo: false }, as(BRUNO));
    expect(off.status).toBe(200);
    expect(off.body.emailDiario).toEqual({ ativo: false });
    expect((await lembretes(BRUNO)).emailDiario).toEqual({ ativo: false });
    expect((await lembretes(ANA)).emailDiario).toEqual({ ativo: true });
    expect((await call<Lembretes>(api, 'PUT', '/lembretes/email', { ativo: true }, as(BRUNO))).body.emailDiario).toEqual({ ativo: true });
    const bad = await call(api, 'PUT', '/lembretes/email', { ativo: 'sim' }, as(BRUNO));
    expect(bad.status).toBe(400);
    expect((await call(api, 'PUT', '/lembretes/email', JSON.stringify({ ativo: false, x: 'y'.repeat(20_000) }), as(BRUNO))).status).toBe(413);
    expect((await call(api, 'PUT', '/lembretes/email', 'ativo=false', { ...as(BRUNO), 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('the reminders in the OpenAPI document', () => {
  it('reached every documented status of their routes a real server can produce with sign-in (404 in the open mode: below)', () => {
    const doc = buildOpenApiDocument();
    // 409: another request changed the same person's feed between the read and the write.
    const raceOnly = new Set(['POST /lembretes/calendario 409', 'DELETE /lembretes/calendario 409']);
    const expected = routes
      .filter((r) => r.path.startsWith('/lembretes') || r.path.startsWith('/calendario'))
      .flatMap((r) => Object.keys(doc.paths[r.path]![r.method.toLowerCase()]!.responses).filter((st) => !['401', '403', '429', '500', '503'].includes(st)).map((st) => `${r.method} ${r.path} ${st}`))
      .filter((k) => !raceOnly.has(k) && !(k.endsWith(' 404') && !k.startsWith('GET /calendario')));
    expect([...reached].sort()).toEqual(expect.arrayContaining(expected.sort()));
  });
});

describe('the open mode (AUTH=off)', () => {
  let open: TestApi;
  beforeAll(async () => {
    open = await startApi({ loadHandler: loadHandlerInTestGraph });
  });
  afterAll(async () => open?.close());

  it('has no feed and no e-mail: every reminders route answers 404', async () => {
    for (const [method, path] of [
      ['GET', '/lembretes'],
      ['POST', '/lembretes/calendario'],
      ['DELETE', '/lembretes/calendario'],
      ['PUT', '/lembretes/email'],
      ['GET', `/calendario/${'A'.repeat(43)}.ics`],
    ] as const) {
      const res = await call(open, method, path, method === 'PUT' ? { ativo: false } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ mensagem: MESSAGES.loginDesativado });
    }
  });
});
