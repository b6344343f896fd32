/**
 * `/clientes` with 10,000 clients in Chromium, served by `npm run preview`: above LIST_PAGED_ABOVE
 * the page reads the paged list, and once a view shows and the user pauses it reads ahead the
 * first pages of the views one click away (LIST_PREFETCH). Measured: from the change (select's
 * change event, chip click), made once the page is idle (no paged read out for QUIET_MS: the user's
 * pause, in which the read-ahead ends), until the first cards are exactly the view's first page as
 * the API answers it, painted and the main thread free (median of LOADS fresh loads, the changes in
 * sequence: sort by name, by value, by category, by last change, a category chip, "Só VIP"); the
 * read-ahead's reads and time per view; a sort at once after the first cards (nothing read ahead
 * yet) reported beside; and the page's JS heap (CDP, after a garbage collection) with the first
 * page shown and after scrolling until LIST_PAGED_MAX_LOADED cards are held.
 */
import { dataSet, type BenchDb } from '../lib/db.ts';
import { launchChromium } from '../lib/chromium.ts';
import { formatMs, judged, reported, type Figure } from '../lib/figures.ts';
import { EDIT_LINK, IN_PAGE_TIME_UNTIL } from '../lib/grid.ts';
import { heapBytes, pagedReads, readPagina, untilFirstCards } from '../lib/paged.ts';
import { startPreview } from '../lib/preview.ts';
import { median } from '../lib/stats.ts';
import { paths } from '../../../web/src/paths.ts';
import { PAGINA_PATH } from '../../../web/src/api/clientes-pagina.ts';
import { LIST_PAGE_SIZE, LIST_PAGED_ABOVE, LIST_PAGED_MAX_LOADED } from '../../../web/src/config.ts';
import type { Resumo } from '../../../lambdas/contract/types.ts';
import { sortKey } from '../../../web/src/lib/sort-key.ts';
import { APP_TEXTS } from '../../../web/src/texts/app.ts';
import { LISTAS_TEXTS } from '../../../web/src/texts/listas.ts';

const SECTION = 'Paged view';
export const PAGED_CLIENTS = 10_000;
export const MAX_CHANGE_MS = 150;
export const MAX_HEAP_BYTES = 50 * 1024 * 1024;
export const LOADS = 3;
/** In-page: performs a change (`how`) and resolves with the ms until the grid starts with `expected`. */
const CHANGE = `
(async ({ how, value, expected }) => {
  const sel = ${JSON.stringify(EDIT_LINK)};
  ${IN_PAGE_TIME_UNTIL}
  const reflects = () => {
    const links = [...document.querySelectorAll(sel)];
    if (links.length < expected.length) return false;
    return expected.every((id, i) => idOf(links[i]) === id);
  };
  const change = () => {
    if (how === 'sort') {
      const select = document.querySelector('.sort-control select');
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
      setter.call(select, value);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      [...document.querySelectorAll('.chips button')].find((b) => b.textContent.trim() === value).click();
    }
  };
  return await timeUntil(reflects, change, how + ' ' + JSON.stringify(value));
})
`;

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

