/**
 * Tarefas through the real local server and DynamoDB Local, in the open mode (`responsavel` is
 * free text; permissions with sign-in: tarefas-auth.test.ts): every route, validation, versao,
 * Idempotency-Key, history outside the home's feed, trash and restore, the agenda's filters and
 * cursor, the company's day boundaries, the client's next tarefa kept outside its versao, and a
 * client's delete, restore, purge and sweep with more tarefas than one transaction holds.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, TIPOS_TAREFA } from '../../lambdas/contract/index.ts';
import type { EntradaHistorico, PaginaTarefas, Tarefa } from '../../lambdas/contract/types.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { STALLED_PURGE_SECONDS, sweepLixeira } from '../../lambdas/services/lixeira.ts';
import { batchPut } from '../../lambdas/store/batch.ts';
import { documentClient } from '../../lambdas/store/client.ts';
import { recentActivity } from '../../lambdas/store/feed.ts';
import { historyPk } from '../../lambdas/store/historico.ts';
import { lixeiraKey } from '../../lambdas/store/lixeira.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { AGENDA_RESPONSAVEL, createTarefa as createTarefaOps, pointerKey, proximaKey, proximaOf, proximaOp, tarefaPk, type TarefaRecord } from '../../lambdas/store/tarefas.ts';
import { itemsPutBy } from '../../lambdas/store/write.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { startTestApi } from '../support/api-server.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { auditBy, call, createCliente, ISO_UTC, type TestApi } from './helpers.ts';

let api: TestApi;
const validator = createOpenApiValidator(buildOpenApiDocument());
const savedZone = process.env.TIME_ZONE;

beforeAll(async () => {
  api = await startTestApi({ loadHandler: loadHandlerInTestGraph, env: { LOG_LEVEL: 'silent' } });
});
afterEach(() => {
  if (savedZone === undefined) delete process.env.TIME_ZONE;
  else process.env.TIME_ZONE = savedZone;
});
afterAll(async () => {
  await api?.close();
});

/** A call whose answer must match the OpenAPI document. */
async function checked(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await call(api, method, path, body, headers);
  const template = path
    .replace(/\?.*$/, '')
    .replace(/^\/tarefas\/\d+/, '/tarefas/{id}')
    .replace(/^\/produtos\/\d+/, '/produtos/{id}')
    .replace(/^\/lixeira\/\w+\/\d+/, '/lixeira/{tipo}/{id}');
  expect(validator.checkResponse(method, template, res.status, res.body), `${method} ${path} → ${res.status} ${res.text}`).toEqual([]);
  return res;
}

