/**
 * The API test harness itself: a table of its own on the run's DynamoDB Local, and the handlers'
 * real store client reaching it through the environment startTestApi sets.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startTestApi, type TestApi } from '../support/api-server.ts';
import { defaultHandlerLoader } from '../../infra/local/adapter.ts';

const fixtures = defaultHandlerLoader(fileURLToPath(new URL('../support/fixtures/handlers/', import.meta.url)));
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ loadHandler: () => fixtures('fixture/store-probe') });
});
afterAll(() => api.close());

it('serves /api on 127.0.0.1 and reaches the file’s own table through the store client', async () => {
  expect(api.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  expect(process.env.TABLE_NAME).toBe(api.tableName);
  const res = await fetch(`${api.baseUrl}/qualquer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ valor: 'olá' }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ table: api.tableName, item: { pk: 'PROBE', sk: 1, valor: 'olá' } });
  const stored = await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: 'PROBE', sk: 1 } }));
  expect(stored.Item?.valor).toBe('olá');
});
