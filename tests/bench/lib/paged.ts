/**
 * What the paged `/clientes` figures (paged-view.ts, clients-page.ts) share: the page's reads of
 * the paged route and the user's pause, the view's pages as the API answers them, the wait for the
 * first cards and the JS heap.
 */
import type { Page, Request } from 'playwright-core';
import { EDIT_LINK, until } from './grid.ts';
import { API_BASE, LIST_PREFETCH } from '../../../web/src/config.ts';
import { PAGINA_PATH } from '../../../web/src/api/clientes-pagina.ts';
import type { PaginaClientes } from '../../../lambdas/contract/types.ts';

/** The user's pause before a change: no paged read out for this long (past the read-ahead's own delay). */
export const QUIET_MS = LIST_PREFETCH.delayMs + 1_000;
const QUIET_MAX_MS = 120_000;

/** The paged route's pathname as the page requests it. */
export const PAGED_PATHNAME = `${API_BASE}${PAGINA_PATH}`;

/** The page's reads of the paged route: how many so far, and a wait until none has been out for QUIET_MS. */
export function pagedReads(page: Page) {
  let out = 0;
  let count = 0;
  let last = Date.now();
  const paged = (r: Request) => new URL(r.url()).pathname === PAGED_PATHNAME;
  page.on('request', (r) => {
    if (!paged(r)) return;
    out++;
    count++;
    last = Date.now();
  });
  const done = (r: Request) => {
    if (!paged(r)) return;
    out--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    count: () => count,
    /** Resolves with the ms from the call to the last read's end. */
    async idle(): Promise<number> {
      const start = Date.now();
      while (out > 0 || Date.now() - last < QUIET_MS) {
        if (Date.now() - start > QUIET_MAX_MS) throw new Error(`paged reads still out after ${QUIET_MAX_MS} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return Math.max(0, last - start);
    },
  };
}

/** One page of the paged route read by the bench (`path` as paginaPath gives it, without the API base), and its JSON's size. */
export async function readPagina(origin: string, path: string): Promise<{ pagina: PaginaClientes; bytes: number }> {
  const res = await fetch(`${origin}${API_BASE}${path}`);
  if (!res.ok) throw new Error(`GET ${API_BASE}${path}: ${res.status}`);
  const text = await res.text();
  return { pagina: JSON.parse(text) as PaginaClientes, bytes: Buffer.byteLength(text) };
}

/** Waits until the list's tools and its first cards show (a fresh load). */
export function untilFirstCards(page: Page, timeoutMs = 60_000): Promise<void> {
  return until(page, `!!document.querySelector('.chips') && document.querySelectorAll(${JSON.stringify(EDIT_LINK)}).length > 0`, timeoutMs);
}

/** The JS heap in use after a full garbage collection (CDP). */
export async function heapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
}