const novaTarefa = async (fields: Record<string, unknown>) => {
  const r = await checked('POST', '/tarefas', { tipo: 'ligacao', descricao: 'Ligar', quando: '2026-11-27T10:00:00-03:00', ...fields });
  if (r.status !== 201) throw new Error(`create tarefa: ${r.status} ${r.text}`);
  return r.body as Tarefa;
};
const page = async (query: string) => {
  const r = await checked('GET', `/tarefas?${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body as PaginaTarefas;
};
const ids = (p: PaginaTarefas) => p.itens.map((t) => t.id);
const history = async (id: number) => (await call<{ itens: EntradaHistorico[] }>(api, 'GET', `/tarefas/${id}/historico`)).body.itens;
const raw = async (Key: { pk: string; sk: number }) => (await api.doc.send(new GetCommand({ TableName: api.tableName, Key }))).Item;
const partition = async (pk: string) =>
  (await api.doc.send(new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];

describe('a tarefa: create, read, change, complete, delete, restore', () => {
  it('creates with versao 1, the caller as responsavel, the client’s name; changes only what a PUT sends; records history outside the home feed', async () => {
    const c = await createCliente(api, { nome: 'Padaria Tarefa' });
    const t = await novaTarefa({ cliente: c.id, descricao: '  Ligar sobre a renovação ', duracaoMin: 15 });
    expect(t).toEqual({
      id: expect.any(Number),
      cliente: c.id,
      clienteNome: 'Padaria Tarefa',
      tipo: 'ligacao',
      descricao: 'Ligar sobre a renovação',
      quando: '2026-11-27T13:00:00.000Z',
      duracaoMin: 15,
      responsavel: 'anônimo',
      concluida: false,
      versao: 1,
      ...auditBy(),
    });
    expect((await checked('GET', `/tarefas/${t.id}`)).body).toEqual(t);

    // Rescheduled with the version read: only `quando` changes.
    const moved = await checked('PUT', `/tarefas/${t.id}`, { quando: '2026-11-28T09:30-03:00', versao: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ quando: '2026-11-28T12:30:00.000Z', descricao: 'Ligar sobre a renovação', duracaoMin: 15, versao: 2 });
    // A stale version: 409, nothing changed.
    expect(await checked('PUT', `/tarefas/${t.id}`, { descricao: 'Outra', versao: 1 })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });

    // Completed with a result: stamped by the server; null clears the duration.
    const done = await checked('PUT', `/tarefas/${t.id}`, { concluida: true, resultado: 'Renova em dezembro.', duracaoMin: null });
    expect(done.body).toMatchObject({ concluida: true, resultado: 'Renova em dezembro.', concluidaEm: expect.stringMatching(ISO_UTC), concluidaPor: 'anônimo', versao: 3 });
    expect(done.body).not.toHaveProperty('duracaoMin');
    // Reopened: the stamp goes; blank clears the result.
    const reopened = await checked('PUT', `/tarefas/${t.id}`, { concluida: false, resultado: '' });
    expect(reopened.body).toMatchObject({ concluida: false, versao: 4 });
    for (const f of ['concluidaEm', 'concluidaPor', 'resultado']) expect(reopened.body).not.toHaveProperty(f);
    // The same values again: versao moves on, no history entry.
    expect((await checked('PUT', `/tarefas/${t.id}`, { concluida: false })).body.versao).toBe(5);

    expect((await history(t.id)).map((e) => [e.acao, e.alteracoes?.map((a) => a.campo)])).toEqual([
      ['alterado', ['concluida', 'resultado']],
      ['alterado', ['duracaoMin', 'concluida', 'resultado']],
      ['alterado', ['quando']],
      ['criado', undefined],
    ]);
    // The home's feed of recent changes is the clients' and categories' only.
    expect((await recentActivity(100)).some((a) => (a.tipo as string) === 'tarefa')).toBe(false);
  });

  it('refuses what is not a tarefa: 400 naming the field, the client fixed, no client, no offset', async () => {
    const c = await createCliente(api, { nome: 'Validações' });
    const base = { cliente: c.id, tipo: 'visita', descricao: 'Visitar', quando: '2026-11-27T10:00:00Z' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, tipo: 'fax' }, 'tipo', MESSAGES.tarefaTipo('tipo', TIPOS_TAREFA)],
      [{ ...base, quando: '2026-11-27T10:00:00' }, 'quando', MESSAGES.tarefaQuando('quando')],
      [{ ...base, quando: '2026-02-30T10:00:00Z' }, 'quando', MESSAGES.tarefaQuando('quando')],
      [{ ...base, descricao: 'x'.repeat(LIMITS.tarefa.descricao.max + 1) }, 'descricao', MESSAGES.campoLongo('descricao', LIMITS.tarefa.descricao.max)],
      [{ ...base, resultado: 'x'.repeat(LIMITS.tarefa.resultado.max + 1) }, 'resultado', MESSAGES.campoLongo('resultado', LIMITS.tarefa.resultado.max)],
      [{ ...base, descricao: '  ' }, 'descricao', MESSAGES.campoVazio('descricao')],
      [{ ...base, cliente: 999_999 }, 'cliente', MESSAGES.tarefaClienteInexistente(999_999)],
      [{ ...base, duracaoMin: 0 }, 'duracaoMin', MESSAGES.campoInteiro('duracaoMin')],
    ];
    for (const [body, campo, mensagem] of cases) {
      expect(await checked('POST', '/tarefas', body), JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, body: { mensagem, campo } });
    }
    const t = await novaTarefa(base);
    const other = await createCliente(api, { nome: 'Outro cliente' });
    expect(await checked('PUT', `/tarefas/${t.id}`, { cliente: other.id })).toMatchObject({ status: 400, body: { mensagem: MESSAGES.tarefaClienteFixo, campo: 'cliente' } });
    expect(await checked('GET', '/tarefas/999999')).toMatchObject({ status: 404, body: { mensagem: MESSAGES.tarefaNaoEncontrada } });
    expect((await call(api, 'GET', '/tarefas/abc')).status).toBe(400);
    // A client in the trash takes no new tarefa.
    expect((await call(api, 'DELETE', `/produtos/${other.id}`)).status).toBe(204);
    expect(await checked('POST', '/tarefas', { ...base, cliente: other.id })).toMatchObject({ status: 400, body: { campo: 'cliente' } });
  });

  it('logs a past interaction as done in one call, and a retried POST with its Idempotency-Key creates once', async () => {
    const c = await createCliente(api, { nome: 'Registro de interação' });
    const body = { cliente: c.id, tipo: 'whatsapp', descricao: 'Cliente pediu proposta', quando: '2026-11-20T15:00-03:00', concluida: true, resultado: 'Proposta enviada.' };
    const headers = { 'idempotency-key': `interacao-${Date.now()}` };
    const first = await checked('POST', '/tarefas', body, headers);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ concluida: true, resultado: 'Proposta enviada.', concluidaEm: expect.stringMatching(ISO_UTC), concluidaPor: 'anônimo' });
    const again = await checked('POST', '/tarefas', body, headers);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect((await page(`cliente=${c.id}`)).itens).toHaveLength(1);
    expect((await checked('POST', '/tarefas', { ...body, descricao: 'Outra' }, headers)).status).toBe(422);
  });

  it('a delete moves it to the trash (tipo tarefa); the restore brings it back with versao + 1; a purge erases it', async () => {
    const c = await createCliente(api, { nome: 'Lixeira de tarefas' });
    const quem = `lixeira-${Date.now()}`;
    const t = await novaTarefa({ cliente: c.id, descricao: 'Reunião de kick-off', tipo: 'reuniao', responsavel: quem, quando: '2020-03-02T10:00:00-03:00' });
    const seen = async () => ({
      resumo: (await checked('GET', `/tarefas/resumo?responsavel=${quem}`)).body,
      agenda: ids(await page(`responsavel=${quem}&status=pendente`)),
      proxima: ((await checked('GET', `/produtos/${c.id}`)).body as { proximaTarefa?: { id: number } }).proximaTarefa?.id,
    });
    expect(await seen()).toEqual({ resumo: { atrasadas: 1, hoje: 0 }, agenda: [t.id], proxima: t.id });
    const del = await checked('DELETE', `/tarefas/${t.id}`);
    expect(del.status).toBe(204);
    // Gone from the person's agenda, the counts (the badge, the home) and the client's next tarefa.
    expect(await seen()).toEqual({ resumo: { atrasadas: 0, hoje: 0 }, agenda: [], proxima: undefined });
    expect((await checked('GET', `/tarefas/${t.id}`)).status).toBe(404);
    expect((await checked('DELETE', `/tarefas/${t.id}`)).status).toBe(404);
    expect(ids(await page(`cliente=${c.id}`))).toEqual([]);
    const trash = (await call(api, 'GET', '/lixeira?limit=100')).body.itens as { tipo: string; id: number; nome: string }[];
    expect(trash).toContainEqual(expect.objectContaining({ tipo: 'tarefa', id: t.id, nome: 'Reunião de kick-off' }));

    const restored = await checked('POST', `/lixeira/tarefa/${t.id}/restaurar`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ tipo: 'tarefa', registro: { id: t.id, cliente: c.id, descricao: 'Reunião de kick-off', versao: 2 } });
    expect((await checked('GET', `/tarefas/${t.id}`)).body).toMatchObject({ id: t.id, versao: 2 });
    expect(ids(await page(`cliente=${c.id}`))).toEqual([t.id]);
    expect(await seen()).toEqual({ resumo: { atrasadas: 1, hoje: 0 }, agenda: [t.id], proxima: t.id });
    expect((await history(t.id)).map((e) => e.acao)).toEqual(['restaurado', 'excluido', 'criado']);

    expect((await call(api, 'DELETE', `/tarefas/${t.id}`)).status).toBe(204);
    expect((await checked('DELETE', `/lixeira/tarefa/${t.id}`)).status).toBe(204);
    expect((await call(api, 'GET', `/tarefas/${t.id}/historico`)).status).toBe(404);
    expect(await partition(tarefaPk(c.id))).toEqual([]);
    expect(await raw(pointerKey(t.id))).toBeUndefined();
    expect(await raw(lixeiraKey('tarefa', t.id))).toBeUndefined();
  });
});

describe('the agenda: filters, order, cursor, days in the company time zone', () => {
  it('a tarefa at 23:30 in São Paulo is that day’s, whatever UTC says; desde/ate are inclusive days', async () => {
    const c = await createCliente(api, { nome: 'Fuso horário' });
    const r = `fuso-${Date.now()}`;
    const late = await novaTarefa({ cliente: c.id, responsavel: r, quando: '2026-11-27T23:30:00-03:00' });
    const early = await novaTarefa({ cliente: c.id, responsavel: r, quando: '2026-11-28T00:00:00-03:00' });
    const before = await novaTarefa({ cliente: c.id, responsavel: r, quando: '2026-11-26T23:59:59-03:00' });
    expect(late.quando).toBe('2026-11-28T02:30:00.000Z');
    expect(ids(await page(`responsavel=${r}&desde=2026-11-27&ate=2026-11-27`))).toEqual([late.id]);
    expect(ids(await page(`responsavel=${r}&desde=2026-11-28&ate=2026-11-28`))).toEqual([early.id]);
    expect(ids(await page(`responsavel=${r}&desde=2026-11-26`))).toEqual([before.id, late.id, early.id]);
    expect(ids(await page(`responsavel=${r}&ate=2026-11-26`))).toEqual([before.id]);
    // The same by client (read from its partition) as from the index.
    expect(ids(await page(`cliente=${c.id}&desde=2026-11-27&ate=2026-11-27`))).toEqual([late.id]);
    // Another company zone: the day moves with it.
    process.env.TIME_ZONE = 'UTC';
    expect(ids(await page(`responsavel=${r}&desde=2026-11-28&ate=2026-11-28`))).toEqual([late.id, early.id]);
    expect(await checked('GET', `/tarefas?desde=2026-11-28&ate=2026-11-27`)).toMatchObject({ status: 400, body: { mensagem: MESSAGES.tarefaPeriodo } });
  });

  it('by quando then id, status merged or one, type, responsavel=me, paged with a cursor; today’s and overdue counts', async () => {
    const c = await createCliente(api, { nome: 'Agenda paginada' });
    const r = `pagina-${Date.now()}`;
    const made: Tarefa[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(await novaTarefa({ cliente: c.id, responsavel: r, tipo: i % 2 ? 'email' : 'ligacao', quando: `2026-12-0${i + 1}T10:00:00Z`, concluida: i === 3 }));
    }
    const all = made.map((t) => t.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const p: PaginaTarefas = await page(`responsavel=${r}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.itens.length).toBeLessThanOrEqual(3);
      seen.push(...ids(p));
      cursor = p.cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(ids(await page(`responsavel=${r}&status=pendente`))).toEqual(all.filter((_, i) => i !== 3));
    expect(ids(await page(`responsavel=${r}&status=concluida`))).toEqual([all[3]]);
    expect(ids(await page(`responsavel=${r}&tipo=email`))).toEqual([all[1], all[3], all[5]]);
    expect(ids(await page(`responsavel=${r}&tipo=email&status=pendente&limit=1`))).toEqual([all[1]]);
    // `me` in the open mode is the anonymous caller.
    const mine = await novaTarefa({ cliente: c.id, quando: '2026-12-10T10:00:00Z' });
    expect(ids(await page(`responsavel=me&cliente=${c.id}`))).toEqual([mine.id]);

    for (const q of ['limit=0', `limit=${LIMITS.tarefa.page.max + 1}`, 'status=feita', 'tipo=fax', 'desde=27/11/2026', 'cursor=nada', 'cliente=x']) {
      expect((await checked('GET', `/tarefas?${q}`)).status, q).toBe(400);
    }

    // Counts, in the company's zone: overdue before today's start, today's until its end.
    const now = Date.now();
    const hoje = await novaTarefa({ cliente: c.id, responsavel: `${r}-contagem`, quando: new Date(now + 60_000).toISOString() });
    await novaTarefa({ cliente: c.id, responsavel: `${r}-contagem`, quando: '2026-01-05T10:00:00Z' });
    await novaTarefa({ cliente: c.id, responsavel: `${r}-contagem`, quando: '2026-01-06T10:00:00Z', concluida: true });
    const counts = await checked('GET', `/tarefas/resumo?responsavel=${r}-contagem`);
    expect(counts.body).toEqual({ atrasadas: 1, hoje: expect.any(Number) });
    // Unless the test runs a minute before midnight there, today's is the one made for now.
    expect(counts.body.hoje).toBeLessThanOrEqual(1);
    expect(hoje.concluida).toBe(false);
  });
});

