/**
 * "Sign-in only" is declared once, in the route table: the HTTP layer reads the row of the
 * event's route key, so every such row's real handler answers 404 in the open mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { isSignInOnly, routes } from '../../lambdas/routes.ts';
import { invoke } from './events.ts';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, { AUTH_MODE: 'off', LOG_LEVEL: 'silent' });
});
afterAll(() => {
  process.env = saved;
});

describe('the sign-in-only rows in the open mode', () => {
  const signInOnly = routes.filter(isSignInOnly);

  it('are the users API and the reminders (the calendar feed, the morning e-mail)', () => {
    expect(signInOnly.length).toBeGreaterThan(0);
    expect(signInOnly.filter((r) => !['/usuarios', '/lembretes', '/calendario'].some((p) => r.path.startsWith(p)))).toEqual([]);
  });

  it.each(signInOnly.map((r) => [r.routeKey, r] as const))('%s → 404 "O login está desativado."', async (_key, route) => {
    const path = route.path.replace('{email}', encodeURIComponent('ana@empresa.com.br')).replace('{segredo}', 'c2VncmVkbw');
    const body = route.method === 'PUT' || route.path === '/usuarios' && route.method === 'POST' ? {} : undefined;
    const { result, json } = await invoke(route.method, path, body === undefined ? {} : { body });
    expect(result.statusCode).toBe(404);
    expect(json).toEqual({ mensagem: MESSAGES.loginDesativado });
  });
});
