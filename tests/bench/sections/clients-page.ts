/**
 * Figure 7: `/clientes` with 10,000 clients in Chromium, served by `npm run preview`: above
 * LIST_PAGED_ABOVE the page reads the paged list (GET /api/produtos/pagina). Measured in LOADS
 * fresh loads: from the arrival of the view's first page (its response's end) to the first cards
 * visible and interactive (and from navigation start); 'Buscar' (a server search: each word the
 * prefix of a word) from the click until the grid shows the search's first page as the API answers
 * it, with its request's time to first byte; the next page loaded by scrolling, until its cards
 * show; and the JS heap with the first page and after scrolling NEXT_PAGES pages. Each action is
 * made after the user's pause (no paged read out: the read-ahead of the views one click away has
 * ended), so it measures its own request and render.
 */
import type { Page } from 'playwright-core';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { launchChromium } from '../lib/chromium.ts';
import { judged, formatMb, formatMs, reported, type Figure } from '../lib/figures.ts';
import { EDIT_LINK, IN_PAGE_TIME_UNTIL, until } from '../lib/grid.ts';
import { heapBytes, PAGED_PATHNAME, pagedReads, readPagina } from '../lib/paged.ts';
import { startPreview } from '../lib/preview.ts';
import { median } from '../lib/stats.ts';
import { paths } from '../../../web/src/paths.ts';
import { API_BASE, LIST_PAGE_SIZE, LIST_PAGED_ABOVE, LIST_PRELOAD_MARGIN } from '../../../web/src/config.ts';
import { paginaPath } from '../../../web/src/api/clientes-pagina.ts';
import { pagedViewOf } from '../../../web/src/features/clientes/paged.ts';
import { pageAfter } from '../../../web/src/lib/paging.ts';
import type { View } from '../../../web/src/lib/clientes-url.ts';
import type { Resumo } from '../../../lambdas/contract/types.ts';

const SECTION = 'Clients page';
export const PAGE_CLIENTS = 10_000;
export const MAX_FIRST_CARDS_MS = 1_000;
/** A search's server time at 10,000 clients (the lista section judges the handler against it). */
export const SEARCH_SERVER_MS = 200;
/** The browser's own share of a change: the in-memory filter's bound before the list was paged. */
export const MAX_RENDER_MS = 100;
/** 'Buscar' end to end: the search's server bound plus the browser's share (the new cards' render, the URL) the in-memory filter had. */
export const MAX_SEARCH_MS = SEARCH_SERVER_MS + MAX_RENDER_MS;
/** A fast reading scroll (2,000 px/s): the next page is asked for LIST_PRELOAD_MARGIN ahead of it. */
const FAST_SCROLL_PX_PER_MS = 2;
/** The next page within the time a fast scroll takes to cross the preload margin: the user never waits at the end. */
export const MAX_NEXT_PAGE_MS = Number.parseInt(LIST_PRELOAD_MARGIN, 10) / FAST_SCROLL_PX_PER_MS;
export const MAX_HEAP_BYTES = 50 * 1024 * 1024;
export const LOADS = 3;
/** Pages loaded by scrolling in each load (each timed), before the heap is read. */
export const NEXT_PAGES = 8;

/** The list's view with nothing chosen (no search, the default sort, no chip). */
const ALL: View = { q: '', ordem: '', categorias: [], vip: false };
/** The first page's path of `view` as the page asks for it. */
const firstPath = (view: View) => paginaPath(pagedViewOf(view), LIST_PAGE_SIZE);

// In-page code is plain JavaScript text (the bench's TypeScript transform must not touch it).
const INSTRUMENT = `
(() => {
  // Room for every read of a load (the read-ahead's included) in the resource timeline.
  performance.setResourceTimingBufferSize(2000);
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

/** In-page: the grid holds `expected` from card `from` on (exactly them when `whole`: a view shorter than a page). */
const SHOWS = `
  const shows = (from, expected, whole) => {
    const links = [...document.querySelectorAll(${JSON.stringify(EDIT_LINK)})];
    if (whole ? links.length !== from + expected.length : links.length < from + expected.length) return false;
    return expected.every((id, i) => idOf(links[from + i]) === id);
  };
