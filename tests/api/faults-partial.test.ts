/**
 * A failure in the middle of a multi-step operation, on the real stack: the local HTTP server,
 * the real handlers and DynamoDB Local, with one DynamoDB call of the handlers' own client made
 * to fail by a middleware. Afterwards the stored data is read back: no count drift, no
 * half-created record, no idempotency key claimed without its record; a retry then succeeds.
 */
import {
  InternalServerError,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { documentClient } from '../../lambdas/store/client.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { startTestApi, type TestApi } from '../support/api-server.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { send } from '../contract/http.ts';
import { invariantViolations, snapshot, type Snapshot } from '../contract/store-invariants.ts';


type When = 'before' | 'after';
interface Injection {
  /** The low-level command name, e.g. `TransactWriteItemsCommand`. */
  command: string;
  /** before: the call never reaches DynamoDB; after: it is applied, then its answer is lost. */
  when: When;
  error: () => Error;
  /** Which matching call fails (1 = the first). */
  nth?: number;
}

let api: TestApi;
let injection: Injection | undefined;
const seen: string[] = [];
const MIDDLEWARE = 'clientela-fault-injection';

function installMiddleware(client: DynamoDBDocumentClient): void {
  let matched = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName);
      seen.push(name);
      const inj = injection;
      const hit = inj !== undefined && name === inj.command && ++matched === (inj.nth ?? 1);
      if (hit && inj.when === 'before') {
        injection = undefined;
        throw inj.error();
      }
      const out = await next(args);
      if (hit && inj.when === 'after') {
        injection = undefined;
        throw inj.error();
      }
      return out;
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
  // Reset the per-injection counter whenever a new injection is armed.
  arm = (inj) => {
    matched = 0;
    injection = inj;
  };
}
let arm: (inj: Injection) => void = () => undefined;

const throttled = () =>
  new ProvisionedThroughputExceededException({ message: 'Throughput exceeded (injected)', $metadata: {} });
const internal = () => new InternalServerError({ message: 'Internal server error (injected)', $metadata: {} });
const timeout = () => Object.assign(new Error('Socket timed out (injected)'), { name: 'TimeoutError' });

const store = (): Promise<Snapshot> => snapshot(api.doc, api.tableName);
const post = (path: string, body: unknown, key?: string) =>
  send(api.baseUrl, 'POST', path, body, key ? { 'idempotency-key': key } : {});

async function expectConsistent(): Promise<Snapshot> {
  const s = await store();
  expect(invariantViolations(s)).toEqual([]);
  return s;
}

/** Without the mutable `versao`/count, for comparing a record before and after a failed write. */
const same = (s: Snapshot) => ({
  categorias: [...s.categorias.values()],
  clientes: [...s.clientes.values()],
  idempotency: s.idempotency.map((k) => k.pk).sort(),
  // No history entry, feed item or trash item without its write.
  history: [...(s.history ?? new Map()).entries()].sort(),
  trash: [...(s.trash ?? new Map()).keys()].sort(),
  feedItems: s.feedItems,
});

beforeAll(async () => {
  // Handlers in this test's module graph, so `documentClient()` here is their client.
  api = await startTestApi({ loadHandler: loadHandlerInTestGraph, env: { LOG_LEVEL: 'silent' } });
  installMiddleware(documentClient());
});
afterEach(() => {
  injection = undefined;
});
afterAll(async () => {
  documentClient().middlewareStack.remove(MIDDLEWARE);
  await api?.close();
});

