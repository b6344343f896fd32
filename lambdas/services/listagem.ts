/**
 * The client list a page at a time, whatever the number of clients (GET /produtos/pagina). A
 * view is a sort (name in pt-BR order, value, category, last change; either way), a filter (a
 * category or none, its VIPs) and a text search, or a period of contract end (the renewals).
 * Each page is one Query of a view's index partition (store/listas.ts), a few for the category
 * order, and one BatchGetItem of its clients; the cursor is the index sort key of the page's last
 * client, so clients created or deleted between pages never make another one skipped or repeated.
 * A search reads every index entry of its rarest word's prefix (its cost grows with the matches,
 * not with the table; the key range in parts read at once), filters, sorts and totals them, then
 * reads the page's clients.
 */
import { createHash } from 'node:crypto';
import { isVipValue, type OrdemLista } from '../contract/limits.ts';
import { MESSAGES } from '../contract/messages.ts';
import { bucketsInOrder, idKey } from '../contract/list-order.ts';
import { foldName, searchWords } from '../contract/text.ts';
import type { Actor, CategoriaRef, Cliente, PaginaClientes, Totais } from '../contract/types.ts';
import { BadRequestError, UnavailableError } from '../errors.ts';
import { readViewTotals } from '../store/aggregates.ts';
import { categoriaRefs } from '../store/categorias.ts';
import { toCliente, toClienteRecord } from '../store/items.ts';
import {
  BUSCA_PK,
  idsNamed,
  lastClienteId,
  nameKey,
  readClientesByIds,
  RENOVACAO_PK,
  scanIndex,
  searchRanges,
  SEP,
  viewPk,
  type IndexEntry,
  type IndexSort,
  type ViewFilter,
} from '../store/listas.ts';
import { indexesReady, migrateIndexes, type MigrationProgress } from '../store/migracao.ts';
import { AGENDA_LPK, readProximas } from '../store/tarefas.ts';
import { defaultDb } from '../store/client.ts';
import { documentoHolders } from '../store/names.ts';

/** A view of the list, as the HTTP layer read it. */
export interface ListaQuery {
  limit: number;
  cursor?: string;
  ordem: OrdemLista;
  desc: boolean;
  /** A category id, 0 for "Sem categoria"; undefined: every client. */
  categoria?: number;
  vip: boolean;
  /** Only the clients without a next tarefa. */
  semProxima?: boolean;
  /** The search text ('' none). */
  q: string;
  /** A period of contract end (ISO dates, inclusive): the renewals and the expired. */
  fimDe?: string;
  fimAte?: string;
  /** The clients with their notes (the CSV export, page by page); the list's cards leave them out. */
  observacoes?: boolean;
}

/** What a cursor holds: the view it belongs to, the last index key given, and (category order) its bucket. */
interface Cursor {
  h: string;
  k: string;
  b?: number;
}

/** The view a cursor belongs to (a cursor of another view is refused, never misread). */
const viewHash = (q: ListaQuery): string =>
  createHash('sha256')
    .update(JSON.stringify([q.ordem, q.desc, q.categoria ?? null, q.vip, q.q, q.fimDe ?? null, q.fimAte ?? null, ...(q.semProxima ? ['semProxima'] : [])]))
    .digest('base64url')
    .slice(0, 12);

const encode = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

function decode(q: ListaQuery): Cursor | undefined {
  if (q.cursor === undefined) return undefined;
  try {
    const c = JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8')) as Partial<Cursor> | null;
    if (c && c.h === viewHash(q) && typeof c.k === 'string' && (c.b === undefined || c.b === 0 || c.b === 1 || Number.isSafeInteger(c.b))) return c as Cursor;
  } catch {
    // Falls through to the 400.
  }
  throw new BadRequestError(MESSAGES.cursorInvalido);
}

/** Index entries after the cursor's key in the view's direction, until `want` are taken (or the range ends). */
async function entriesAfter(lpk: string, after: string | undefined, desc: boolean, want: number, keep: (e: IndexEntry) => boolean = () => true, bounds: { from?: string; to?: string } = {}): Promise<IndexEntry[]> {
  const taken: IndexEntry[] = [];
  const range = { ...bounds, forward: !desc };
  if (after !== undefined) {
    if (desc) range.to = after;
    else range.from = after;
  }
  // The cursor's own entry comes back (bounds are inclusive): one more than wanted.
  await scanIndex(lpk, range, Math.min(want + 1, 1_000), (entries) => {
    for (const e of entries) {
      if (e.lsk === after || !keep(e)) continue;
      taken.push(e);
      if (taken.length >= want) return false;
    }
    return true;
  });
  return taken;
}