`;

/** In-page: types the search, then resolves with the ms from 'Buscar' until the grid starts with `expected`. */
const SEARCH = `
(async ({ term, expected, whole }) => {
  ${IN_PAGE_TIME_UNTIL}
  ${SHOWS}
  const form = document.querySelector('form[role="search"]');
  const input = form.querySelector('input');
  const button = form.querySelector('button[type="submit"]');
  // Typing is done before the clock starts: the figure is the click until the grid reflects it.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setter.call(input, term);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((r) => setTimeout(r, 50));
  const click = () => {
    window.__bench.clickedMs = performance.now();
    button.click();
  };
  return await timeUntil(() => shows(0, expected, whole), click, 'Buscar ' + JSON.stringify(term));
})
`;

/** In-page: scrolls to the foot of the list and resolves with the ms until the next page's cards follow the `from` held. */
const NEXT_PAGE = `
(async ({ from, expected }) => {
  ${IN_PAGE_TIME_UNTIL}
  ${SHOWS}
  const scroll = () => {
    window.__bench.scrolledMs = performance.now();
    window.scrollTo(0, document.documentElement.scrollHeight);
  };
  return await timeUntil(() => shows(from, expected, false), scroll, 'the page after ' + from + ' cards');
})
`;

interface Timing {
  /** Request start to the response's first byte: the server's time plus the local round trip. */
  ttfbMs: number;
  startMs: number;
  endMs: number;
}

/** The page's requests of `path` (a paged read, without the API base) in its resource timeline, oldest first. */
async function timingsOf(page: Page, path: string): Promise<Timing[]> {
  const wanted = new URL(`${API_BASE}${path}`, 'http://x');
  return (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => {
    const u = new URL(e.name);
    return u.pathname === ${JSON.stringify(wanted.pathname)} && u.search === ${JSON.stringify(wanted.search)};
  }).map((e) => ({ ttfbMs: e.responseStart - e.requestStart, startMs: e.startTime, endMs: e.responseEnd }))`)) as Timing[];
}

const cards = (page: Page) => page.evaluate(`document.querySelectorAll(${JSON.stringify(EDIT_LINK)}).length`) as Promise<number>;
const ms = (values: readonly number[]) => `${values.map((v) => v.toFixed(0)).join(', ')} ms`;

