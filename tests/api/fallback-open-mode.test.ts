/**
 * The catch-all in the cloud's open mode (`"auth": "off"`): the users routes are not deployed
 * there, so their paths reach `$default`; it must answer as the users handlers do in that mode
 * (404 "O login está desativado."), not 405 for a path the route table knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { handler } from '../../lambdas/handlers/fallback.ts';
import { eventFor } from './events.ts';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, { AUTH_MODE: 'off', LOG_LEVEL: 'silent' });
});
afterAll(() => {
  for (const key of ['AUTH_MODE', 'LOG_LEVEL']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** The `$default` event for `method path`, as API Gateway sends it when no route of its own matches. */
function defaultEvent(method: string, path: string) {
  const { event } = eventFor(method, '/rota/que/nao/existe');
  return {
    ...event,
    rawPath: `/api${path}`,
    routeKey: '$default',
    pathParameters: { proxy: path.slice(1) },
    requestContext: { ...event.requestContext, routeKey: '$default', http: { ...event.requestContext.http, method, path: `/api${path}` } },
  };
}

describe('$default with sign-in off (the users routes are not deployed)', () => {
  it.each([
    ['GET', '/usuarios'],
    ['POST', '/usuarios'],
    ['DELETE', '/usuarios/ana%40empresa.com.br'],
    ['PUT', '/usuarios/ana%40empresa.com.br/ativo'],
    ['POST', '/usuarios/ana%40empresa.com.br/convite'],
  ])('%s %s → 404 "O login está desativado."', async (method, path) => {
    const result = await handler(defaultEvent(method, path) as never);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(String(result.body))).toEqual({ mensagem: MESSAGES.loginDesativado });
  });

  it('keeps 405 for a first-wave path with another method, and 404 for an unknown path', async () => {
    expect((await handler(defaultEvent('PATCH', '/categorias') as never)).statusCode).toBe(405);
    const unknown = await handler(defaultEvent('GET', '/nada') as never);
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(String(unknown.body))).toEqual({ mensagem: MESSAGES.rotaNaoEncontrada });
  });
});