/** The clients of the page's entries, in their order, each with its category as it is now. */
async function clientesOf(entries: readonly IndexEntry[], refs: Map<number, CategoriaRef>, observacoes = false): Promise<Cliente[]> {
  const ids = entries.map((e) => e.id);
  const [stored, proximas] = await Promise.all([readClientesByIds(ids, observacoes), readProximas(ids)]);
  const out: Cliente[] = [];
  for (const e of entries) {
    const item = stored.get(e.id);
    // Deleted since the index was read (the index is eventually consistent): not shown.
    if (!item) continue;
    const r = toClienteRecord(item);
    const cliente = toCliente(r, r.categoriaId === null ? null : (refs.get(r.categoriaId) ?? null));
    const proxima = proximas.get(r.id);
    out.push(proxima ? { ...cliente, proximaTarefa: proxima } : cliente);
  }
  return out;
}

/** The page of `limit` out of `limit + 1` entries read, and its next cursor. */
function cut(entries: IndexEntry[], limit: number, h: string, keyOf: (e: IndexEntry) => string, b?: (e: IndexEntry) => number): { page: IndexEntry[]; cursor: string | null } {
  if (entries.length <= limit) return { page: entries, cursor: null };
  const page = entries.slice(0, limit);
  const last = page[page.length - 1]!;
  return { page, cursor: encode({ h, k: keyOf(last), ...(b ? { b: b(last) } : {}) }) };
}

const filterOf = (q: ListaQuery): ViewFilter => (q.categoria === undefined ? { vip: q.vip } : { categoria: q.categoria, vip: q.vip });

/** Whether an entry with projected value and category passes the view's filter. */
const passes = (q: ListaQuery, e: IndexEntry): boolean =>
  (q.categoria === undefined || e.lc === q.categoria) && (!q.vip || isVipValue((e.lv ?? 0) / 100));

/** A page of a view: its clients, the next cursor, and its totals (see PaginaClientes). */
export async function pageClientes(_actor: Actor, q: ListaQuery): Promise<PaginaClientes> {
  const index = await indexesReady();
  // Clients stored before the index are being indexed: a partial list would silently miss some.
  if (!index.ready) throw new UnavailableError(MESSAGES.indicesEmPreparo(index.feitos, index.total));
  const cursor = decode(q);
  const h = viewHash(q);
  if (q.q !== '' && (q.fimDe !== undefined || q.fimAte !== undefined)) throw new BadRequestError(MESSAGES.buscaComVencimento);
  if (q.ordem === 'proxima' || q.semProxima) {
    if (q.q !== '' || q.fimDe !== undefined || q.fimAte !== undefined) throw new BadRequestError(MESSAGES.proximaComBusca);
    return byProxima(q, cursor, h);
  }
  if (q.q !== '') return search(q, cursor, h);
  const refsRead = categoriaRefs();

  if (q.fimDe !== undefined || q.fimAte !== undefined) {
    // Keys are `date SEP id`: from the first key of fimDe to past every key of fimAte.
    const bounds = { ...(q.fimDe ? { from: q.fimDe } : {}), ...(q.fimAte ? { to: `${q.fimAte}${SEP}\u007f` } : {}) };
    const entries = await entriesAfter(RENOVACAO_PK, cursor?.k, q.desc, q.limit + 1, (e) => passes(q, e), bounds);
    const { page, cursor: next } = cut(entries, q.limit, h, (e) => e.lsk);
    return { itens: await clientesOf(page, await refsRead, q.observacoes), cursor: next };
  }

  const totalsRead = readViewTotals(filterOf(q));
  if (q.ordem !== 'categoria' || q.categoria !== undefined) {
    const sort: IndexSort = q.ordem === 'categoria' ? 'nome' : q.ordem;
    const entries = await entriesAfter(viewPk(filterOf(q), sort), cursor?.k, q.desc, q.limit + 1);
    const { page, cursor: next } = cut(entries, q.limit, h, (e) => e.lsk);
    const [refs, totais] = await Promise.all([refsRead, totalsRead]);
    return { itens: await clientesOf(page, refs, q.observacoes), cursor: next, totais };
  }

  // The category order: each category's name view in turn, from the cursor's category on.
  const refs = await refsRead;
  const buckets = bucketsInOrder(refs.values(), q.desc);
  let at = cursor?.b === undefined ? 0 : buckets.indexOf(cursor.b);
  // The cursor's category is gone (deleted, so it was empty): the next page starts at the first.
  if (at < 0) at = 0;
  const entries: (IndexEntry & { b: number })[] = [];
  for (let i = at; i < buckets.length && entries.length <= q.limit; i++) {
    const b = buckets[i]!;
    const found = await entriesAfter(viewPk({ categoria: b, vip: q.vip }, 'nome'), i === at ? cursor?.k : undefined, q.desc, q.limit + 1 - entries.length);
    entries.push(...found.map((e) => ({ ...e, b })));
  }
  const { page, cursor: next } = cut(entries, q.limit, h, (e) => e.lsk, (e) => (e as IndexEntry & { b: number }).b);
  return { itens: await clientesOf(page, refs, q.observacoes), cursor: next, totais: await totalsRead };
}

