/**
 * The client list a page at a time (GET /produtos/pagina), through the real local server on
 * DynamoDB Local: every sort both ways gives every client exactly once, in the order a recount
 * gives; filters and their totals equal a recount; ties order by id; clients created and deleted
 * between pages never make one that existed the whole time skipped or repeated; the search finds
 * word prefixes of the name, e-mail and CPF/CNPJ digits; the contract-end period; the migration
 * of clients stored before the index; the spec's whole list answers 413 beyond its limit.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isVipValue, LIMITS, MESSAGES, orderKey, type Cliente, type PaginaClientes, type Totais } from '../../lambdas/contract/index.ts';
import { toCents } from '../../lambdas/store/aggregates.ts';
import { batchPut } from '../../lambdas/store/batch.ts';
import { reserveIds } from '../../lambdas/store/ids.ts';
import { categoriaKey, CLIENT_COUNT, clienteItem, COUNTER_ATTRIBUTE, SEM_CATEGORIA_KEY, SEQUENCIA_KEY, VIP_CENTS_SUM, type ClienteRecord } from '../../lambdas/store/items.ts';
import { lastClienteId } from '../../lambdas/store/listas.ts';
import { forgetIndexesState, MIGRACAO_INDICES_KEY, migrateIndexes, type MigrationProgress } from '../../lambdas/store/migracao.ts';
import { PAGINA_PATH } from '../../lambdas/services/clientes.ts';
import { indexCompletenessViolations, invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { call, createCategoria, createCliente, startApi, type TestApi } from './helpers.ts';
import type { PagedView } from '../../web/src/api/clientes-pagina.ts';
import { wholeListServes, wholeViewOf } from '../../web/src/lib/csv/whole-view.ts';

let api: TestApi;
const cats: { id: number; descricao: string }[] = [];

beforeAll(async () => {
  api = await startApi({ loadHandler: loadHandlerInTestGraph });
  // Names that sort differently byte-wise and in pt-BR: "Álamo" beside "alfa", "Loja 2" before "Loja 10".
  for (const d of ['Beta', 'alfa', 'Álamo']) cats.push(await createCategoria(api, d));
  const nomes = ['Zeca Bar', 'ana Souza', 'Ângela Dias', 'Loja 10', 'Loja 2', 'Padaria Pão', 'padaria pao', 'Mesmo Nome', 'Mesmo Nome', 'Mesmo Nome', 'Édson', 'Bruno'];
  let n = 0;
  for (let round = 0; round < 3; round++) {
    for (const nome of nomes) {
      n++;
      const categoria = n % 4 === 0 ? null : { id: cats[n % 3]!.id };
      await createCliente(api, {
        nome,
        // Ties in value too, VIPs (above 10000) and the threshold itself.
        valorContrato: [500, 10000, 10000.01, 25000, 500][n % 5],
        categoria,
        ...(n % 3 === 0 ? { email: `contato.${n}@exemplo-${n % 2 ? 'sul' : 'norte'}.com.br` } : {}),
        ...(n % 4 === 1 ? { documento: ['11144477735', '11222333000181', '52998224725', '45723174000110'][Math.floor(n / 4) % 4]! } : {}),
        ...(n % 2 === 0 ? { fimContrato: `2027-0${1 + (n % 9)}-1${n % 10}` } : {}),
      }).catch(async (err: Error) => {
        // A documento already taken: the same client without it.
        if (!/create cliente: 409/.test(err.message)) throw err;
        await createCliente(api, { nome, valorContrato: 500, categoria });
      });
    }
  }
});
afterEach(async () => {
  const s = await snapshot(api.doc, api.tableName);
  expect([...invariantViolations(s), ...indexCompletenessViolations(s)]).toEqual([]);
});
afterAll(() => api?.close());

const all = async (): Promise<Cliente[]> => (await call<Cliente[]>(api, 'GET', '/produtos')).body;

/** Every page of a view: the clients in order, the first page's totals, the pages' sizes. */
async function walk(query: Record<string, string>, limit = 7): Promise<{ itens: Cliente[]; totais?: Totais; sizes: number[] }> {
  const itens: Cliente[] = [];
  const sizes: number[] = [];
  let totais: Totais | undefined;
  let cursor: string | null = null;
  do {
    const qs: URLSearchParams = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const r: { status: number; text: string; body: PaginaClientes } = await call<PaginaClientes>(api, 'GET', `/produtos/pagina?${qs}`);
    expect(r.status, r.text).toBe(200);
    if (sizes.length === 0) totais = r.body.totais;
    else if (r.body.totais) expect(r.body.totais).toEqual(totais);
    sizes.push(r.body.itens.length);
    itens.push(...r.body.itens);
    cursor = r.body.cursor;
  } while (cursor && sizes.length < 1_000);
  return { itens, totais, sizes };
}