describe('the next tarefa of a client, outside its versao', () => {
  it('is the pending one due first, shown on every client read; logging a call never makes an edit of the client fail with 409', async () => {
    const c = await createCliente(api, { nome: 'Próxima tarefa' });
    expect((await checked('GET', `/produtos/${c.id}`)).body).not.toHaveProperty('proximaTarefa');
    const later = await novaTarefa({ cliente: c.id, quando: '2026-12-20T10:00:00Z', tipo: 'visita', descricao: 'Visita' });
    const sooner = await novaTarefa({ cliente: c.id, quando: '2026-12-10T10:00:00Z', descricao: 'Ligar antes' });
    const proxima = { id: sooner.id, tipo: 'ligacao', descricao: 'Ligar antes', quando: '2026-12-10T10:00:00.000Z', responsavel: 'anônimo' };
    const read = await checked('GET', `/produtos/${c.id}`);
    expect(read.body).toMatchObject({ versao: 1, proximaTarefa: proxima });
    expect(((await checked('GET', '/produtos')).body as { id: number }[]).find((x) => x.id === c.id)).toMatchObject({ proximaTarefa: proxima });
    const pagina = (await checked('GET', '/produtos/pagina?limit=100&q=Próxima')).body as { itens: { id: number }[] };
    expect(pagina.itens.find((x) => x.id === c.id)).toMatchObject({ proximaTarefa: proxima });

    // Done: the next one moves on; the client's versao and history never moved.
    expect((await checked('PUT', `/tarefas/${sooner.id}`, { concluida: true })).status).toBe(200);
    expect((await checked('GET', `/produtos/${c.id}`)).body).toMatchObject({ versao: 1, proximaTarefa: { id: later.id } });
    const edit = await checked('PUT', '/produtos', { id: c.id, nome: 'Próxima tarefa Ltda', valorContrato: 100, versao: 1 });
    expect(edit.status).toBe(200);
    expect((await call(api, 'GET', `/produtos/${c.id}/historico`)).body.itens).toHaveLength(2);
    expect((await checked('DELETE', `/tarefas/${later.id}`)).status).toBe(204);
    expect((await checked('GET', `/produtos/${c.id}`)).body).not.toHaveProperty('proximaTarefa');
  });
});

