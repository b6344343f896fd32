/**
 * The reminders' pure parts: the iCalendar writer (escaping, folding at 75 octets between UTF-8
 * characters, CRLF, UTC times, DURATION) read back by ical.js; the public route's wrapper (no
 * actor, refused for any other row, 404 in the open mode); the one public row of the route table;
 * the feed secret's shape.
 */
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEvent } from '../../infra/local/adapter.ts';
import { CALENDARIO, calendarioPath } from '../../lambdas/contract/lembretes.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { publicHandler } from '../../lambdas/http/handler.ts';
import { textReply } from '../../lambdas/http/response.ts';
import { API_BASE_PATH, isPublic, matchRoute, routes } from '../../lambdas/routes.ts';
import { duration, escapeText, foldLine, renderCalendar } from '../../lambdas/services/icalendar.ts';
import { secretOfSegment } from '../../lambdas/services/lembretes.ts';

describe('the iCalendar writer', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const long = `Açaí & Cia — ${'Distribuidora de Pães e Doces Ltda 🥐 '.repeat(4)}fim`;
  const text = renderCalendar({
    name: 'Clientela: minhas tarefas',
    now,
    events: [
      { uid: 'tarefa-1@clientela', start: new Date('2026-11-28T02:30:00.000Z'), durationMin: 90, summary: `Ligação: ${long}` },
      { uid: 'tarefa-2@clientela', start: new Date('2026-11-29T13:00:00.000Z'), summary: 'Reunião: A, B; C \\ D\nE' },
    ],
  });

  it('ends every line with CRLF and folds at 75 octets, never inside a character', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // A split inside a UTF-8 sequence would not survive the round trip.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
  });

  it('is read back by ical.js: the summaries as written, UTC starts, DURATION from minutes, stable UIDs, DTSTAMP', () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    const [first, second] = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(first!.summary).toBe(`Ligação: ${long}`);
    expect(first!.uid).toBe('tarefa-1@clientela');
    expect(first!.startDate.toJSDate().toISOString()).toBe('2026-11-28T02:30:00.000Z');
    expect(first!.duration.toSeconds()).toBe(90 * 60);
    expect(second!.summary).toBe('Reunião: A, B; C \\ D\nE');
    expect(second!.endDate.compare(second!.startDate)).toBe(0);
    for (const v of cal.getAllSubcomponents('vevent')) expect((v.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(now.toISOString());
    expect(text).toContain('DTSTART:20261128T023000Z\r\n');
  });

  it('escapes TEXT values and writes durations as RFC 5545 says', () => {
    expect(escapeText('a\\b;c,d\r\ne\u0007')).toBe('a\\\\b\\;c\\,d\\ne');
    expect([duration(45), duration(60), duration(90), duration(1)]).toEqual(['PT45M', 'PT1H', 'PT1H30M', 'PT1M']);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });
});

describe('the feed secret and its route', () => {
  it('is the one public row of the route table: GET /calendario/{segredo}', () => {
    expect(routes.filter(isPublic).map((r) => r.routeKey)).toEqual(['GET /calendario/{segredo}']);
    expect(matchRoute('GET', calendarioPath('A'.repeat(43)))?.route.name).toBe('CalendarioFeed');
  });

  it('reads a 43-character base64url secret, with or without .ics, and nothing else', () => {
    const secret = 'aB3_-'.repeat(8) + 'xyz';
    expect(CALENDARIO.secretBytes * 8).toBeGreaterThanOrEqual(128);
    expect(secretOfSegment(`${secret}.ics`)).toBe(secret);
    expect(secretOfSegment(secret)).toBe(secret);
    for (const bad of ['', '.ics', `${secret}x.ics`, `${secret.slice(1)}.ics`, `${secret.slice(1)}=.ics`, `${secret}.ICS`, `../${secret}`]) expect(secretOfSegment(bad), bad).toBeUndefined();
  });
});

describe('publicHandler', () => {
  const saved = process.env.AUTH_MODE;
  afterEach(() => {
    if (saved === undefined) delete process.env.AUTH_MODE;
    else process.env.AUTH_MODE = saved;
  });
  const eventOf = (method: string, path: string) => {
    const route = matchRoute(method, path)!;
    return buildEvent({ method, url: `${API_BASE_PATH}${path}`, rawHeaders: [], body: Buffer.alloc(0), sourceIp: '127.0.0.1', route });
  };
  const handler = publicHandler(async () => textReply(200, 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', 'text/calendar; charset=utf-8'));

  it('runs its logic without claims (no authorizer ran) and sends the text as is', async () => {
    process.env.AUTH_MODE = 'cognito';
    const result = await handler(eventOf('GET', '/calendario/x.ics'));
    expect(result).toMatchObject({ statusCode: 200, body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' } });
  });

  it('answers 404 in the open mode, and refuses (500) to serve a row not marked public', async () => {
    process.env.AUTH_MODE = 'off';
    const off = await handler(eventOf('GET', '/calendario/x.ics'));
    expect(off.statusCode).toBe(404);
    expect(JSON.parse(off.body!)).toEqual({ mensagem: MESSAGES.loginDesativado });
    process.env.AUTH_MODE = 'cognito';
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    try {
      expect((await handler(eventOf('GET', '/lembretes'))).statusCode).toBe(500);
    } finally {
      if (level === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = level;
    }
  });
});