const id16 = (id: number) => String(id).padStart(16, '0');
/** The category order: by name in pt-BR order, then id; the clients without one last. */
const bucketRank = (c: Cliente['categoria']) => {
  if (!c) return 'zzzzzz';
  const ranked = [...cats].sort((a, b) => (orderKey(a.descricao) < orderKey(b.descricao) ? -1 : orderKey(a.descricao) > orderKey(b.descricao) ? 1 : a.id - b.id));
  return String(ranked.findIndex((r) => r.id === c.id)).padStart(6, '0');
};
/** A recount's order of a sort: each client's key as the list defines it, ties by id. */
function sortKey(c: Cliente, ordem: string): string {
  if (ordem === 'valor') return `${String(toCents(c.valorContrato)).padStart(15, '0')}|${id16(c.id)}`;
  if (ordem === 'alteracao') return `${c.atualizadoEm ?? ''}|${id16(c.id)}`;
  if (ordem === 'categoria') return `${bucketRank(c.categoria)}|${orderKey(c.nome)}\u0001${id16(c.id)}`;
  return `${orderKey(c.nome)}\u0001${id16(c.id)}`;
}
function expected(list: Cliente[], ordem: string, desc: boolean, keep: (c: Cliente) => boolean = () => true): number[] {
  const sorted = list.filter(keep).sort((a, b) => (sortKey(a, ordem) < sortKey(b, ordem) ? -1 : 1));
  return (desc ? sorted.reverse() : sorted).map((c) => c.id);
}
function recount(list: Cliente[]): Totais {
  let cents = 0;
  for (const c of list) cents += toCents(c.valorContrato);
  return { clientes: list.length, vips: list.filter((c) => isVipValue(c.valorContrato)).length, soma: cents / 100 };
}