describe('two writes of one client’s tarefas at once', () => {
  it('the next tarefa is the earliest pending one, even when the other write commits while this one reads', async () => {
    const c = await createCliente(api, { nome: 'Escritas cruzadas' });
    await novaTarefa({ cliente: c.id, descricao: 'Junho', quando: '2027-06-01T10:00:00-03:00' });
    const proxima = proximaKey(c.id);
    const tarefas = tarefaPk(c.id);
    // The first write's read of the next-tarefa item is held until the second write has committed.
    let armed = true;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const held = new Promise<void>((r) => (reached = r));
    let queries = 0;
    let idle: (() => void) | undefined;
    const NAME = 'holdProximaRead';
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: { pk?: unknown; sk?: unknown }; ExpressionAttributeValues?: Record<string, unknown> };
        if (armed && context.commandName === 'GetItemCommand' && input.Key?.pk === proxima.pk && input.Key.sk === proxima.sk) {
          armed = false;
          reached();
          await released;
        }
        const query = context.commandName === 'QueryCommand' && input.ExpressionAttributeValues?.[':pk'] === tarefas;
        if (query) queries++;
        try {
          return await next(args);
        } finally {
          if (query && --queries === 0) idle?.();
        }
      },
      { step: 'initialize', name: NAME },
    );
    try {
      const maio = call(api, 'POST', '/tarefas', { cliente: c.id, tipo: 'ligacao', descricao: 'Maio', quando: '2027-05-01T10:00:00-03:00' });
      await held;
      // Whatever of the client's tarefas the first write reads beside that item, it has read.
      if (queries > 0) await new Promise<void>((r) => (idle = r));
      const abril = await call(api, 'POST', '/tarefas', { cliente: c.id, tipo: 'ligacao', descricao: 'Abril', quando: '2027-04-01T10:00:00-03:00' });
      expect(abril.status, abril.text).toBe(201);
      release();
      expect((await maio).status).toBe(201);
    } finally {
      release();
      documentClient().middlewareStack.remove(NAME);
    }
    const cliente = (await call<{ proximaTarefa?: { descricao: string } }>(api, 'GET', `/produtos/${c.id}`)).body;
    expect(cliente.proximaTarefa?.descricao).toBe('Abril');
  });
});

