/**
 * The client list a page at a time (GET /api/produtos/pagina) at every seeded size: the first
 * page, the next page, each sort, a category view, the VIP view, a search, the renewals and the
 * export (every page of the list, as the web's streaming export reads it), each the handler's
 * own server time (the real handler, in this process, on DynamoDB Local). Sizes: BENCH_LISTA_SIZES
 * (default 10,000, 100,000 and 250,000); a data set from before the index is migrated first, as an
 * upgrade does. Judged: the first page at the largest size within 1.5 × of 10,000's; a search
 * within 200 ms at 10,000 and 2 s at the largest.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildEvent } from '../../../infra/local/adapter.ts';
import { API_BASE_PATH, matchRoute } from '../../../lambdas/routes.ts';
import { runMigrations } from '../../../tools/migrate.ts';
import { decodeBody } from '../../api/events.ts';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { judged, formatMs, reported, type Figure } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';

const SECTION = 'Paged list';
export const DEFAULT_SIZES = [10_000, 100_000, 250_000];
/** Timed calls of each figure (after one unmeasured call), median reported. */
export const RUNS = 5;
/** The first page at the largest size against 10,000's. */
export const MAX_FIRST_PAGE_GROWTH = 1.5;
export const MAX_SEARCH_10K_MS = 200;
export const MAX_SEARCH_LARGEST_MS = 2_000;
/** Page size of the list's views, and of the export's pages. */
const PAGE = 50;
const EXPORT_PAGE = 100;