/** Runs the section. */
export async function clientsPageFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  if (PAGE_CLIENTS <= LIST_PAGED_ABOVE) throw new Error('the clients page section measures the paged list: it needs more clients than LIST_PAGED_ABOVE');
  const set = dataSet(PAGE_CLIENTS);
  await db.ensure(set, log);
  log(`npm run preview with ${PAGE_CLIENTS.toLocaleString('en-US')} clients (the paged list)…`);
  const preview = await startPreview(db, set);
  const browser = await launchChromium();
  try {
    const resumo = (await (await fetch(`${preview.origin}${API_BASE}/resumo`)).json()) as Resumo;
    if (resumo.clientes !== PAGE_CLIENTS) throw new Error(`/api/resumo counts ${resumo.clientes} clients, expected ${PAGE_CLIENTS}`);
    // What the grid must show: the view's pages as the API answers them (the app maps its view to
    // these paths). The first pages of every client, in the list's order, for the scrolling.
    const first = firstPath(ALL);
    const pages: { path: string; ids: number[] }[] = [];
    for (let path: string | null = first; path !== null && pages.length < NEXT_PAGES + 4; ) {
      const { pagina } = await readPagina(preview.origin, path);
      pages.push({ path, ids: pagina.itens.map((c) => c.id) });
      path = pagina.cursor === null ? null : pageAfter(first, pagina.cursor);
    }
    if (pages.length < NEXT_PAGES + 4) throw new Error(`the list has ${pages.length} pages, fewer than the scrolling needs`);
    // A narrow search (several words, accents and case folded), a broad word (1 name in 20: the
    // lista section's server figure), a word's prefix, and clearing it (all clients again).
    const terms = ['padaria SAO joão', 'padaria', 'clín', ''];
    const searched = await Promise.all(
      terms.map(async (term) => {
        const path = firstPath({ ...ALL, q: term.trim() });
        const { pagina } = await readPagina(preview.origin, path);
        const expected = pagina.itens.map((c) => c.id);
        if (expected.length === 0) throw new Error(`Buscar ${JSON.stringify(term)} finds nothing`);
        return { term, path, expected, whole: pagina.cursor === null, matches: pagina.totais?.clientes ?? expected.length };
      }),
    );

    const firstCards: number[] = [];
    const sinceNav: number[] = [];
    const firstTtfb: number[] = [];
    const searches: number[][] = terms.map(() => []);
    const searchTtfb: number[][] = terms.map(() => []);
    /** From the click to the search's response's end. */
    const searchAnswered: number[][] = terms.map(() => []);
    const nextPage: number[] = [];
    const nextTtfb: number[] = [];
    /** From the scroll to the next page's request, and to its response's end. */
    const nextAsked: number[] = [];
    const nextAnswered: number[] = [];
    const clearReads: number[] = [];
    const heapFirst: number[] = [];
    const heapScrolled: number[] = [];
    const held: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: INSTRUMENT });
      const page = await context.newPage();
      const reads = pagedReads(page);
      let wholeList = false;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === `${API_BASE}/produtos`) wholeList = true;
      });
      try {
        await page.goto(`${preview.origin}${paths.clientes}`, { waitUntil: 'load' });
        await until(page, 'window.__bench && window.__bench.firstCardMs !== null', 60_000);
        const firstCardMs = (await page.evaluate('window.__bench.firstCardMs')) as number;
        const [own] = await timingsOf(page, first);
        if (own === undefined) {
          const paged = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === ${JSON.stringify(PAGED_PATHNAME)}).length`)) as number;
          throw new Error(paged === 0 ? 'no /api/produtos/pagina request seen by the page' : `the page did not read its view's first page (${API_BASE}${first}) before its first cards`);
        }
        if (wholeList) throw new Error(`the page read the whole list (GET ${API_BASE}/produtos) at ${PAGE_CLIENTS} clients`);
        // The cards shown are the view's first page (the read's own cards, not a placeholder).
        const shownIds = (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(EDIT_LINK)})].map((a) => Number(a.getAttribute('href').split('/').pop()))`)) as number[];
        if (shownIds.slice(0, LIST_PAGE_SIZE).join() !== pages[0]!.ids.join()) throw new Error('the first cards are not the first page of the list');
        firstCards.push(firstCardMs - own.endMs);
        sinceNav.push(firstCardMs);
        firstTtfb.push(own.ttfbMs);
        // The first card's link takes a click (Playwright's actionability checks, no navigation).
        await page.locator(EDIT_LINK).first().click({ trial: true, timeout: 5_000 });
        heapFirst.push(await heapBytes(page));

        // Each search after the user's pause: a fresh load has read none of them (the read-ahead never reads a search).
        for (const [i, s] of searched.entries()) {
          await reads.idle();
          const before = (await timingsOf(page, s.path)).length;
          searches[i]!.push((await page.evaluate(`${SEARCH}(${JSON.stringify({ term: s.term, expected: s.expected, whole: s.whole })})`)) as number);
          const seen = await timingsOf(page, s.path);
          if (!s.term) {
            // The first page shows again from what was read; reads of it behind the cards are counted.
            await reads.idle();
            clearReads.push((await timingsOf(page, s.path)).length - before);
            continue;
          }
          if (seen.length !== before + 1) throw new Error(`Buscar ${JSON.stringify(s.term)}: ${seen.length - before} requests of its first page, expected 1`);
          const clickedMs = (await page.evaluate('window.__bench.clickedMs')) as number;
          searchTtfb[i]!.push(seen.at(-1)!.ttfbMs);
          searchAnswered[i]!.push(seen.at(-1)!.endMs - clickedMs);
        }

        // Back on every client (the first page shown again): scroll to the foot, page after page.
        for (let p = 0; p < NEXT_PAGES; p++) {
          await reads.idle();
          const from = await cards(page);
          const next = pages[from / LIST_PAGE_SIZE];
          if (from % LIST_PAGE_SIZE !== 0 || next === undefined) throw new Error(`the page holds ${from} cards before scroll ${p + 1}`);
          const before = (await timingsOf(page, next.path)).length;
          nextPage.push((await page.evaluate(`${NEXT_PAGE}(${JSON.stringify({ from, expected: next.ids })})`)) as number);
          const seen = await timingsOf(page, next.path);
          if (seen.length !== before + 1) throw new Error(`scroll ${p + 1}: ${seen.length - before} requests of the next page, expected 1`);
          const read = seen.at(-1)!;
          const scrolledMs = (await page.evaluate('window.__bench.scrolledMs')) as number;
          nextTtfb.push(read.ttfbMs);
          nextAsked.push(read.startMs - scrolledMs);
          nextAnswered.push(read.endMs - scrolledMs);
        }
        await reads.idle();
        if (wholeList) throw new Error(`the page read the whole list (GET ${API_BASE}/produtos) at ${PAGE_CLIENTS} clients`);
        held.push(await cards(page));
        heapScrolled.push(await heapBytes(page));
      } finally {
        await context.close();
      }
    }

    const clients = PAGE_CLIENTS.toLocaleString('en-US');
    const firstMedian = median(firstCards);
    const figures: Figure[] = [
      judged(
        SECTION,
        `first cards after the data arrived (${clients} clients)`,
        firstMedian,
        'ms',
        `${formatMs(firstMedian)} median of ${LOADS} loads (${ms(firstCards)}) from the end of the first /api/produtos/pagina response (${LIST_PAGE_SIZE} clients; its time to first byte ${formatMs(median(firstTtfb))})`,
        `≤ ${formatMs(MAX_FIRST_CARDS_MS)}`,
        firstMedian <= MAX_FIRST_CARDS_MS,
        { firstCards, firstTtfb },
      ),
      reported(SECTION, `first cards after navigation start (${clients} clients)`, median(sinceNav), 'ms', `${formatMs(median(sinceNav))} median of ${LOADS} loads (${ms(sinceNav)})`, { sinceNav }),
    ];
    for (const [i, s] of searched.entries()) {
      const v = median(searches[i]!);
      const target = s.term ? MAX_SEARCH_MS : MAX_RENDER_MS;
      const how = s.term
        ? `from the click to the search's first cards, its request included (answered at ${formatMs(median(searchAnswered[i]!))} median; time to first byte ${formatMs(median(searchTtfb[i]!))}: ${ms(searchTtfb[i]!)})`
        : `from the click to the first page again, shown from what was read (${clearReads.every((n) => n === 0) ? 'not read again' : `read again behind the cards: ${clearReads.join(', ')} requests`})`;
      figures.push(
        judged(
          SECTION,
          s.term ? `Buscar "${s.term}" (${s.matches} matches)` : `Buscar with an empty filter (all ${resumo.clientes})`,
          v,
          'ms',
          `${formatMs(v)} median of ${LOADS} fresh loads (${ms(searches[i]!)}) ${how}`,
          `≤ ${formatMs(target)}`,
          v <= target,
          { samples: searches[i], ttfb: searchTtfb[i], answered: searchAnswered[i] },
        ),
      );
    }
    const ttfbs = searched.flatMap((s, i) => (s.term ? [{ term: s.term, v: median(searchTtfb[i]!) }] : []));
    const slowest = Math.max(...ttfbs.map((t) => t.v));
    figures.push(
      reported(
        SECTION,
        `Buscar's server time (its request's time to first byte, the local API's round trip included), ${clients} clients`,
        slowest,
        'ms',
        `slowest ${formatMs(slowest)} (medians: ${ttfbs.map((t) => `"${t.term}" ${formatMs(t.v)}`).join(', ')}); the handler's own time is judged by --only=lista (≤ ${SEARCH_SERVER_MS} ms)`,
      ),
    );
    const next = median(nextPage);
    figures.push(
      judged(
        SECTION,
        `next page by scrolling (${LIST_PAGE_SIZE} cards, ${clients} clients)`,
        next,
        'ms',
        `${formatMs(next)} median of ${nextPage.length} (${NEXT_PAGES} pages in each of ${LOADS} loads; ${formatMs(Math.min(...nextPage))}–${formatMs(Math.max(...nextPage))}) from the scroll to the foot until the page's cards show; medians: its request asked ${formatMs(median(nextAsked))} after the scroll, answered at ${formatMs(median(nextAnswered))} (time to first byte ${formatMs(median(nextTtfb))})`,
        `≤ ${formatMs(MAX_NEXT_PAGE_MS)}`,
        next <= MAX_NEXT_PAGE_MS,
        { nextPage, nextTtfb, nextAsked, nextAnswered },
      ),
    );
    figures.push(reported(SECTION, 'JS heap with the first page', median(heapFirst), 'bytes', `${formatMb(median(heapFirst))} (median of ${LOADS} loads, after a garbage collection)`, heapFirst));
    const heap = Math.max(...heapScrolled);
    figures.push(
      judged(
        SECTION,
        `JS heap after scrolling ${NEXT_PAGES} pages (${Math.min(...held)} cards)`,
        heap,
        'bytes',
        `${formatMb(heap)} (largest of ${LOADS} loads, after a garbage collection; ${held.join(', ')} cards)`,
        `≤ ${formatMb(MAX_HEAP_BYTES)}`,
        heap <= MAX_HEAP_BYTES,
        heapScrolled,
      ),
    );
    return figures;
  } finally {
    await browser.close();
    await preview.stop();
  }
}
