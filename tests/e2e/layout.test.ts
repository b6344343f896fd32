/**
 * Layout in Chromium: list grids of 1 column at 375 px and 4 at 1440 px, the narrow-screen
 * menu button (mouse and keyboard), and the fixed navbar never covering a page heading.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCategoria, createProduto, token } from './support/api.ts';
import { browserDate, card, describeBrowser, DESKTOP, expectPath, heading, loaded, MOBILE, search, useBrowser, visible } from './support/harness.ts';
import { NAV_LINKS, ROUTES } from './support/spec.ts';

/** The distinct left edges of the cards matching `text`: one per grid column. */
async function columns(page: Page, text: string): Promise<number> {
  const boxes = await card(page, text).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
  return new Set(boxes).size;
}

/** The bottom edge of the fixed navigation bar (its fixed/sticky container). */
async function navbarBottom(page: Page): Promise<number> {
  return page.getByRole('navigation').first().evaluate((nav) => {
    let el: Element | null = nav;
    while (el && !['fixed', 'sticky'].includes(getComputedStyle(el).position)) el = el.parentElement;
    if (!el) throw new Error('the navigation bar is not fixed');
    return el.getBoundingClientRect().bottom;
  });
}

describeBrowser('layout', () => {
  const { open } = useBrowser();

  it.each([
    { viewport: MOBILE, expected: 1 },
    { viewport: DESKTOP, expected: 4 },
  ])('lists have $expected column(s) at $viewport.width px', async ({ viewport, expected }) => {
    const { page } = await open({ viewport });
    const tok = token();
    for (const n of ['Norte', 'Sul', 'Leste', 'Oeste', 'Centro']) {
      const cat = await createCategoria(`${n} ${tok}`);
      await createProduto({ nome: `Cliente ${n} ${tok}`, categoria: cat, valorContrato: n === 'Sul' ? 50000 : 800 });
    }
    for (const path of [ROUTES.categorias, ROUTES.clientes]) {
      await page.goto(path);
      await loaded(page);
      await search(page, tok);
      await expect.poll(() => card(page, tok).count()).toBe(5);
      expect(await columns(page, tok)).toBe(expected);
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('a card with a renewal badge keeps a long name readable at $viewport.width px', async ({ viewport }) => {
    const { page } = await open({ viewport });
    const tok = token();
    const fimContrato = browserDate(12);
    await createProduto({ nome: `Padaria Pão de Açúcar Comercial ${tok}`, contato: { fimContrato } });
    await page.goto(ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    const c = card(page, tok);
    await visible(c.getByText('Renova em 12 dias'));
    // The name gets the card's width (the badge moves to its own line when it doesn't fit beside
    // it): it used to be squeezed into a column of one letter per line.
    const title = (await c.locator('.card-title').boundingBox())!;
    const whole = (await c.boundingBox())!;
    expect(title.width).toBeGreaterThan(whole.width * 0.5);
    expect(title.height).toBeLessThan(4 * 28);
  });

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('the client form at $viewport.width px: every label on one line, the contract dates side by side only where they fit', async ({ viewport }) => {
    const { page } = await open({ viewport });
    await page.goto(ROUTES.cadastrarCliente);
    await visible(heading(page));
    const labels = await page.locator('main form label').evaluateAll((els) =>
      els.map((l) => ({ text: l.textContent, lines: Math.round(l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight)) })),
    );
    expect(labels.length).toBeGreaterThan(8);
    for (const { text, lines } of labels) expect(lines, text ?? '').toBe(1);
    const inicio = (await page.getByLabel('Início do contrato').boundingBox())!;
    const fim = (await page.getByLabel('Fim do contrato').boundingBox())!;
    if (viewport === MOBILE) expect(fim.y).toBeGreaterThan(inicio.y + inicio.height);
    else expect(fim.y).toBe(inicio.y);
  });

  it('at 1440 px every navbar link shows on one line, inside the window', async () => {
    const { page } = await open({ viewport: DESKTOP });
    await page.goto(ROUTES.home);
    await visible(heading(page));
    const nav = page.getByRole('navigation').first();
    const boxes = [];
    for (const { name } of NAV_LINKS) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      boxes.push({ name, box: (await link.boundingBox())! });
    }
    for (const { name, box } of boxes) expect(box.x + box.width, name).toBeLessThanOrEqual(DESKTOP.width);
    // One line: some horizontal line crosses every link.
    expect(Math.max(...boxes.map(({ box }) => box.y))).toBeLessThan(Math.min(...boxes.map(({ box }) => box.y + box.height)));
  });

  it('the menu button opens and closes the links with the mouse and the keyboard on a narrow screen', async () => {
    const { page } = await open({ viewport: MOBILE });
    await page.goto(ROUTES.home);
    await visible(heading(page));
    const nav = page.getByRole('navigation').first();
    const menu = nav.getByRole('button', { name: /menu/i });
    const link = nav.getByRole('link', { name: 'Listar clientes', exact: true });
    expect(await link.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // Mouse.
    await menu.click();
    await visible(link);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const l of NAV_LINKS) expect(await nav.getByRole('link', { name: l.name, exact: true }).isVisible()).toBe(true);
    await menu.click();
    await link.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: Enter opens, Escape closes (focus back on the button), Space toggles.
    await menu.focus();
    await page.keyboard.press('Enter');
    await visible(link);
    await page.keyboard.press('Escape');
    await link.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await visible(link);
    await page.keyboard.press('Space');
    await link.waitFor({ state: 'hidden' });

    // A link chosen from the open menu navigates and folds the menu again.
    await page.keyboard.press('Enter');
    await visible(link);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(ROUTES.home);
    await visible(heading(page));
    await link.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('the open menu also closes on a tap outside it, on the current page\'s link, and when Tab leaves it', async () => {
    const { page } = await open({ viewport: MOBILE });
    await page.goto(ROUTES.clientes);
    await visible(heading(page));
    const nav = page.getByRole('navigation').first();
    const menu = nav.getByRole('button', { name: /menu/i });
    const current = nav.getByRole('link', { name: 'Listar clientes', exact: true });
    const closed = async () => {
      await current.waitFor({ state: 'hidden' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    };

    await menu.click();
    await visible(current);
    // The page's edge, below the open menu (the heading itself is under it).
    await page.mouse.click(4, 760);
    await closed();

    await menu.click();
    await current.click();
    await closed();
    expect(new URL(page.url()).pathname).toBe(ROUTES.clientes);

    // Keyboard: Tab past the last link leaves the navigation; the menu must not cover the page.
    await menu.focus();
    await page.keyboard.press('Enter');
    await visible(current);
    for (let i = 0; i < NAV_LINKS.length; i++) await page.keyboard.press('Tab');
    expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    await closed();
    expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  });

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('the fixed navbar never covers a page heading at $viewport.width px', async ({ viewport }) => {
    const { page } = await open({ viewport });
    const tok = token();
    const cat = await createCategoria(`Cobertura ${tok}`);
    const p = await createProduto({ nome: `Cobertura ${tok}`, categoria: cat });
    const routes = [
      '/',
      ROUTES.home,
      ROUTES.sobreNos,
      ROUTES.categorias,
      ROUTES.cadastrarCategoria,
      ROUTES.atualizarCategoria(cat.id),
      ROUTES.deletarCategoria(cat.id),
      ROUTES.clientes,
      ROUTES.cadastrarCliente,
      ROUTES.atualizarCliente(p.id),
      ROUTES.deletarCliente(p.id),
      '/nao-existe',
    ];
    const check = async (where: string) => {
      await loaded(page);
      const bottom = await navbarBottom(page);
      // Polled: the home lays its hero out anew once the portfolio's reads are in (the old h1 goes).
      await expect.poll(() => heading(page).evaluate((h) => h.getBoundingClientRect().top), { message: `h1 under the navbar on ${where}` }).toBeGreaterThanOrEqual(bottom);
    };
    for (const r of routes) {
      await page.goto(r);
      await check(r);
    }
    // After client-side navigation from a scrolled page too.
    await page.goto(ROUTES.home);
    await visible(heading(page));
    await page.mouse.wheel(0, 2000);
    // The wheel scrolls smoothly: let it end first (a scroll still animating would carry on past the click).
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(y > 0 && window.scrollY === y)));
        }),
    );
    const nav = page.getByRole('navigation').first();
    const menu = nav.getByRole('button', { name: /menu/i });
    if (await menu.isVisible()) await menu.click();
    await nav.getByRole('link', { name: 'Listar categorias', exact: true }).click();
    await expectPath(page, ROUTES.categorias);
    await check('/categorias after navigation');
  });
});