type Handler = (event: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
let handler: Handler | undefined;

/** Calls the paged list's handler with `query`; its answer and its time. */
async function page(query: string): Promise<{ ms: number; body: { itens: unknown[]; cursor: string | null; totais?: unknown } }> {
  handler ??= ((await import('../../../lambdas/handlers/clientes/pagina.ts')) as { handler: Handler }).handler;
  const path = '/produtos/pagina';
  const route = matchRoute('GET', path)!;
  const event = buildEvent({ method: 'GET', url: `${API_BASE_PATH}${path}${query ? `?${query}` : ''}`, rawHeaders: [], body: Buffer.alloc(0), sourceIp: '127.0.0.1', route });
  const t = performance.now();
  const result = await handler(event);
  const took = performance.now() - t;
  if (result.statusCode !== 200) throw new Error(`GET ${path}?${query}: ${result.statusCode} ${result.body?.slice(0, 200)}`);
  return { ms: took, body: decodeBody(result) };
}

/** The median of RUNS timed calls after one unmeasured. */
async function timed(query: () => Promise<string> | string): Promise<number> {
  await page(await query());
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push((await page(await query())).ms);
  return median(samples);
}

const sizesOf = (env: string | undefined): number[] =>
  env ? env.split(',').map((s) => Number(s.trim())).filter((n) => Number.isSafeInteger(n) && n > 0) : DEFAULT_SIZES;

export async function listaFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const sizes = sizesOf(process.env.BENCH_LISTA_SIZES);
  const figures: Figure[] = [];
  const firstPage = new Map<number, number>();
  const searches = new Map<number, number>();
  /** Every figure by name, then size: the growth between sizes is reported for each. */
  const bySize = new Map<string, Map<number, number>>();
  // The open mode, said explicitly (handlers refuse an unset AUTH_MODE); request logs off.
  Object.assign(process.env, db.env, { AUTH_MODE: 'off', LOG_LEVEL: 'error' });
  for (const n of sizes) {
    const set = dataSet(n);
    const t = Date.now();
    await db.ensure(set, log);
    await runMigrations({ doc: db.doc, tableName: set.table }, (line) => log(`${set.table}: ${line}`));
    log(`${set.table} ready in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    process.env.TABLE_NAME = set.table;
    const at = (name: string, value: number) => {
      bySize.set(name, (bySize.get(name) ?? new Map<number, number>()).set(n, value));
      figures.push(reported(SECTION, `${name} at ${n.toLocaleString('en-US')}`, value, 'ms', formatMs(value)));
      // Each figure as it is taken: a run stopped at a larger size keeps the smaller sizes' figures.
      log(`${set.table}: ${name} ${formatMs(value)}`);
    };

    const first = await timed(() => `limit=${PAGE}`);
    firstPage.set(n, first);
    at('first page', first);
    // The next page: the second, from the first's cursor.
    const cursor = (await page(`limit=${PAGE}`)).body.cursor;
    at('next page', await timed(() => `limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    for (const [ordem, direcao] of [['nome', 'desc'], ['valor', 'desc'], ['categoria', 'asc'], ['alteracao', 'desc']] as const) {
      at(`sort ${ordem} ${direcao}`, await timed(() => `limit=${PAGE}&ordem=${ordem}&direcao=${direcao}`));
    }
    // The seed's first category (ids are the set's own; the list of categories is one Query).
    const { categoriaRefs } = await import('../../../lambdas/store/categorias.ts');
    const categoria = [...(await categoriaRefs()).keys()][0] ?? 0;
    at('category view', await timed(() => `limit=${PAGE}&categoria=${categoria}`));
    at('VIP view', await timed(() => `limit=${PAGE}&vip=1&ordem=valor&direcao=desc`));
    // A word of the seed's names (e.g. "Padaria …"), and its totals computed over the matches.
    const search = await timed(() => `limit=${PAGE}&q=padaria`);
    searches.set(n, search);
    at('search "padaria"', search);
    const today = new Date().toISOString().slice(0, 10);
    const in90 = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    at('renewals (90 days)', await timed(() => `limit=${PAGE}&fimDe=${today}&fimAte=${in90}`));
    // The export: every page of the list in id-independent name order, as the streaming export reads it.
    const t0 = performance.now();
    let pages = 0;
    let rows = 0;
    let next: string | null = null;
    let server = 0;
    do {
      const r = await page(`limit=${EXPORT_PAGE}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
      server += r.ms;
      pages++;
      rows += r.body.itens.length;
      next = r.body.cursor;
    } while (next);
    const wall = performance.now() - t0;
    figures.push(reported(SECTION, `export (${pages} pages, ${rows} rows) at ${n.toLocaleString('en-US')}`, server, 'ms', `${formatMs(server)} (${formatMs(wall)} wall)`));
    log(`${set.table}: export of ${rows} rows in ${pages} pages ${formatMs(server)} (${formatMs(wall)} wall)`);
    // The export grows with the rows by nature: its growth is per row.
    if (rows > 0) bySize.set('export per 1,000 rows', (bySize.get('export per 1,000 rows') ?? new Map<number, number>()).set(n, (server / rows) * 1000));
  }
  const smallest = sizes[0]!;
  const largest = sizes.at(-1)!;
  // The growth of each figure from one size to the next (a page's time should not grow with the table).
  for (const [name, values] of bySize) {
    for (let i = 1; i < sizes.length; i++) {
      const from = values.get(sizes[i - 1]!);
      const to = values.get(sizes[i]!);
      if (from === undefined || to === undefined || from === 0) continue;
      const label = `${name}: ${sizes[i - 1]!.toLocaleString('en-US')} → ${sizes[i]!.toLocaleString('en-US')}`;
      figures.push(reported(SECTION, label, to / from, '×', `${(to / from).toFixed(2)} ×`));
    }
  }
  if (sizes.length > 1) {
    const growth = firstPage.get(largest)! / firstPage.get(smallest)!;
    figures.push(
      judged(SECTION, `first page ${largest.toLocaleString('en-US')} vs ${smallest.toLocaleString('en-US')}`, growth, '×', `${growth.toFixed(2)} ×`, `≤ ${MAX_FIRST_PAGE_GROWTH} ×`, growth <= MAX_FIRST_PAGE_GROWTH),
    );
  }
  if (searches.has(10_000)) {
    const s = searches.get(10_000)!;
    figures.push(judged(SECTION, 'search at 10,000', s, 'ms', formatMs(s), `≤ ${MAX_SEARCH_10K_MS} ms`, s <= MAX_SEARCH_10K_MS));
  }
  if (largest !== 10_000) {
    const s = searches.get(largest)!;
    figures.push(judged(SECTION, `search at ${largest.toLocaleString('en-US')}`, s, 'ms', formatMs(s), `≤ ${MAX_SEARCH_LARGEST_MS} ms`, s <= MAX_SEARCH_LARGEST_MS));
  }
  return figures;
}