/**
 * The order by next tarefa, or the clients without one (`semProxima`). Part A: the clients'
 * next-tarefa items in the index (partition `P`, by `quando`, either way), each client read to
 * apply the view's filter; part B: the clients without one, by name (the filter's name view),
 * leaving out those that have one. The cursor says the part and its last key. No totals.
 */
async function byProxima(q: ListaQuery, cursor: Cursor | undefined, h: string): Promise<PaginaClientes> {
  const refs = await categoriaRefs();
  const want = q.limit + 1;
  const taken: { e: IndexEntry; part: number }[] = [];
  let part = cursor?.b ?? (q.semProxima ? 1 : 0);
  let after = cursor?.k;
  if (part === 0) {
    for (;;) {
      const n = want - taken.length;
      const entries = await entriesAfter(AGENDA_LPK.proxima, after, q.desc, n);
      if (entries.length === 0) break;
      const stored = await readClientesByIds(entries.map((e) => e.id));
      for (const e of entries) {
        const item = stored.get(e.id);
        if (item && passesRecord(q, item)) taken.push({ e, part: 0 });
      }
      if (taken.length >= want || entries.length < n) break;
      after = entries.at(-1)!.lsk;
    }
    if (taken.length < want) {
      part = 1;
      after = undefined;
    }
  }
  if (part === 1) {
    // Without a next tarefa: by the view's own sort when it has one in the index, else by name.
    const sort: IndexSort = q.ordem === 'valor' || q.ordem === 'alteracao' ? q.ordem : 'nome';
    const desc = q.ordem === 'proxima' ? false : q.desc;
    for (;;) {
      const n = want - taken.length;
      const entries = await entriesAfter(viewPk(filterOf(q), sort), after, desc, n);
      if (entries.length === 0) break;
      const proximas = await readProximas(entries.map((e) => e.id));
      for (const e of entries) if (!proximas.has(e.id)) taken.push({ e, part: 1 });
      if (taken.length >= want || entries.length < n) break;
      after = entries.at(-1)!.lsk;
    }
  }
  const page = taken.slice(0, q.limit);
  const last = page.at(-1);
  const next = taken.length > q.limit && last ? encode({ h, k: last.e.lsk, b: last.part }) : null;
  return { itens: await clientesOf(page.map((t) => t.e), refs, q.observacoes), cursor: next };
}

/** Whether a stored client passes the view's category and VIP filter. */
const passesRecord = (q: ListaQuery, item: Record<string, unknown>): boolean => {
  const r = toClienteRecord(item);
  return (q.categoria === undefined || (r.categoriaId ?? 0) === q.categoria) && (!q.vip || isVipValue(r.valorContrato));
};

/** The parts of a search word's own entries read at once (with the longer words' three). */
const SEARCH_ID_PARTS = 4;

/**
 * A search: every client having, for each word of the text, a word starting with it (name,
 * e-mail, CPF/CNPJ digits; accents and case aside), with the view's filter, sorted as asked.
 */
