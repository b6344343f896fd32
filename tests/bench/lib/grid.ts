/**
 * What the client-list figures (clients-page.ts, clients-view.ts, paged-view.ts) share: the cards'
 * edit link, the in-page timer of a change until the grid shows its result, and a poll from the
 * bench side.
 */
import type { Page } from 'playwright-core';
import { paths } from '../../../web/src/paths.ts';

/** A card's edit link: the card holding it in view and a free main thread make the card usable. */
export const EDIT_LINK = `a[href^="${paths.atualizarCliente.to('')}"]`;

/**
 * In-page JavaScript (plain text: the bench's TypeScript transform must not touch it), to paste
 * into a page script: `timeUntil(reflects, act, what)` resolves with the ms from `act()` until
 * `reflects()` holds, painted (next frame) and the main thread free again (a task runs); a grid
 * that never shows it fails the figure after 30 s instead of hanging the bench.
 */
export const IN_PAGE_TIME_UNTIL = `
  const idOf = (a) => Number(a.getAttribute('href').split('/').pop());
  const timeUntil = (reflects, act, what) => new Promise((resolve, reject) => {
    let t0 = 0;
    setTimeout(() => reject(new Error(what + ': the grid never showed the expected clients')), 30000);
    const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    const observer = new MutationObserver(() => {
      if (reflects()) { observer.disconnect(); done(); }
    });
    observer.observe(document.querySelector('main'), { childList: true, subtree: true, attributes: true, characterData: true });
    t0 = performance.now();
    act();
  });
`;

/** Polls an expression (page.waitForFunction would eval it in the page, which the CSP forbids). */
export async function until(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
