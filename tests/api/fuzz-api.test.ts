/**
 * Property-based suite: random valid requests (bodies generated from the OpenAPI document) and
 * requests mutated away from it (types, missing/extra fields, lengths ±1, unicode, huge numbers,
 * non-JSON, wrong content types, oversized and deeply nested bodies, bad ids, unknown paths,
 * other methods, bad Idempotency-Keys), interleaved with creates, updates (current and stale
 * `versao`), deletes and repeated keys, a few at a time, through the local HTTP server; and
 * tarefas among them (create on live, trashed and missing clients, reschedule, complete, reassign
 * with current, stale or no `versao`, delete, restore, purge) around their clients' deletes,
 * restores and purges.
 *
 * Every answer: no 5xx; a 4xx has a string `mensagem`; a 2xx matches its OpenAPI schema; the
 * status is the one the model predicts. Restores and purges from the trash, the trash's
 * list and every history read through all their pages, each compared with the model. After every batch, the table (read directly): each
 * category's count equals its clients, no orphan, ids unique and from the counters, no unknown
 * attribute, exactly the records the model accepted (nothing from a rejected request), the
 * tarefas' index items, pointers and next tarefas (store-invariants.ts; after each check a third
 * of the team index items are made as the release before wrote them, without their responsavel,
 * and the next writes must name it again), each client's embedded next tarefa the model's
 * earliest pending one, and
 * `versao` never goes backwards.
 *
 * FUZZ_RUNS=n sets the batches (default 40 of ~50 requests: ~2,000 requests); FUZZ_SEED=s
 * replays a run (the seed is printed on failure).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server.ts';
import { RACE_STATUSES, Model, canonical, doc, opArb, overlaps, plan, type Planned } from '../contract/fuzz.ts';
import { send, type RawResponse } from '../contract/http.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { AGENDA_RESPONSAVEL } from '../../lambdas/store/tarefas.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
/** Requests in flight at once. */
const CONCURRENCY = 6;

const validator = createOpenApiValidator(doc);
let api: TestApi;
const model = new Model();
/** The highest `versao` stored so far per record (`C1`, `P7`). */
const lastVersao = new Map<string, number>();
const stats = { requests: 0, batches: 0, byStatus: new Map<number, number>(), requestMs: 0, checkMs: 0, branches: new Map<string, number>() };