describe('GET /produtos/pagina', () => {
  it('walks every sort both ways: every client exactly once, in the order a recount gives, pages of the size asked', async () => {
    const list = await all();
    expect(list.length).toBe(36);
    for (const ordem of ['nome', 'valor', 'categoria', 'alteracao']) {
      for (const direcao of ['asc', 'desc']) {
        const { itens, sizes, totais } = await walk({ ordem, direcao });
        expect(itens.map((c) => c.id), `${ordem} ${direcao}`).toEqual(expected(list, ordem, direcao === 'desc'));
        expect(sizes.slice(0, -1).every((s) => s === 7)).toBe(true);
        expect(totais).toEqual(recount(list));
      }
    }
    // The same records the whole list returns, field for field.
    const { itens } = await walk({}, 100);
    expect([...itens].sort((a, b) => a.id - b.id)).toEqual(list);
  });

  it('pt-BR name order: accents and case aside, numbers by value, the same name by id', async () => {
    const { itens } = await walk({ ordem: 'nome' }, 100);
    const names = itens.map((c) => c.nome);
    expect(names.indexOf('ana Souza')).toBeLessThan(names.indexOf('Ângela Dias'));
    expect(names.indexOf('Loja 2')).toBeLessThan(names.indexOf('Loja 10'));
    const mesmos = itens.filter((c) => c.nome === 'Mesmo Nome').map((c) => c.id);
    expect(mesmos).toEqual([...mesmos].sort((a, b) => a - b));
    const desc = (await walk({ ordem: 'nome', direcao: 'desc' }, 100)).itens.filter((c) => c.nome === 'Mesmo Nome').map((c) => c.id);
    expect(desc).toEqual([...mesmos].reverse());
    // Value ties (500 and 10000 repeat) by id.
    const byValue = (await walk({ ordem: 'valor' }, 5)).itens.filter((c) => c.valorContrato === 500).map((c) => c.id);
    expect(byValue).toEqual([...byValue].sort((a, b) => a - b));
  });

  it('filters by a category, by Sem categoria, by VIP and both: exactly its clients, totals from the aggregates equal a recount', async () => {
    const list = await all();
    const views: [Record<string, string>, (c: Cliente) => boolean][] = [
      [{ categoria: String(cats[1]!.id) }, (c) => c.categoria?.id === cats[1]!.id],
      [{ categoria: '0' }, (c) => c.categoria === null],
      [{ vip: '1' }, (c) => isVipValue(c.valorContrato)],
      [{ vip: '1', categoria: String(cats[0]!.id) }, (c) => isVipValue(c.valorContrato) && c.categoria?.id === cats[0]!.id],
      [{ vip: '1', categoria: '0' }, (c) => isVipValue(c.valorContrato) && c.categoria === null],
    ];
    for (const [view, keep] of views) {
      for (const ordem of ['nome', 'valor', 'categoria', 'alteracao']) {
        const { itens, totais } = await walk({ ...view, ordem, direcao: ordem === 'valor' ? 'desc' : 'asc' }, 4);
        expect(itens.map((c) => c.id), JSON.stringify({ ...view, ordem })).toEqual(expected(list, ordem, ordem === 'valor', keep));
        expect(totais).toEqual(recount(list.filter(keep)));
      }
    }
    // A category that does not exist is an empty view.
    expect(await walk({ categoria: '999999' })).toMatchObject({ itens: [], totais: { clientes: 0, vips: 0, soma: 0 } });
  });

  it('writes between pages: no client that existed the whole time is skipped or repeated', async () => {
    const before = await all();
    const doomed = await createCliente(api, { nome: 'Mmm Temporário', valorContrato: 1 });
    const existing = new Set(before.map((c) => c.id));
    for (const ordem of ['nome', 'valor', 'alteracao', 'categoria']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let page = 0;
      do {
        const qs: URLSearchParams = new URLSearchParams({ ordem, limit: '5', ...(cursor ? { cursor } : {}) });
        const r: { status: number; text: string; body: PaginaClientes } = await call<PaginaClientes>(api, 'GET', `/produtos/pagina?${qs}`);
        expect(r.status, r.text).toBe(200);
        seen.push(...r.body.itens.map((c) => c.id));
        cursor = r.body.cursor;
        // Between pages: clients sorting everywhere come and go.
        page++;
        const a = await createCliente(api, { nome: `Aaa novo ${ordem} ${page}`, valorContrato: 1 + page, categoria: { id: cats[page % 3]!.id } });
        const z = await createCliente(api, { nome: `Zzz novo ${ordem} ${page}`, valorContrato: 900000 + page });
        if (page === 2) expect((await call(api, 'DELETE', `/produtos/${z.id}`)).status).toBe(204);
        if (page === 3) expect((await call(api, 'DELETE', `/produtos/${a.id}`)).status).toBe(204);
      } while (cursor);
      const counted = seen.filter((id) => existing.has(id));
      expect(new Set(counted).size, ordem).toBe(counted.length);
      expect([...counted].sort((a, b) => a - b), ordem).toEqual([...existing].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
    }
    expect((await call(api, 'DELETE', `/produtos/${doomed.id}`)).status).toBe(204);
  });

  it('search: any word prefix of the name, the e-mail or the CPF/CNPJ digits, accents and case aside; totals computed', async () => {
    const list = await all();
    const find = async (q: string, extra: Record<string, string> = {}) => walk({ q, ...extra }, 3);
    const ids = (keep: (c: Cliente) => boolean) => list.filter(keep).map((c) => c.id).sort((a, b) => a - b);
    const sorted = (itens: Cliente[]) => itens.map((c) => c.id).sort((a, b) => a - b);

    const pao = await find('PÃO');
    expect(sorted(pao.itens)).toEqual(ids((c) => /^padaria p[aã]o$/i.test(c.nome)));
    expect(pao.totais).toEqual(recount(list.filter((c) => /^padaria p[aã]o$/i.test(c.nome))));
    expect(sorted((await find('souz')).itens)).toEqual(ids((c) => c.nome === 'ana Souza'));
    expect(sorted((await find('angel')).itens)).toEqual(ids((c) => c.nome === 'Ângela Dias'));
    // Two words: both must match (any order), each a prefix of some word.
    expect(sorted((await find('dias ang')).itens)).toEqual(ids((c) => c.nome === 'Ângela Dias'));
    expect((await find('ouza')).itens).toEqual([]);
    // The e-mail's words, and a CPF/CNPJ's digits as people write them.
    expect(sorted((await find('exemplo-sul')).itens)).toEqual(ids((c) => (c.email ?? '').includes('exemplo-sul')));
    const withDoc = list.find((c) => c.documento?.length === 14)!;
    const written = `${withDoc.documento!.slice(0, 2)}.${withDoc.documento!.slice(2, 5)}.${withDoc.documento!.slice(5, 8)}`;
    expect(sorted((await find(written)).itens)).toEqual(ids((c) => c.documento?.startsWith(withDoc.documento!.slice(0, 8)) ?? false));
    // Sorted as asked, filtered as asked.
    const mesmo = await find('mesmo', { ordem: 'valor', direcao: 'desc', vip: '1' });
    expect(mesmo.itens.map((c) => c.id)).toEqual(expected(list, 'valor', true, (c) => c.nome === 'Mesmo Nome' && isVipValue(c.valorContrato)));
    expect(mesmo.totais).toEqual(recount(list.filter((c) => c.nome === 'Mesmo Nome' && isVipValue(c.valorContrato))));

    // Words on each side of the cuts a search's key ranges are read in (the word itself by id, longer words by the next letter).
    for (const nome of ['Pag Um', 'Pah Dois', 'Pao Três', 'Pap Quatro', 'Paz Cinco', 'Pa9 Seis', 'Paω Sete', 'Pa Oito', 'Pb Ozônio']) await createCliente(api, { nome });
    const now = await all();
    const folded = (c: Cliente) => c.nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
    const withPa = now.filter((c) => folded(c).some((w) => w.startsWith('pa')));
    const pa = await find('pa');
    expect(sorted(pa.itens)).toEqual(withPa.map((c) => c.id).sort((a, b) => a - b));
    expect(pa.totais).toEqual(recount(withPa));
  });

  it('a period of contract end: soonest first (or last), each client once, filters applied', async () => {
    const list = await all();
    const inPeriod = (c: Cliente) => c.fimContrato !== undefined && c.fimContrato >= '2027-03-01' && c.fimContrato <= '2027-06-30';
    const byEnd = (a: Cliente, b: Cliente) => (a.fimContrato! < b.fimContrato! ? -1 : a.fimContrato! > b.fimContrato! ? 1 : a.id - b.id);
    const { itens } = await walk({ fimDe: '2027-03-01', fimAte: '2027-06-30' }, 2);
    expect(itens.map((c) => c.id)).toEqual(list.filter(inPeriod).sort(byEnd).map((c) => c.id));
    expect(itens.length).toBeGreaterThan(2);
    const ended = await walk({ fimAte: '2027-02-28', direcao: 'desc', categoria: '0' }, 2);
    expect(ended.itens.map((c) => c.id)).toEqual(
      list.filter((c) => c.fimContrato !== undefined && c.fimContrato <= '2027-02-28' && c.categoria === null).sort(byEnd).reverse().map((c) => c.id),
    );
  });

  it('observacoes=1: every page with each client\'s notes (as GET /produtos/{id} has them); without it none', async () => {
    const nota = 'Prefere contato por WhatsApp.\nRenovação com a diretoria.';
    const comNota = await createCliente(api, { nome: 'Zeca Bar Notas', valorContrato: 10, categoria: null, observacoes: nota });
    try {
      const withNotes = await walk({ observacoes: '1', q: 'zeca' }, 2);
      const plain = await walk({ q: 'zeca' }, 2);
      expect(withNotes.itens.map((c) => c.id)).toEqual(plain.itens.map((c) => c.id));
      expect(withNotes.itens.find((c) => c.id === comNota.id)).toMatchObject({ observacoes: nota });
      expect(withNotes.itens.filter((c) => 'observacoes' in c).map((c) => c.id)).toEqual([comNota.id]);
      expect(plain.itens.some((c) => 'observacoes' in c)).toBe(false);
      // The whole list in name order, with notes: the same clients as without.
      expect((await walk({ observacoes: '1' }, 50)).itens.map((c) => c.id)).toEqual((await walk({}, 50)).itens.map((c) => c.id));
    } finally {
      expect((await call(api, 'DELETE', `/produtos/${comNota.id}`)).status).toBe(204);
    }
  });

  it('refuses what it does not take (400): bad parameters, a cursor of another view or made up', async () => {
    const bad = async (qs: string) => {
      const r = await call(api, 'GET', `/produtos/pagina?${qs}`);
      expect(r.status, qs).toBe(400);
      return r.body as { mensagem: string };
    };
    expect(await bad('ordem=preco')).toEqual({ mensagem: MESSAGES.parametroInvalido('ordem', 'nome, valor, categoria, alteracao, proxima') });
    await bad('direcao=up');
    await bad(`limit=${LIMITS.page.max + 1}`);
    await bad('categoria=-1');
    await bad('vip=sim');
    await bad('observacoes=sim');
    await bad('fimDe=31/12/2027');
    await bad(`q=${'a'.repeat(LIMITS.lista.buscaMax + 1)}`);
    expect(await bad('q=ana&fimAte=2027-01-01')).toEqual({ mensagem: MESSAGES.buscaComVencimento });
    const first = await call<PaginaClientes>(api, 'GET', '/produtos/pagina?ordem=valor&limit=2');
    expect(await bad(`ordem=nome&limit=2&cursor=${first.body.cursor}`)).toEqual({ mensagem: MESSAGES.cursorInvalido });
    await bad('cursor=bm90LWEtY3Vyc29y');
  });

  it("the web's export from the whole list: every view it serves has the pages' clients in the pages' order", async () => {
    // Names whose keys order differently in UTF-8 (DynamoDB) and UTF-16 (JavaScript's <): U+FF5A and U+1D400.
    const extra = [await createCliente(api, { nome: 'Ｚeta Fullwidth', valorContrato: 700 }), await createCliente(api, { nome: '𝐀lfa Matemática', valorContrato: 700 })];
    try {
      const list = await all();
      const views: PagedView[] = [];
      for (const ordem of ['nome', 'valor', 'categoria', 'alteracao'] as const)
        for (const desc of [false, true])
          for (const filter of [{}, { categoria: cats[0]!.id }, { categoria: 0 }, { vip: true }, { categoria: cats[1]!.id, vip: true }])
            views.push({ ordem, desc, q: '', vip: false, ...filter });
      for (const view of views) {
        expect(wholeListServes(view)).toBe(true);
        const query: Record<string, string> = { ordem: view.ordem, direcao: view.desc ? 'desc' : 'asc' };
        if (view.categoria !== undefined) query.categoria = String(view.categoria);
        if (view.vip) query.vip = '1';
        const paged = (await walk(query, 50)).itens.map((c) => c.id);
        expect(paged.length, JSON.stringify(view)).toBeGreaterThan(0);
        expect(wholeViewOf(list, view).map((c) => c.id), JSON.stringify(view)).toEqual(paged);
      }
      // What it does not serve goes page by page.
      for (const other of [{ q: 'ana' }, { ordem: 'proxima' as const }, { semProximaTarefa: true }, { fimDe: '2027-01-01' }]) expect(wholeListServes({ ordem: 'nome', desc: false, q: '', vip: false, ...other })).toBe(false);
    } finally {
      for (const c of extra) expect((await call(api, 'DELETE', `/produtos/${c.id}`)).status).toBe(204);
    }
  });
});

describe('the spec’s GET /produtos beyond its limit', () => {
  it('answers 413 saying to use the paged form (never 500, never "Tente novamente mais tarde")', async () => {
    const extra = LIMITS.lista.listaCompletaMax + 1;
    const bump = (n: number) =>
      api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: SEM_CATEGORIA_KEY, UpdateExpression: 'ADD #c :n', ExpressionAttributeNames: { '#c': CLIENT_COUNT }, ExpressionAttributeValues: { ':n': n } }));
    // The stored counts say more clients than the whole list is read for.
    await bump(extra);
    try {
      const r = await call(api, 'GET', '/produtos');
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ mensagem: MESSAGES.listaGrande(PAGINA_PATH) });
      expect(r.text).not.toMatch(/Tente novamente mais tarde/);
      // The paged form still answers.
      expect((await call(api, 'GET', '/produtos/pagina?limit=1')).status).toBe(200);
    } finally {
      await bump(-extra);
    }
    expect((await call(api, 'GET', '/produtos')).status).toBe(200);
  });
});

