/**
 * Layout shifts as the page's users would feel them: Chromium's layout-shift entries (not after
 * input), counted from each document's first paint.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Counts the page's layout shifts (not after input) from its first paint, in every document it
 * loads, and keeps what moved (a failure names it).
 */
export async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __moved: string[] };
    w.__cls = 0;
    w.__moved = [];
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        for (const s of e.sources) {
          const n = s.node;
          const what = n instanceof Element ? n.outerHTML.slice(0, 120) : `text "${(n?.textContent ?? '?').slice(0, 40)}" in ${n?.parentElement?.outerHTML.slice(0, 80) ?? '?'}`;
          w.__moved.push(`${e.value.toExponential(2)} at ${Math.round(e.startTime)} ms: ${what}: ${rect(s.previousRect)} → ${rect(s.currentRect)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shift score; what moved, when it is not 0. */
export async function expectNoShift(page: Page, path: string): Promise<void> {
  const { cls, moved } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __moved: string[] };
    return { cls: w.__cls, moved: w.__moved };
  });
  expect(cls, `${path}: ${moved.join('\n')}`).toBe(0);
}