/** Checks one answer against the contract and the model's expectation; throws with context. */
function checkAnswer(p: Planned, res: RawResponse, raced: boolean): void {
  const where = `${p.label} → ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status >= 500) throw new Error(`5xx: ${where}`);
  const allowed = raced ? [...new Set([...p.expect, ...RACE_STATUSES])] : p.expect;
  if (!allowed.includes(res.status)) throw new Error(`expected ${allowed.join('/')}: ${where}`);
  if (res.status >= 400) {
    const body = res.body as { mensagem?: unknown } | undefined;
    if (!res.json || typeof body?.mensagem !== 'string' || body.mensagem === '') throw new Error(`4xx without mensagem: ${where}`);
    if (res.status === 405 && !res.headers.get('allow')) throw new Error(`405 without Allow: ${where}`);
  }
  if (p.routeKey) {
    const [method, template] = p.routeKey.split(' ') as [string, string];
    const errors = validator.checkResponse(method, template, res.status, res.body);
    if (errors.length) throw new Error(`not the documented schema (${errors.join('; ')}): ${where}`);
  }
}

/** The most pages a paged read follows (a history or the trash of a fuzz run is far smaller). */
const MAX_PAGES = 50;

/**
 * Sends a request; a paged read (`next`) reads every page, each checked against the contract,
 * and answers them as one: every page's `itens` in order, and how many pages there were
 * (`pages`, beside the documented fields).
 */
async function sendAll(p: Planned, raced: boolean): Promise<RawResponse> {
  const first = await send(api.baseUrl, p.method, p.path, p.body, p.headers);
  stats.requests++;
  if (!p.next || first.status !== 200) return first;
  const itens = [...(first.body as { itens: unknown[] }).itens];
  let pages = 1;
  for (let path = p.next(first.body); path !== undefined; pages++) {
    if (pages >= MAX_PAGES) throw new Error(`${p.label}: more than ${MAX_PAGES} pages`);
    const page = await send(api.baseUrl, 'GET', path);
    stats.requests++;
    checkAnswer({ ...p, label: `${p.label}, page ${pages + 1}`, expect: [200] }, page, raced);
    if (page.status !== 200) return page;
    itens.push(...(page.body as { itens: unknown[] }).itens);
    path = p.next(page.body);
  }
  // The documented shape (every page as one), plus how many pages (not enumerable: not part of it).
  const body = Object.defineProperty({ itens, cursor: null }, 'pages', { value: pages, enumerable: false });
  return { ...first, body };
}

/** Runs a batch: groups of CONCURRENCY requests, each group planned against the model first. */
async function runBatch(ops: Parameters<typeof plan>[0][]): Promise<void> {
  for (let i = 0; i < ops.length; i += CONCURRENCY) {
    const planned = ops.slice(i, i + CONCURRENCY).map((op) => plan(op, model));
    const raced = planned.map((p, j) => planned.some((q, k) => k !== j && overlaps(p, q)));
    const answers = await Promise.all(planned.map((p, j) => sendAll(p, raced[j]!)));
    planned.forEach((p, j) => {
      const res = answers[j]!;
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
      try {
        checkAnswer(p, res, raced[j]!);
        if (p.branch && !raced[j]) stats.branches.set(p.branch, (stats.branches.get(p.branch) ?? 0) + 1);
        if (!raced[j] && res.status < 300 && p.check) p.check(res.body, model);
        if (!raced[j] && res.status >= 400 && p.checkRefusal) p.checkRefusal(res.status, res.body);
      } catch (err) {
        const group = planned.map((q, k) => `  ${q.label} → ${answers[k]!.status}${raced[k] ? ' (raced)' : ''}`).join('\n');
        throw new Error(`${(err as Error).message}\nin the group:\n${group}\nbody sent: ${String(p.body ?? '').slice(0, 300)}`, {
          cause: err,
        });
      }
    });
    planned.forEach((p, j) => p.apply?.(answers[j]!.status, answers[j]!.body, model));
  }
}

/** After a batch: the stored data obeys the invariants and is exactly what the model accepted. */
async function checkStore(): Promise<void> {
  const s = await snapshot(api.doc, api.tableName);
  const violations = invariantViolations(s, { agendaWrittenBefore: writtenBefore });
  if (violations.length) throw new Error(`invariants: ${violations.join('; ')}`);
  await writeSomeAsBefore(s);
  const storedCats = [...s.categorias.values()].map(({ clientes: _count, vips: _vips, soma: _soma, somaVip: _somaVip, ...c }) => c).sort((a, b) => a.id - b.id);
  const modelCats = [...model.categorias.values()].sort((a, b) => a.id - b.id);
  expect(storedCats).toEqual(modelCats);
  const storedProds = [...s.clientes.values()].sort((a, b) => a.id - b.id);
  const modelProds = [...model.clientes.values()].sort((a, b) => a.id - b.id);
  expect(storedProds).toEqual(modelProds);
  for (const c of s.categorias.values()) expect(c.clientes).toBe(model.count(c.id));
  // Exactly the records the model deleted and did not restore are in the trash, and
  // every record has at least the history entries of its creates, deletes and restores.
  const trashed = [...(s.trash?.keys() ?? [])].sort();
  const modelTrash = [
    ...[...model.trash.categoria.keys()].map((id) => `categoria#${id}`),
    ...[...model.trash.cliente.keys()].map((id) => `produto#${id}`),
    ...[...model.tarefaTrash.keys()].map((id) => `tarefa#${id}`),
  ].sort();
  expect(trashed).toEqual(modelTrash);
  // Exactly the tarefas the model has, as its answers left them (the invariants above check their index items and next tarefas).
  const storedTarefas = [...(s.tarefas?.values() ?? [])]
    .map((t) => ({ id: t.id, cliente: t.cliente, tipo: t.tipo, descricao: t.descricao, quando: t.quando, responsavel: t.responsavel, concluida: t.concluida, versao: t.versao }))
    .sort((a, b) => a.id - b.id);
  expect(storedTarefas).toEqual([...model.tarefas.values()].sort((a, b) => a.id - b.id));
  for (const [key, writes] of model.writes) {
    const record = `${key.startsWith('C') ? 'categoria' : 'produto'}#${key.slice(1)}`;
    const entries = s.history?.get(record)?.length ?? 0;
    if (entries < writes) throw new Error(`history of ${record}: ${entries} entries for ${writes} writes`);
  }
  // versao never goes backwards.
  for (const [key, rec] of [...[...s.categorias.values()].map((c) => [`C${c.id}`, c] as const), ...[...s.clientes.values()].map((p) => [`P${p.id}`, p] as const)]) {
    const before = lastVersao.get(key);
    if (before !== undefined && rec.versao < before) throw new Error(`versao of ${key} went back from ${before} to ${rec.versao}`);
    lastVersao.set(key, rec.versao);
  }
  // The lists through the API say the same, with each category embedded as it is now.
  const cats = await send(api.baseUrl, 'GET', '/categorias');
  const prods = await send(api.baseUrl, 'GET', '/produtos', undefined, { 'accept-encoding': 'gzip, br' });
  stats.requests += 2;
  expect(validator.checkResponse('GET', '/categorias', cats.status, cats.body)).toEqual([]);
  expect(validator.checkResponse('GET', '/produtos', prods.status, prods.body)).toEqual([]);
  expect(cats.body).toEqual(modelCats);
  // The list carries each client's last change (the list sorts by it): set by the server, not modelled.
  const listedProds = (prods.body as Record<string, unknown>[]).map(({ atualizadoEm, ...p }) => {
    expect(atualizadoEm, `atualizadoEm of client ${String(p.id)}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    return p;
  });
  expect(canonical(listedProds)).toBe(
    canonical(
      // The list leaves observacoes out.
      modelProds.map(({ categoriaId, observacoes: _notInTheList, ...p }) => ({
        ...p,
        // Each client's next tarefa (the model's earliest pending one), absent when none.
        proximaTarefa: model.proximaTarefa(p.id),
        categoria: categoriaId === null ? null : { id: categoriaId, descricao: model.categorias.get(categoriaId)!.descricao },
      })),
    ),
  );
}

/** Tarefas whose team index item was made as the release before wrote it (without its responsavel). */
const writtenBefore = new Set<number>();

/**
 * Makes a third of the tarefas' team index items (by id: a replay does the same) as the release
 * before wrote them, without `ln`: the next batch's writes of those tarefas must name their
 * responsavel again (the invariants check every `ln` stored), and the reads handle the rest.
 */
async function writeSomeAsBefore(s: Awaited<ReturnType<typeof snapshot>>): Promise<void> {
  for (const [key, slots] of s.agenda ?? []) {
    const id = Number(key.split('#')[1]);
    if (id % 3 !== 0 || slots.get(0)?.[AGENDA_RESPONSAVEL] === undefined) continue;
    writtenBefore.add(id);
    await api.doc.send(
      new UpdateCommand({ TableName: api.tableName, Key: { pk: `AGENDA#${key}`, sk: 0 }, UpdateExpression: `REMOVE ${AGENDA_RESPONSAVEL}`, ConditionExpression: 'attribute_exists(pk)' }),
    );
  }
}