describe('the spec’s GET /produtos on a large id range', () => {
  it('reads the id range in parts at once: every client exactly once, by id, on both sides of each cut and past the counter', async () => {
    const before = (await all()).map((c) => c.id);
    /** Creates a client whose id is `id` (the counter moved to just below it). */
    const createAt = async (id: number) => {
      const gap = id - 1 - (await lastClienteId());
      if (gap > 0) await reserveIds('cliente', gap);
      const c = await createCliente(api, { nome: `Corte ${id}`, valorContrato: 100 });
      expect(c.id).toBe(id);
      return c.id;
    };
    // The counter ends at 8,000: four spans of 2,001 ids (idSpans), cut after 2,000, 4,001 and 6,002.
    const made: number[] = [];
    for (const id of [2_000, 2_001, 4_001, 4_002, 6_002, 6_003, 7_999, 8_000, 8_001]) made.push(await createAt(id));
    // 8,001 stored past the counter (as a record from before the counter would be): the last part is open.
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: SEQUENCIA_KEY, UpdateExpression: 'SET #c = :n', ExpressionAttributeNames: { '#c': COUNTER_ATTRIBUTE.cliente }, ExpressionAttributeValues: { ':n': 8_000 } }));
    // The stored counts say enough clients for the parts (creating 5,000 would take minutes).
    const bump = (n: number) =>
      api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: SEM_CATEGORIA_KEY, UpdateExpression: 'ADD #c :n', ExpressionAttributeNames: { '#c': CLIENT_COUNT }, ExpressionAttributeValues: { ':n': n } }));
    await bump(5_000);
    try {
      const ids = (await all()).map((c) => c.id);
      expect(ids).toEqual([...before, ...made]);
    } finally {
      await bump(-5_000);
      await reserveIds('cliente', 1);
      for (const id of made) expect((await call(api, 'DELETE', `/produtos/${id}`)).status).toBe(204);
    }
  });
});