describe('a failure in the middle of a multi-step operation leaves nothing partial (DynamoDB Local)', () => {
  it('the middleware reaches the handlers’ client (sanity)', async () => {
    seen.length = 0;
    expect((await send(api.baseUrl, 'GET', '/categorias')).status).toBe(200);
    expect(seen).toContain('QueryCommand');
  });

  it('POST /produtos with a key: counter taken, then the transaction throttled → 503; no record, no count, no claim; the retry creates one', async () => {
    const cat = (await post('/categorias', { descricao: 'Varejo' })).body as { id: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: throttled });
    const res = await post('/produtos', { nome: 'Padaria', valorContrato: 10, categoria: { id: cat.id } }, 'key-produto-1');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body).toEqual({ mensagem: MESSAGES.servicoIndisponivel });
    const after = await expectConsistent();
    expect(same(after)).toEqual(same(before));
    expect(after.counters.cliente).toBe(before.counters.cliente + 1); // a gap, which is fine
    expect(after.idempotency.filter((k) => k.pk.endsWith('#key-produto-1'))).toEqual([]);

    const retry = await post('/produtos', { nome: 'Padaria', valorContrato: 10, categoria: { id: cat.id } }, 'key-produto-1');
    expect(retry.status).toBe(201);
    const again = await post('/produtos', { nome: 'Padaria', valorContrato: 10, categoria: { id: cat.id } }, 'key-produto-1');
    expect(again.status).toBe(201);
    expect((again.body as { id: number }).id).toBe((retry.body as { id: number }).id);
    const final = await expectConsistent();
    expect(final.clientes.size).toBe(before.clientes.size + 1);
    expect(final.categorias.get(cat.id)!.clientes).toBe(1);
  });

  it('POST /produtos: the id counter itself fails → 500; nothing stored', async () => {
    const before = await store();
    arm({ command: 'UpdateItemCommand', when: 'before', error: internal });
    const res = await post('/produtos', { nome: 'Oficina', valorContrato: 1 });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ mensagem: MESSAGES.erroInterno });
    const after = await expectConsistent();
    expect(same(after)).toEqual(same(before));
    expect(after.counters).toEqual(before.counters);
  });

  it('POST /categorias with a key: the transaction fails → 500; no category, no claim; the retry creates one', async () => {
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: internal });
    const res = await post('/categorias', { descricao: 'Serviços' }, 'key-categoria-1');
    expect(res.status).toBe(500);
    const after = await expectConsistent();
    expect(same(after)).toEqual(same(before));
    const retry = await post('/categorias', { descricao: 'Serviços' }, 'key-categoria-1');
    expect(retry.status).toBe(201);
    const final = await expectConsistent();
    expect(final.categorias.size).toBe(before.categorias.size + 1);
    expect(final.idempotency.filter((k) => k.pk.endsWith('#key-categoria-1'))).toHaveLength(1);
  });

  it('PUT /produtos moving a client: the read succeeds, the transaction fails → 503; client and both counts unchanged', async () => {
    const a = (await post('/categorias', { descricao: 'A' })).body as { id: number };
    const b = (await post('/categorias', { descricao: 'B' })).body as { id: number };
    const p = (await post('/produtos', { nome: 'Mercado', valorContrato: 5, categoria: { id: a.id } })).body as { id: number; versao: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: throttled });
    const res = await send(api.baseUrl, 'PUT', '/produtos', { id: p.id, nome: 'Mercado 2', valorContrato: 6, categoria: { id: b.id }, versao: p.versao });
    expect(res.status).toBe(503);
    const after = await expectConsistent();
    expect(same(after)).toEqual(same(before));
    expect(after.categorias.get(a.id)!.clientes).toBe(1);
    expect(after.categorias.get(b.id)!.clientes).toBe(0);
    // The stale-looking versao is still current: the retry succeeds.
    const retry = await send(api.baseUrl, 'PUT', '/produtos', { id: p.id, nome: 'Mercado 2', valorContrato: 6, categoria: { id: b.id }, versao: p.versao });
    expect(retry.status).toBe(200);
    const final = await expectConsistent();
    expect(final.categorias.get(a.id)!.clientes).toBe(0);
    expect(final.categorias.get(b.id)!.clientes).toBe(1);
    expect(final.clientes.get(p.id)!.versao).toBe(p.versao + 1);
  });

  it('PUT /produtos in the same category: the read succeeds, the update with its history entry fails → 500; client unchanged, no entry', async () => {
    const p = (await post('/produtos', { nome: 'Loja', valorContrato: 5 })).body as { id: number; versao: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: internal });
    const res = await send(api.baseUrl, 'PUT', '/produtos', { id: p.id, nome: 'Loja 2', valorContrato: 7, versao: p.versao });
    expect(res.status).toBe(500);
    expect(same(await expectConsistent())).toEqual(same(before));
  });

  it('DELETE /produtos in a category: the read succeeds, the transaction fails → 503; client and count unchanged', async () => {
    const c = (await post('/categorias', { descricao: 'C' })).body as { id: number };
    const p = (await post('/produtos', { nome: 'Bar', valorContrato: 5, categoria: { id: c.id } })).body as { id: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: throttled });
    expect((await send(api.baseUrl, 'DELETE', `/produtos/${p.id}`)).status).toBe(503);
    expect(same(await expectConsistent())).toEqual(same(before));
    expect((await send(api.baseUrl, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await expectConsistent()).categorias.get(c.id)!.clientes).toBe(0);
  });

  it('DELETE and PUT /categorias: the write (with the name claim) fails → 500/503; category and claims unchanged', async () => {
    const c = (await post('/categorias', { descricao: 'D' })).body as { id: number; versao: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: internal });
    expect((await send(api.baseUrl, 'DELETE', `/categorias/${c.id}`)).status).toBe(500);
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: throttled });
    expect((await send(api.baseUrl, 'PUT', '/categorias', { id: c.id, descricao: 'D2', versao: c.versao })).status).toBe(503);
    const after = await expectConsistent();
    expect(same(after)).toEqual(same(before));
    expect(after.names).toEqual(before.names);
    expect(after.categorias.get(c.id)!.versao).toBe(c.versao);
    // A rename within its own name (case only) writes no claim, still with its history entry: one transaction.
    arm({ command: 'TransactWriteItemsCommand', when: 'before', error: throttled });
    expect((await send(api.baseUrl, 'PUT', '/categorias', { id: c.id, descricao: 'd', versao: c.versao })).status).toBe(503);
    expect(same(await expectConsistent())).toEqual(same(before));
    // A PUT that changes nothing writes no entry: one UpdateItem (versao + 1), which fails alone too.
    arm({ command: 'UpdateItemCommand', when: 'before', error: throttled });
    expect((await send(api.baseUrl, 'PUT', '/categorias', { id: c.id, descricao: 'D', versao: c.versao })).status).toBe(503);
    expect(same(await expectConsistent())).toEqual(same(before));
  });

  it('POST /produtos with a key, applied but its answer lost (timeout) → 500; the retry with the key returns the same record, not a second one', async () => {
    const c = (await post('/categorias', { descricao: 'E' })).body as { id: number };
    const before = await store();
    arm({ command: 'TransactWriteItemsCommand', when: 'after', error: timeout });
    const body = { nome: 'Farmácia', valorContrato: 99.9, categoria: { id: c.id } };
    const res = await post('/produtos', body, 'key-lost-answer');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ mensagem: MESSAGES.erroInterno });
    const after = await expectConsistent();
    expect(after.clientes.size).toBe(before.clientes.size + 1); // the write did happen
    const claim = after.idempotency.find((k) => k.pk.endsWith('#key-lost-answer'));
    expect(claim).toBeDefined();
    const claimedId = (JSON.parse(claim!.responseBody) as { id: number }).id;
    expect(after.clientes.has(claimedId)).toBe(true); // the claim and its record, together

    const retry = await post('/produtos', body, 'key-lost-answer');
    expect(retry.status).toBe(201);
    expect((retry.body as { id: number }).id).toBe(claimedId);
    const final = await expectConsistent();
    expect(final.clientes.size).toBe(after.clientes.size);
    expect(final.categorias.get(c.id)!.clientes).toBe(1);
  });

  it('every idempotency claim in the table sits beside its record', async () => {
    const s = await expectConsistent();
    expect(s.idempotency.length).toBeGreaterThanOrEqual(3);
    for (const k of s.idempotency) {
      const id = (JSON.parse(k.responseBody) as { id: number }).id;
      const records = k.pk.startsWith(`${PARTITION_KEYS.idempotencia}#POST /categorias#`) ? s.categorias : s.clientes;
      expect(records.has(id), k.pk).toBe(true);
    }
  });
});