async function search(q: ListaQuery, cursor: Cursor | undefined, h: string): Promise<PaginaClientes> {
  const words = searchWords(q.q);
  const refsRead = categoriaRefs();
  // The longest word is the rarest prefix: its entries are read, the others checked on them.
  const rarest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  const matches = new Map<number, IndexEntry>();
  if (rarest !== '') {
    // Its key range in parts read at once: a common word's thousands of entries take several 1 MB pages.
    const ranges = searchRanges(rarest, await lastClienteId(), SEARCH_ID_PARTS);
    const each = (entries: IndexEntry[]) => {
      for (const e of entries) {
        if (matches.has(e.id) || !passes(q, e)) continue;
        const own = (e.lt ?? '').split(' ');
        if (words.every((w) => own.some((t) => t.startsWith(w)))) matches.set(e.id, e);
      }
      return true;
    };
    await Promise.all(ranges.map((range) => scanIndex(BUSCA_PK, range, undefined, each)));
  }
  const refs = await refsRead;
  const totais: Totais = { clientes: 0, vips: 0, soma: 0 };
  let cents = 0;
  for (const e of matches.values()) {
    totais.clientes++;
    if (isVipValue((e.lv ?? 0) / 100)) totais.vips++;
    cents += e.lv ?? 0;
  }
  totais.soma = cents / 100;
  const rank = new Map(bucketsInOrder(refs.values(), false).map((b, i) => [b, String(i).padStart(6, '0')]));
  const keyOf = (e: IndexEntry): string => {
    const tail = `${SEP}${idKey(e.id)}`;
    if (q.ordem === 'valor') return String(e.lv ?? 0).padStart(15, '0') + tail;
    if (q.ordem === 'alteracao') return (e.la ?? '') + tail;
    const name = e.ln ?? nameKey('');
    return q.ordem === 'categoria' ? `${rank.get(e.lc ?? 0) ?? '999999'}${SEP}${name}${tail}` : name + tail;
  };
  const keyed = [...matches.values()].map((e) => ({ e, k: keyOf(e) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  if (q.desc) keyed.reverse();
  let from = 0;
  if (cursor) {
    const after = cursor.k;
    from = keyed.findIndex(({ k }) => (q.desc ? k < after : k > after));
    if (from < 0) from = keyed.length;
  }
  const slice = keyed.slice(from, from + q.limit + 1);
  const more = slice.length > q.limit;
  const page = slice.slice(0, q.limit);
  const next = more ? encode({ h, k: page[page.length - 1]!.k }) : null;
  return { itens: await clientesOf(page.map(({ e }) => e), refs, q.observacoes), cursor: next, totais };
}

/** Name queries of POST /produtos/existentes in flight at once. */
const PARALLEL_NAMES = 8;

/**
 * The stored clients that a file about to be imported would meet (POST /produtos/existentes):
 * those whose name is one of `nomes` (accents and case aside; the name view's key keeps a name's
 * inner spacing, so a stored name with doubled spaces is not met) and those holding
 * one of `documentos`, sorted by id, as the list returns them. Whatever the table's size: a
 * name is one Query of the name view's matching keys, the CPFs/CNPJs are their claim items
 * (BatchGetItem), and only the clients found are read; never the whole list.
 */
export async function existingClientes(_actor: Actor, asked: { nomes: readonly string[]; documentos: readonly string[] }): Promise<Cliente[]> {
  const wanted = new Set(asked.nomes.map(foldName).filter((n) => n !== ''));
  const documentos = new Set(asked.documentos.filter((d) => d !== ''));
  const ids = new Set<number>();
  if (wanted.size > 0) {
    // The names come from the index, complete only once the clients stored before it are indexed.
    const index = await indexesReady(defaultDb(), { readOnly: true });
    if (!index.ready) throw new UnavailableError(MESSAGES.indicesEmPreparo(index.feitos, index.total));
    const keys = [...new Map([...asked.nomes].map((n) => [nameKey(n), n])).values()];
    for (let i = 0; i < keys.length; i += PARALLEL_NAMES) {
      for (const found of await Promise.all(keys.slice(i, i + PARALLEL_NAMES).map(idsNamed))) for (const id of found) ids.add(id);
    }
  }
  if (documentos.size > 0) for (const id of (await documentoHolders(defaultDb(), [...documentos])).values()) ids.add(id);
  if (ids.size === 0) return [];
  const [stored, refs] = await Promise.all([readClientesByIds([...ids]), categoriaRefs()]);
  const out: Cliente[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const item = stored.get(id);
    if (!item) continue;
    const r = toClienteRecord(item);
    // The name key is the sort's fold: the import's own (foldName) decides.
    if (!wanted.has(foldName(r.nome)) && !(r.documento && documentos.has(r.documento))) continue;
    out.push(toCliente(r, r.categoriaId === null ? null : (refs.get(r.categoriaId) ?? null)));
  }
  return out;
}

/** The job's run of the index migration (store/migracao.ts), while `keepGoing` says there is time. */
export const migrateListIndex = (keepGoing: () => boolean): Promise<MigrationProgress> => migrateIndexes(defaultDb(), undefined, keepGoing);
