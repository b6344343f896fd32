/**
 * The portfolio views in Chromium against the production build: the client list's
 * sort, chips, totals and URL state (reload and Back keep the view), the category cards' totals
 * and links, the home's numbers against a data set whose totals the test computes itself, and the
 * prerendered pages (their own HTML, painted without JavaScript, hydrated without a mismatch —
 * the guards fail a test on any console error — and no layout shift).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Cliente } from '../../lambdas/contract/index.ts';
import { createCategoria, createProduto, listProdutos, token } from './support/api.ts';
import { browserYear, card, describeBrowser, DESKTOP, E2E, heading, loaded, MOBILE, search, useBrowser, visible } from './support/harness.ts';
import { AUTH, signInOnPage } from './support/auth.ts';
import { HOME_COOKIE } from '../../web/src/config.ts';
import { expectNoShift, watchShifts } from './support/shifts.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (v: number) => brl.format(v);
const VIP = 10000;

/** Waits until what a prerendered page learns after hydration is in: the footer's year, the network quiet. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.copyright').textContent()).toContain(String(browserYear()));
  await page.waitForLoadState('networkidle');
}

/** The names of the cards shown, in order. */
const names = (page: Page) => page.locator('main').getByRole('article').locator('.card-title').allTextContents();

describeBrowser('portfolio views', () => {
  const { open } = useBrowser();

  it('/clientes: sort, chips and totals apply at once, live in the URL, survive a reload and walk back with Back', async () => {
    const tok = token();
    const a = await createCategoria(`Varejo ${tok}`);
    const b = await createCategoria(`Saúde ${tok}`);
    const data = [
      { nome: `Loja 10 ${tok}`, valorContrato: 25000, categoria: a },
      { nome: `Álvaro ${tok}`, valorContrato: 500.5, categoria: a },
      { nome: `Loja 2 ${tok}`, valorContrato: 12000, categoria: b },
      { nome: `alvaro ${tok}`, valorContrato: 9000, categoria: b },
      { nome: `Avulso ${tok}`, valorContrato: 30000, categoria: null },
    ];
    for (const d of data) await createProduto(d);
    const { page } = await open();
    await page.goto(`/clientes?q=${tok}`);
    await loaded(page);
    await visible(card(page, `Loja 10 ${tok}`));

    // Sort by name: pt-BR (accents aside, numbers by value).
    await page.getByLabel('Ordenar por').selectOption('nome');
    await expect.poll(() => names(page)).toEqual([`alvaro ${tok}`, `Álvaro ${tok}`, `Avulso ${tok}`, `Loja 2 ${tok}`, `Loja 10 ${tok}`]);
    expect(new URL(page.url()).searchParams.get('ordem')).toBe('nome');

    // A chip: only that category; the totals of what is shown, announced politely.
    const chip = page.getByRole('button', { name: `Varejo ${tok}` });
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('false');
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => names(page)).toEqual([`Álvaro ${tok}`, `Loja 10 ${tok}`]);
    const status = page.locator('main [role="status"]').first();
    await expect.poll(() => status.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => status.textContent()).toContain(money(25500.5));
    expect(await status.textContent()).toContain('1 VIP');

    // Só VIP too, and the sort by value.
    await page.getByRole('button', { name: 'Só VIP' }).click();
    await page.getByRole('button', { name: `Saúde ${tok}` }).click();
    await page.getByLabel('Ordenar por').selectOption('valor-desc');
    await expect.poll(() => names(page)).toEqual([`Loja 10 ${tok}`, `Loja 2 ${tok}`]);
    await expect.poll(() => status.textContent()).toContain(money(37000));
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: tok, ordem: 'valor-desc', categoria: [a.id, b.id].sort((x, y) => x - y).join(','), vip: '1' });

    // Reload keeps the view.
    await page.reload();
    await loaded(page);
    await expect.poll(() => names(page)).toEqual([`Loja 10 ${tok}`, `Loja 2 ${tok}`]);
    expect(await page.getByRole('search').getByRole('searchbox').inputValue()).toBe(tok);

    // Back walks the views: before the sort, before Saúde, before Só VIP.
    await page.goBack();
    await expect.poll(() => names(page)).toEqual([`Loja 2 ${tok}`, `Loja 10 ${tok}`]);
    await page.goBack();
    await expect.poll(() => names(page)).toEqual([`Loja 10 ${tok}`]);
    await page.goBack();
    await expect.poll(() => names(page)).toEqual([`Álvaro ${tok}`, `Loja 10 ${tok}`]);
  });

  it('/categorias: each card shows its clients and total and links to the filtered list; sort by total', async () => {
    const tok = token();
    const big = await createCategoria(`Grande ${tok}`);
    const small = await createCategoria(`Pequena ${tok}`);
    await createProduto({ nome: `G1 ${tok}`, valorContrato: 40000, categoria: big });
    await createProduto({ nome: `G2 ${tok}`, valorContrato: 1000.25, categoria: big });
    await createProduto({ nome: `P1 ${tok}`, valorContrato: 10, categoria: small });
    const { page } = await open();
    await page.goto('/categorias');
    await loaded(page);
    // Only this test's categories (other files' may fill the first cards).
    await search(page, tok);
    const bigCard = card(page, `Grande ${tok}`);
    await expect.poll(() => bigCard.locator('.categoria-totais').textContent()).toBe(`2 clientes · ${money(41000.25)} em contratos, ver clientes de Grande ${tok}`);
    await expect.poll(() => card(page, `Pequena ${tok}`).locator('.categoria-totais').textContent()).toBe(`1 cliente · ${money(10)} em contratos, ver clientes de Pequena ${tok}`);
    await page.getByLabel('Ordenar por').selectOption('total');
    await expect.poll(() => page.locator('main').getByRole('article').locator('.card-title').allTextContents()).toEqual([`Grande ${tok}`, `Pequena ${tok}`]);
    await bigCard.locator('.categoria-totais a').click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/clientes?categoria=${big.id}`);
    await loaded(page);
    await expect.poll(() => names(page)).toEqual([`G1 ${tok}`, `G2 ${tok}`]);
  });

  it('/: the portfolio first, its numbers equal a recount of the data; each bar links to its clients', async () => {
    const tok = token();
    const cat = await createCategoria(`Carteira ${tok}`);
    await createProduto({ nome: `C1 ${tok}`, valorContrato: 99999999, categoria: cat });
    const all: Cliente[] = await listProdutos();
    const soma = all.reduce((s, c) => s + Math.round(c.valorContrato * 100), 0) / 100;
    const vips = all.filter((c) => c.valorContrato > VIP).length;
    const { page } = await open();
    await page.goto('/');
    const kpis = page.locator('.kpis');
    await expect.poll(() => kpis.locator('.kpi-value').allTextContents()).toEqual([
      String(all.length),
      String(vips),
      money(soma),
      money(Math.round((soma / all.length) * 100) / 100),
    ]);
    // The biggest category is the first bar; its link goes to the list filtered by it.
    const bar = page.getByRole('link', { name: new RegExp(`^Carteira ${tok} R\\$`) });
    expect(await bar.getAttribute('href')).toBe(`/clientes?categoria=${cat.id}`);
    // The table alternative carries the same values.
    const row = page.locator('.chart table tr', { hasText: `Carteira ${tok}` });
    expect(await row.locator('td').allTextContents()).toEqual(['1', money(99999999)]);
    // The hero is still there, below.
    await visible(heading(page));
    await bar.click();
    await loaded(page);
    await expect.poll(() => names(page)).toEqual([`C1 ${tok}`]);
  });

  it('/ on a phone: the amounts shown whole, nothing wider than the screen; a navigation to it starts at the portfolio', async () => {
    const { page } = await open({ viewport: MOBILE });
    await page.goto('/');
    const values = page.locator('.kpis .kpi-value');
    await visible(values.first());
    // Each number fits its box (no "R$ 602.…"), and the page does not scroll sideways.
    for (const v of await values.all()) expect(await v.evaluate((e) => e.scrollWidth <= e.clientWidth), await v.textContent() ?? '').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    // From another page, scrolled down: the home starts at its top, the portfolio first (the h1,
    // focused for screen readers, is the hero below it).
    await page.goto('/sobre-nos');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Clientela', exact: true }).first().click(); // the brand: /home
    await visible(values.first());
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('/ and /sobre-nos are prerendered: their own HTML with the page in it; other routes get the empty shell', async () => {
    const html = async (p: string) => (await fetch(`${E2E.baseUrl}${p}`)).text();
    const home = await html('/');
    expect(home).toContain('Gerencie seus clientes com a Clientela');
    expect(home).toContain('<title>Início · Clientela</title>');
    expect(home).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script (the CSP)
    // Hydration starts after the first paint: one boot module, no preloads competing with the paint.
    expect(home).not.toContain('rel="modulepreload"');
    const boot = /<script type="module"[^>]*src="(\/assets\/boot-[^"]+\.js)"/.exec(home)?.[1];
    expect(boot).toBeDefined();
    const shellEntry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(await html('/clientes'))?.[1];
    expect(await html(boot!)).toContain(JSON.stringify(shellEntry));
    const about = await html('/sobre-nos');
    expect(about).toContain('<title>Sobre nós · Clientela</title>');
    expect(about).toMatch(/<h1[^>]*>Sobre nós<\/h1>/);
    for (const p of ['/clientes', '/home', '/categorias']) expect(await html(p)).toContain('<div id="root"></div>');
    // A browser the app saw as a visitor's gets the home prerendered for visitors (the compact frame).
    const page$ = (doc: string) => doc.slice(doc.indexOf('<div id="root">')); // the stylesheet is inlined above
    expect(page$(home)).not.toContain('portfolio-compact');
    const visitor = await (await fetch(`${E2E.baseUrl}/`, { headers: { cookie: `${HOME_COOKIE}=visitante` } })).text();
    expect(page$(visitor)).toContain('portfolio-compact');
    expect(visitor).toContain('Gerencie seus clientes com a Clientela');
    // Painted without JavaScript.
    const nojs = await open({ javaScriptEnabled: false });
    nojs.allowFailures(/^\/assets\/.*\.js$/); // scripts off: the browser refuses them
    const { page } = nojs;
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: 'Gerencie seus clientes com a Clientela' }));
  });

  it.each([
    ['a phone', MOBILE],
    ['a desktop at 1440 px', DESKTOP],
  ])('loading / and /sobre-nos on %s shifts nothing: CLS 0 while the session, the numbers and the year arrive', async (_, viewport) => {
    const { page } = await open({ viewport });
    await watchShifts(page);
    for (const path of ['/', '/sobre-nos']) {
      await page.goto(path);
      await visible(heading(page));
      if (path === '/') await visible(page.locator('.kpis .kpi-value'));
      await settled(page);
      await expectNoShift(page, path);
    }
  });
});

describeBrowser('the home with sign-in on', () => {
  const { open } = useBrowser();

  it.each([
    ['a phone', MOBILE],
    ['a desktop at 1440 px', DESKTOP],
  ])('a visitor on %s: first the dashboard’s space fitted to the invitation, then served the compact invitation with the hero in the first screen; CLS 0 each time', async (_, viewport) => {
    const { page, context } = await open({ viewport, baseURL: AUTH.baseUrl });
    await watchShifts(page);
    const invitation = page.getByText('Entre para ver sua carteira');
    const homeCookie = async () => (await context.cookies()).find((c) => c.name === HOME_COOKIE)?.value;

    // A first visit: nothing tells the edge who this is; the dashboard's space is reserved, and
    // the block then fits the invitation (nothing below it was on screen yet).
    await page.goto('/');
    await visible(invitation);
    await settled(page);
    await expectNoShift(page, '/');
    expect(await page.locator('.portfolio-compact').count()).toBe(0);
    await expect.poll(homeCookie).toBe('visitante');

    // From now on this browser is served the visitor's home: compact, the headline in view.
    for (const path of ['/', '/sobre-nos']) {
      await page.goto(path);
      await visible(heading(page));
      if (path === '/') {
        await visible(invitation);
        expect(await page.locator('.portfolio-compact').count()).toBe(1);
        const h1 = (await heading(page).boundingBox())!;
        expect(h1.y + h1.height).toBeLessThanOrEqual(viewport.height);
      }
      await settled(page);
      await expectNoShift(page, path);
    }
  });

  it('signed in (an administrator: the longest navbar), at 1440 px: the dashboard, and nothing shifts as the account entries arrive', async () => {
    const { page, context } = await open({ viewport: DESKTOP, baseURL: AUTH.baseUrl });
    // Served once as a visitor: signing in takes the hint back.
    await page.goto('/entrar');
    await signInOnPage(page, AUTH.admin.email, AUTH.admin.password, true);
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/entrar');
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === HOME_COOKIE)).toBe(false);

    await watchShifts(page);
    for (const path of ['/', '/sobre-nos']) {
      await page.goto(path);
      await visible(heading(page));
      await visible(page.getByRole('button', { name: 'Sair' }));
      // The numbers, or the invitation to a first client (this server's data is the tests').
      if (path === '/') await visible(page.locator('.portfolio :is(.kpis .kpi-value, .portfolio-message)'));
      await settled(page);
      await expectNoShift(page, path);
    }
  });
});