describe('the paged client list by next tarefa, and the clients without one', () => {
  it('orders by the next tarefa (the clients without one last), filters "Sem próxima tarefa", pages with a cursor', async () => {
    const cat = (await call(api, 'POST', '/categorias', { descricao: `Próximas ${Date.now()}` })).body as { id: number };
    const later = await createCliente(api, { nome: 'B depois', categoria: { id: cat.id } });
    const sooner = await createCliente(api, { nome: 'C antes', categoria: { id: cat.id } });
    const none = await createCliente(api, { nome: 'A sem tarefa', categoria: { id: cat.id } });
    const done = await createCliente(api, { nome: 'D só concluídas', categoria: { id: cat.id } });
    await novaTarefa({ cliente: later.id, quando: '2026-12-10T10:00:00Z' });
    await novaTarefa({ cliente: sooner.id, quando: '2026-12-05T10:00:00Z' });
    await novaTarefa({ cliente: done.id, quando: '2026-12-01T10:00:00Z', concluida: true });
    const view = async (query: string) => {
      const r = await checked('GET', `/produtos/pagina?categoria=${cat.id}&${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body as { itens: { id: number }[]; cursor: string | null };
    };
    expect((await view('ordem=proxima')).itens.map((c) => c.id)).toEqual([sooner.id, later.id, none.id, done.id]);
    expect((await view('ordem=proxima&direcao=desc')).itens.map((c) => c.id)).toEqual([later.id, sooner.id, none.id, done.id]);
    expect((await view('semProximaTarefa=1')).itens.map((c) => c.id)).toEqual([none.id, done.id]);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const p: { itens: { id: number }[]; cursor: string | null } = await view(`ordem=proxima&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.itens.map((c) => c.id));
      cursor = p.cursor;
    } while (cursor);
    expect(seen).toEqual([sooner.id, later.id, none.id, done.id]);
    expect(await checked('GET', '/produtos/pagina?ordem=proxima&q=abc')).toMatchObject({ status: 400, body: { mensagem: MESSAGES.proximaComBusca } });
    expect((await checked('GET', '/produtos/pagina?semProximaTarefa=2')).status).toBe(400);
  });
});