/** Runs the section. */
export async function pagedViewFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  if (PAGED_CLIENTS <= LIST_PAGED_ABOVE) throw new Error('the paged view needs more clients than LIST_PAGED_ABOVE');
  const set = dataSet(PAGED_CLIENTS);
  await db.ensure(set, log);
  log(`npm run preview with ${PAGED_CLIENTS.toLocaleString('en-US')} clients (the paged list)…`);
  const preview = await startPreview(db, set);
  const browser = await launchChromium();
  try {
    const pageBytes: number[] = [];
    const firstIds = async (query: string): Promise<number[]> => {
      const { pagina, bytes } = await readPagina(preview.origin, `${PAGINA_PATH}?limit=${LIST_PAGE_SIZE}${query}`);
      pageBytes.push(bytes);
      return pagina.itens.map((c) => c.id);
    };
    // The chips list the categories some client uses (in the chips' order: by name), then "Sem
    // categoria" when some client has none.
    const resumo = (await (await fetch(`${preview.origin}/api/resumo`)).json()) as Resumo;
    const categorias = resumo.categorias.filter((c) => c.clientes > 0).sort((a, b) => (sortKey(a.descricao) < sortKey(b.descricao) ? -1 : 1));
    const byChange = '&ordem=alteracao&direcao=desc';
    // Each change, one click from the one before, and the view's first page as the API gives it
    // (the app maps its view to these): every sort, each category chip (pressed alone), "Sem
    // categoria" pressed and released, "Só VIP", "Sem próxima tarefa". Steps of a group are judged
    // together (their slowest median).
    interface Step {
      label: string;
      how: 'sort' | 'chip';
      value: string;
      query: string;
      group?: string;
    }
    const steps: Step[] = [
      { label: 'sort by name (pt-BR)', how: 'sort', value: 'nome', query: '' },
      { label: 'sort by name, descending', how: 'sort', value: 'nome-desc', query: '&direcao=desc' },
      { label: 'sort by contract value', how: 'sort', value: 'valor-desc', query: '&ordem=valor&direcao=desc' },
      { label: 'sort by lowest contract value', how: 'sort', value: 'valor', query: '&ordem=valor' },
      { label: 'sort by category', how: 'sort', value: 'categoria', query: '&ordem=categoria' },
      { label: 'sort by next tarefa', how: 'sort', value: 'proxima', query: '&ordem=proxima' },
      { label: 'sort by last change', how: 'sort', value: 'alteracao', query: byChange },
      ...categorias.map((c) => ({ label: `chip "${c.descricao}"`, how: 'chip' as const, value: c.descricao, query: `${byChange}&categoria=${c.id}`, group: `each category chip (${categorias.length})` })),
      ...(resumo.semCategoria.clientes > 0
        ? [
            { label: 'chip "Sem categoria"', how: 'chip' as const, value: APP_TEXTS.common.noCategoria, query: `${byChange}&categoria=0` },
            { label: 'chip "Sem categoria" released', how: 'chip' as const, value: APP_TEXTS.common.noCategoria, query: byChange },
          ]
        : [{ label: `chip "${categorias.at(-1)!.descricao}" released`, how: 'chip' as const, value: categorias.at(-1)!.descricao, query: byChange }]),
      { label: 'chip "Só VIP"', how: 'chip', value: LISTAS_TEXTS.clientes.onlyVip, query: `${byChange}&vip=1` },
      { label: 'chip "Sem próxima tarefa"', how: 'chip', value: LISTAS_TEXTS.clientes.semProxima, query: `${byChange}&vip=1&semProximaTarefa=1` },
    ];
    const expected = await Promise.all(steps.map((s) => firstIds(s.query)));
    // An empty view would count as shown at once.
    for (const [i, ids] of expected.entries()) if (ids.length === 0) throw new Error(`the view of "${steps[i]!.label}" is empty`);

    const atOnceExpected = await firstIds('&ordem=valor');
    const took: number[][] = steps.map(() => []);
    const aheadReads: number[] = [];
    const aheadMs: number[] = [];
    const atOnce: number[] = [];
    const heapFirst: number[] = [];
    const heapFull: number[] = [];
    const held: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const reads = pagedReads(page);
      try {
        await page.goto(`${preview.origin}${paths.clientes}`, { waitUntil: 'load' });
        await untilFirstCards(page);
        heapFirst.push(await heapBytes(page));
        for (const [i, s] of steps.entries()) {
          // The user's pause: the read-ahead of the view shown ends.
          const before = reads.count();
          aheadMs.push(await reads.idle());
          aheadReads.push(reads.count() - before);
          took[i]!.push((await page.evaluate(`${CHANGE}(${JSON.stringify({ how: s.how, value: s.value, expected: expected[i] })})`)) as number);
        }
        // Back to every client: a sort at once after the first cards (nothing read ahead yet), then
        // scroll until the page holds all it will (LIST_PAGED_MAX_LOADED).
        await page.goto(`${preview.origin}${paths.clientes}`, { waitUntil: 'load' });
        await untilFirstCards(page);
        atOnce.push((await page.evaluate(`${CHANGE}(${JSON.stringify({ how: 'sort', value: 'valor', expected: atOnceExpected })})`)) as number);
        let cards = 0;
        for (let stalls = 0; stalls < 20 && cards < LIST_PAGED_MAX_LOADED; ) {
          await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
          await new Promise((r) => setTimeout(r, 250));
          const now = (await page.evaluate(`document.querySelectorAll(${JSON.stringify(EDIT_LINK)}).length`)) as number;
          stalls = now === cards ? stalls + 1 : 0;
          cards = now;
        }
        held.push(cards);
        heapFull.push(await heapBytes(page));
      } finally {
        await context.close();
      }
    }
    const figures: Figure[] = [];
    const grouped = new Map<string, { label: string; ms: number }[]>();
    for (const [i, s] of steps.entries()) {
      const v = median(took[i]!);
      if (s.group) {
        grouped.set(s.group, [...(grouped.get(s.group) ?? []), { label: s.label, ms: v }]);
        continue;
      }
      figures.push(
        judged(
          SECTION,
          `${s.label}, ${PAGED_CLIENTS.toLocaleString('en-US')} clients (paged)`,
          v,
          'ms',
          `${formatMs(v)} median of ${LOADS} fresh loads (${took[i]!.map((x) => x.toFixed(0)).join(', ')} ms) to the updated first cards`,
          `≤ ${MAX_CHANGE_MS} ms`,
          v <= MAX_CHANGE_MS,
        ),
      );
    }
    for (const [group, all] of grouped) {
      const worst = Math.max(...all.map((x) => x.ms));
      figures.push(
        judged(
          SECTION,
          `${group}, ${PAGED_CLIENTS.toLocaleString('en-US')} clients (paged)`,
          worst,
          'ms',
          `slowest ${formatMs(worst)}, fastest ${formatMs(Math.min(...all.map((x) => x.ms)))} (each the median of ${LOADS} fresh loads: ${all.map((x) => x.ms.toFixed(0)).join(', ')} ms)`,
          `≤ ${MAX_CHANGE_MS} ms`,
          worst <= MAX_CHANGE_MS,
        ),
      );
    }
    figures.push(
      reported(
        SECTION,
        'the pause after each view: its paged reads (the view read again behind a page read ahead, then the views one click away not yet read) and the time to the last one',
        median(aheadMs),
        'ms',
        `${median(aheadReads)} reads in ${formatMs(median(aheadMs))} (median of ${aheadMs.length} views; reads ${Math.min(...aheadReads)}–${Math.max(...aheadReads)}, ${formatMs(Math.min(...aheadMs))}–${formatMs(Math.max(...aheadMs))}); a first page is ${(median(pageBytes) / 1024).toFixed(1)} KB of JSON`,
      ),
    );
    figures.push(reported(SECTION, `sort by lowest value at once after the first cards (nothing read ahead yet), ${PAGED_CLIENTS.toLocaleString('en-US')} clients`, median(atOnce), 'ms', `${formatMs(median(atOnce))} median of ${LOADS} (${atOnce.map((x) => x.toFixed(0)).join(', ')} ms)`));
    const first = median(heapFirst);
    const full = Math.max(...heapFull);
    figures.push(judged(SECTION, 'JS heap with the first page', first, 'bytes', `${mb(first)} (median of ${LOADS} loads)`, `≤ ${mb(MAX_HEAP_BYTES)}`, first <= MAX_HEAP_BYTES));
    figures.push(
      judged(SECTION, `JS heap with ${Math.min(...held).toLocaleString('en-US')} cards loaded by scrolling`, full, 'bytes', `${mb(full)} (largest of ${LOADS} loads; ${held.join(', ')} cards)`, `≤ ${mb(MAX_HEAP_BYTES)}`, full <= MAX_HEAP_BYTES),
    );
    return figures;
  } finally {
    await browser.close();
    await preview.stop();
  }
}
