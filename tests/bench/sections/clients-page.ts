/**
 * Figure 7: `/clientes` with 10,000 clients in Chromium, served by `npm run preview`: time from
 * the data's arrival (the /api/produtos response finished) to the first cards visible and
 * interactive, time of a 'Buscar' until the grid shows the result, and the page's JS heap.
 */
import type { Page } from 'playwright-core';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { launchChromium } from '../lib/chromium.ts';
import { judged, formatMb, formatMs, reported, type Figure } from '../lib/figures.ts';
import { EDIT_LINK, IN_PAGE_TIME_UNTIL, until } from '../lib/grid.ts';
import { startPreview } from '../lib/preview.ts';
import { median } from '../lib/stats.ts';
import { paths } from '../../../web/src/paths.ts';
import { applyView, prepare } from '../../../web/src/lib/clientes-view.ts';
import type { Cliente } from '../../../lambdas/contract/types.ts';

const SECTION = 'Clients page';
export const PAGE_CLIENTS = 10_000;
export const MAX_FIRST_CARDS_MS = 1_000;
export const MAX_FILTER_MS = 100;
export const LOADS = 3;
export const SEARCH_ROUNDS = 3;

// In-page code is plain JavaScript text (the bench's TypeScript transform must not touch it).
const INSTRUMENT = `
(() => {
  const sel = ${JSON.stringify(EDIT_LINK)};
  const bench = (window.__bench = { firstCardMs: null, appearedMs: null });
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const check = () => {
    if (bench.appearedMs !== null) return;
    // The card shows in the viewport (its actions sit at its foot, below the fold at 800 px).
    const el = document.querySelector(sel)?.closest('article');
    if (!el || !visible(el)) return;
    bench.appearedMs = performance.now();
    observer.disconnect();
    // Painted (next frame) and the main thread free again (a task runs): a click is handled now.
    requestAnimationFrame(() => setTimeout(() => { bench.firstCardMs = performance.now(); }, 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

const SEARCH = `
(async ({ term, expected }) => {
  const sel = ${JSON.stringify(EDIT_LINK)};
  ${IN_PAGE_TIME_UNTIL}
  const form = document.querySelector('form[role="search"]');
  const input = form.querySelector('input');
  const button = form.querySelector('button[type="submit"]');
  // Typing is done before the clock starts: the figure is the click until the grid reflects it.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setter.call(input, term);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((r) => setTimeout(r, 50));
  const reflects = () => {
    const links = [...document.querySelectorAll(sel)];
    if (expected.length === 0) return links.length === 0;
    if (links.length === 0 || links.length > expected.length) return false;
    // The grid shows the expected records, in order, from the first one.
    return links.every((a, i) => idOf(a) === expected[i]);
  };
  return await timeUntil(reflects, () => button.click(), 'Buscar ' + JSON.stringify(term));
})
`;

async function heapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
}

/** Runs the section. */
export async function clientsPageFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const set = dataSet(PAGE_CLIENTS);
  await db.ensure(set, log);
  log(`npm run preview with ${PAGE_CLIENTS.toLocaleString('en-US')} clients…`);
  const preview = await startPreview(db, set);
  const browser = await launchChromium();
  try {
    const all = (await (await fetch(`${preview.origin}/api/produtos`)).json()) as Cliente[];
    if (all.length !== PAGE_CLIENTS) throw new Error(`/api/produtos returned ${all.length} clients, expected ${PAGE_CLIENTS}`);
    // What the grid must show: the app's own view (its correctness is tested elsewhere; the filter
    // searches the name, e-mail and CNPJ/CPF).
    const prepared = prepare(all);
    const expectedFor = (term: string) => applyView(prepared, { q: term.trim(), ordem: '', categorias: [], vip: false }).items.map((p) => p.id);
    // A narrow filter (accents and case folded), a broad one, and clearing it (all 10,000 again).
    const terms = ['padaria SAO joão', 'clínica', ''];

    const firstCards: number[] = [];
    const sinceNav: number[] = [];
    const searches: Record<string, number[]> = Object.fromEntries(terms.map((t) => [t, []]));
    const heaps: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: INSTRUMENT });
      const page = await context.newPage();
      try {
        await page.goto(`${preview.origin}${paths.clientes}`, { waitUntil: 'load' });
        await until(page, 'window.__bench && window.__bench.firstCardMs !== null', 60_000);
        const t = (await page.evaluate(`(() => {
          const api = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/produtos');
          return { dataMs: api ? api.responseEnd : null, firstCardMs: window.__bench.firstCardMs };
        })()`)) as { dataMs: number | null; firstCardMs: number };
        if (t.dataMs === null) throw new Error('no /api/produtos request seen by the page');
        firstCards.push(t.firstCardMs - t.dataMs);
        sinceNav.push(t.firstCardMs);
        // The first card's link takes a click (Playwright's actionability checks, no navigation).
        await page.locator(EDIT_LINK).first().click({ trial: true, timeout: 5_000 });
        if (load === 0) {
          for (let round = 0; round < SEARCH_ROUNDS; round++) {
            for (const term of terms) {
              const expected = expectedFor(term);
              const took = (await page.evaluate(`${SEARCH}(${JSON.stringify({ term, expected })})`)) as number;
              searches[term]!.push(took);
            }
          }
        }
        heaps.push(await heapBytes(page));
      } finally {
        await context.close();
      }
    }

    const first = median(firstCards);
    const figures: Figure[] = [
      judged(
        SECTION,
        `first cards after the data arrived (${PAGE_CLIENTS.toLocaleString('en-US')} clients)`,
        first,
        'ms',
        `${formatMs(first)} median of ${LOADS} loads (${firstCards.map((v) => v.toFixed(0)).join(', ')} ms; ${formatMs(median(sinceNav))} after navigation start)`,
        `≤ ${formatMs(MAX_FIRST_CARDS_MS)}`,
        first <= MAX_FIRST_CARDS_MS,
        { firstCards, sinceNav },
      ),
    ];
    for (const term of terms) {
      const v = median(searches[term]!);
      const matches = expectedFor(term).length;
      figures.push(
        judged(
          SECTION,
          term ? `Buscar "${term}" (${matches} matches)` : `Buscar with an empty filter (all ${matches})`,
          v,
          'ms',
          `${formatMs(v)} median of ${SEARCH_ROUNDS} (${searches[term]!.map((x) => x.toFixed(0)).join(', ')} ms)`,
          `≤ ${MAX_FILTER_MS} ms`,
          v <= MAX_FILTER_MS,
        ),
      );
    }
    const heap = median(heaps);
    figures.push(reported(SECTION, 'JS heap used with the list shown', heap, 'bytes', `${formatMb(heap)} (median of ${LOADS} loads)`, heaps));
    return figures;
  } finally {
    await browser.close();
    await preview.stop();
  }
}