describe("a client's delete, restore, purge and sweep with more tarefas than one transaction holds", () => {
  const COUNT = 130;

  /** Seeds `COUNT` pending tarefas on a client as a create writes them (far faster than 130 POSTs). */
  async function seedTarefas(cliente: number, responsavel: string, firstId: number): Promise<void> {
    const records = Array.from({ length: COUNT }, (_, i) => {
      const t: TarefaRecord = {
        id: firstId + i,
        cliente,
        tipo: 'ligacao',
        descricao: `Tarefa ${i}`,
        quando: new Date(Date.UTC(2026, 0, 1, 12) - i * 60_000).toISOString(),
        responsavel,
        concluida: false,
        versao: 1,
        historico: 1,
      };
      return t;
    });
    // As the creates leave them: each tarefa's items, and the client's next tarefa (the earliest).
    const items = [...records.flatMap((t) => itemsPutBy(createTarefaOps(t))), ...itemsPutBy([proximaOp(cliente, { v: 0 }, proximaOf(records))])];
    await batchPut({ doc: api.doc, tableName: api.tableName }, items);
    // The history each create writes, so the purge has it to erase.
    await batchPut(
      { doc: api.doc, tableName: api.tableName },
      Array.from({ length: COUNT }, (_, i) => ({ pk: historyPk('tarefa', firstId + i), sk: 1, acao: 'criado', em: new Date().toISOString(), por: 'anônimo' })),
    );
    await api.doc.send(
      new UpdateCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.sequencia, sk: 0 }, UpdateExpression: 'SET tarefa = :n', ExpressionAttributeValues: { ':n': firstId + COUNT } }),
    );
  }
  const freshIds = async () => Number((await raw({ pk: PARTITION_KEYS.sequencia, sk: 0 }))?.tarefa ?? 0) + 1000;

  it('the delete is one transaction of the client’s own items; the agenda and counts leave its tarefas out until the restore', async () => {
    const c = await createCliente(api, { nome: 'Muitas tarefas' });
    const r = `muitas-${Date.now()}`;
    await seedTarefas(c.id, r, await freshIds());
    expect((await page(`responsavel=${r}&limit=200`)).itens).toHaveLength(COUNT);
    expect((await checked('GET', `/tarefas/resumo?responsavel=${r}`)).body).toEqual({ atrasadas: COUNT, hoje: 0 });

    expect((await checked('DELETE', `/produtos/${c.id}`)).status).toBe(204);
    expect(await page(`responsavel=${r}`)).toEqual({ itens: [], cursor: null });
    expect((await checked('GET', `/tarefas/resumo?responsavel=${r}`)).body).toEqual({ atrasadas: 0, hoje: 0 });
    // Still stored under the client, which lists them (without its name while it is in the trash).
    const byClient = await page(`cliente=${c.id}&limit=200`);
    expect(byClient.itens).toHaveLength(COUNT);
    expect(byClient.itens[0]).not.toHaveProperty('clienteNome');

    expect((await checked('POST', `/lixeira/produto/${c.id}/restaurar`)).status).toBe(200);
    const back = await page(`responsavel=${r}&limit=200`);
    expect(back.itens).toHaveLength(COUNT);
    expect(back.itens[0]).toMatchObject({ clienteNome: 'Muitas tarefas' });
  });

  it('the purge erases every tarefa in batches; a purge stopped half-way is finished by the hourly sweep', async () => {
    const purged = await createCliente(api, { nome: 'Expurgo com tarefas' });
    const first = await freshIds();
    await seedTarefas(purged.id, `expurgo-${Date.now()}`, first);
    // One of them was deleted on its own before its client: its trash entry goes too.
    expect((await checked('DELETE', `/tarefas/${first}`)).status).toBe(204);
    expect((await checked('DELETE', `/produtos/${purged.id}`)).status).toBe(204);
    expect((await checked('DELETE', `/lixeira/produto/${purged.id}`)).status).toBe(204);
    expect(await partition(tarefaPk(purged.id))).toEqual([]);
    expect(await raw(pointerKey(first + 5))).toBeUndefined();
    expect(await raw(proximaKey(purged.id))).toBeUndefined();
    expect(await partition(historyPk('tarefa', first + 5))).toEqual([]);
    expect(await raw(lixeiraKey('tarefa', first))).toBeUndefined();
    expect(((await call(api, 'GET', '/lixeira?limit=100')).body.itens as { tipo: string; id: number }[]).some((i) => i.tipo === 'tarefa' && i.id === first)).toBe(false);

    // A purge that died after marking the client (minutes ago), before erasing anything.
    const stalled = await createCliente(api, { nome: 'Expurgo interrompido com tarefas' });
    const next = await freshIds();
    await seedTarefas(stalled.id, `interrompido-${Date.now()}`, next);
    expect((await checked('DELETE', `/produtos/${stalled.id}`)).status).toBe(204);
    const indice = Number((await raw(lixeiraKey('produto', stalled.id)))!.indice);
    const marked = Math.floor(Date.now() / 1000) - STALLED_PURGE_SECONDS - 1;
    for (const Key of [lixeiraKey('produto', stalled.id), { pk: PARTITION_KEYS.lixeira, sk: indice }]) {
      await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key, UpdateExpression: 'SET purgando = :t', ExpressionAttributeValues: { ':t': marked } }));
    }
    expect((await sweepLixeira()).left).toBe(0);
    expect(await partition(tarefaPk(stalled.id))).toEqual([]);
    expect(await raw(pointerKey(next + COUNT - 1))).toBeUndefined();
    expect(await raw(lixeiraKey('produto', stalled.id))).toBeUndefined();
  });
});