describe('the migration of clients stored before the index', () => {
  it('answers 503 with the progress until it is done, then lists them; resumable and idempotent', async () => {
    // Clients stored as the release before the index stored them: no index items, counted in the totals.
    const n = 450;
    const first = await reserveIds('cliente', n, api);
    const planted: ClienteRecord[] = Array.from({ length: n }, (_, i) => ({
      id: first + i,
      nome: `Antigo ${String(i).padStart(3, '0')} Ação`,
      segmento: '',
      pontoFocal: '',
      valorContrato: i % 2 ? 20000 : 100,
      categoriaId: i % 3 ? cats[0]!.id : null,
      versao: 1,
      historico: 0,
      ...(i % 5 === 0 ? { fimContrato: '2030-01-01' } : {}),
    }));
    await batchPut(api, planted.map(clienteItem));
    for (const key of [categoriaKey(cats[0]!.id), SEM_CATEGORIA_KEY]) {
      const mine = planted.filter((c) => (c.categoriaId ?? 0) === key.sk);
      const vips = mine.filter((c) => isVipValue(c.valorContrato));
      await api.doc.send(
        new UpdateCommand({
          TableName: api.tableName,
          Key: key,
          UpdateExpression: 'ADD #c :n, vips :v, soma :s, #w :w',
          ExpressionAttributeNames: { '#c': CLIENT_COUNT, '#w': VIP_CENTS_SUM },
          ExpressionAttributeValues: { ':n': mine.length, ':v': vips.length, ':s': mine.reduce((s, c) => s + toCents(c.valorContrato), 0), ':w': vips.reduce((s, c) => s + toCents(c.valorContrato), 0) },
        }),
      );
    }
    // The table as the release before left it: no migration record.
    await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: MIGRACAO_INDICES_KEY }));
    forgetIndexesState();
    const waiting = await call(api, 'GET', '/produtos/pagina');
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('10');
    expect(waiting.body).toEqual({ mensagem: MESSAGES.indicesEmPreparo(0, 0) });

    // A write meanwhile (new code) writes the items it changes; the migration writes the rest.
    const touched = planted[7]!;
    expect((await call(api, 'PUT', '/produtos', { id: touched.id, nome: 'Renomeado Durante', valorContrato: 5, categoria: null })).status).toBe(200);

    const reports: MigrationProgress[] = [];
    const db = { doc: api.doc, tableName: api.tableName };
    const done = await migrateIndexes(db, (p) => reports.push(p));
    const total = (await all()).length;
    expect(done).toEqual({ feitos: total, total, concluida: true });
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.map((r) => r.feitos)).toEqual([...reports.map((r) => r.feitos)].sort((a, b) => a - b));
    // Run again: nothing to do, nothing changes.
    expect(await migrateIndexes(db)).toEqual(done);

    const list = await all();
    const { itens, totais } = await walk({ ordem: 'nome' }, 100);
    expect(itens.map((c) => c.id)).toEqual(expected(list, 'nome', false));
    expect(totais).toEqual(recount(list));
    expect((await walk({ q: 'acao' }, 100)).itens).toHaveLength(n - 1);
    expect((await walk({ q: 'renomeado' }, 100)).itens.map((c) => c.id)).toEqual([touched.id]);
    expect((await walk({ fimDe: '2030-01-01', fimAte: '2030-01-01' }, 100)).itens).toHaveLength(planted.filter((c) => c.fimContrato).length);
  });

  it('resumes from where it stopped', async () => {
    // Stopped after the first page: the record says where; a run goes on from there.
    const list = await all();
    const at = list[Math.floor(list.length / 2)]!.id;
    await api.doc.send(
      new UpdateCommand({ TableName: api.tableName, Key: MIGRACAO_INDICES_KEY, UpdateExpression: 'SET #c = :c, feitos = :f REMOVE concluida', ExpressionAttributeNames: { '#c': 'cursor' }, ExpressionAttributeValues: { ':c': at, ':f': 10 } }),
    );
    const reports: MigrationProgress[] = [];
    const done = await migrateIndexes({ doc: api.doc, tableName: api.tableName }, (p) => reports.push(p));
    expect(done.concluida).toBe(true);
    expect(done.feitos).toBe(10 + list.filter((c) => c.id > at).length);
  });
});