beforeAll(async () => {
  api = await startTestApi({ env: { LOG_LEVEL: 'silent' } });
});
afterAll(async () => {
  await api?.close();
  const statuses = [...stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(
    `fuzz: ${stats.requests} requests in ${stats.batches} batches (seed ${SEED}); statuses ${statuses}; ` +
      `requests ${(stats.requestMs / 1000).toFixed(1)} s, store checks ${(stats.checkMs / 1000).toFixed(1)} s; ` +
      `branches ${[...stats.branches].sort().map(([b, n]) => `${b}×${n}`).join(', ')}`,
  );
});

describe('property-based: random and mutated requests keep the contract and the data', () => {
  it(`${RUNS} batches of ~50 requests, ${CONCURRENCY} at a time (FUZZ_SEED=${SEED})`, async () => {
    const details = await fc.check(
      fc.asyncProperty(fc.array(opArb, { minLength: 45, maxLength: 55 }), async (ops) => {
        stats.batches++;
        const t0 = performance.now();
        await runBatch(ops);
        const t1 = performance.now();
        await checkStore();
        stats.requestMs += t1 - t0;
        stats.checkMs += performance.now() - t1;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (details.failed) {
      // Not fast-check's own report: it prints the whole batch; the failing group is in the message.
      const cause = details.errorInstance as Error | undefined;
      throw new Error(
        `Batch ${details.numRuns} of ${RUNS} failed — replay with FUZZ_SEED=${details.seed} FUZZ_RUNS=${RUNS}\n${cause?.message ?? ''}`,
        { cause },
      );
    }
    expect(stats.requests).toBeGreaterThanOrEqual(RUNS * 45);
    // The run exercised both sides: records were created and requests were refused.
    expect(model.created.categoria.size + model.created.cliente.size).toBeGreaterThan(0);
    expect([...stats.byStatus.keys()].some((s) => s >= 400)).toBe(true);
    // The default run reaches the trash's and the CNPJ/CPF's branches (a few dozen each at 40 batches).
    if (RUNS >= 40) {
      for (const branch of ['create: documento 409', 'update: documento 409', 'purge: 204', 'trash listed']) {
        expect(stats.branches.get(branch) ?? 0, branch).toBeGreaterThan(0);
      }
    }
  }, 300_000);
});