describe('the stored tarefas after all of the above', () => {
  it('keep the store invariants: index items, pointers, next tarefas, trash and history as the writes leave them', async () => {
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });

  it('know the team item’s responsavel: a new one must carry it; one without it is legal only as written before it', async () => {
    const c = await createCliente(api, { nome: 'Item de antes' });
    const t = await novaTarefa({ cliente: c.id, responsavel: 'Quem Era' });
    const key = { pk: `AGENDA#${c.id}#${t.id}`, sk: 0 };
    expect((await raw(key))?.[AGENDA_RESPONSAVEL]).toBe('Quem Era');
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: key, UpdateExpression: `REMOVE ${AGENDA_RESPONSAVEL}` }));
    const s = await snapshot(api.doc, api.tableName);
    expect(invariantViolations(s)).toEqual([expect.stringContaining(`tarefa ${t.id} agenda slot 0 stores`)]);
    expect(invariantViolations(s, { agendaWrittenBefore: new Set([t.id]) })).toEqual([]);
    // A wrong one is never legal; the next write of the tarefa names it again.
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: key, UpdateExpression: `SET ${AGENDA_RESPONSAVEL} = :r`, ExpressionAttributeValues: { ':r': 'Outra Pessoa' } }));
    expect(invariantViolations(await snapshot(api.doc, api.tableName), { agendaWrittenBefore: new Set([t.id]) })).toHaveLength(1);
    await checked('PUT', `/tarefas/${t.id}`, { descricao: 'Ligar de novo' });
    expect((await raw(key))?.[AGENDA_RESPONSAVEL]).toBe('Quem Era');
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});

describe('GET /tarefas?semResponsavelAtivo=1 in the open mode', () => {
  it('is 400 with its reason: without sign-in a responsavel is free text, no one is active or not', async () => {
    expect(await checked('GET', '/tarefas?semResponsavelAtivo=1')).toMatchObject({ status: 400, body: { mensagem: MESSAGES.tarefaSemResponsavelModoAberto } });
  });
});

describe('GET /equipe in the open mode', () => {
  it('is empty: responsavel is free text there', async () => {
    expect(await checked('GET', '/equipe')).toMatchObject({ status: 200, body: [] });
  });
});
