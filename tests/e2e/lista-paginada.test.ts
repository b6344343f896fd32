/**
 * The paged client list in Chromium at 375 and 1440 px: a portfolio above LIST_PAGED_ABOVE
 * clients reads /api/produtos/pagina (never the whole list), loads the next page as the user
 * scrolls, and keeps sort, chips, VIP and search in the URL (Back walks the views). Seeding
 * 2,000 clients takes minutes on DynamoDB Local, so the portfolio's count (GET /resumo, the one
 * thing that decides the mode) is reported above the threshold; every page comes from the real API.
 * After a pause on a view, the sorts and chips one click away are read ahead: a sort change then
 * shows its first cards while its own read is still out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { Categoria } from '../../lambdas/contract/index.ts';
import { createCategoria, createProduto, token } from './support/api.ts';
import { card, describeBrowser, DESKTOP, E2E, loaded, MOBILE, search, useBrowser, visible } from './support/harness.ts';
import { LIST_PAGE_SIZE, LIST_PAGED_ABOVE, LIST_PREFETCH } from '../../web/src/config.ts';

const TOTAL = LIST_PAGE_SIZE + 6;
const IN_CATEGORY = 12;
const VIPS = 4;

interface Seed {
  word: string;
  categoria: Categoria;
}

/** TOTAL clients named `<word> NN`, the first IN_CATEGORY in one category, the last VIPS VIP (value above 10,000). */
async function seed(): Promise<Seed> {
  const word = token();
  const categoria = await createCategoria(`Paginada ${word}`);
  for (let i = 0; i < TOTAL; i += 15)
    await Promise.all(
      Array.from({ length: Math.min(15, TOTAL - i) }, (_, k) => {
        const n = i + k;
        return createProduto({
          nome: `${word} ${String(n).padStart(2, '0')}`,
          valorContrato: n >= TOTAL - VIPS ? 20_000 + n : 1_000 + n,
          categoria: n < IN_CATEGORY ? categoria : null,
        });
      }),
    );
  return { word, categoria };
}

/** The page's API reads, and the portfolio's count reported above the threshold. */
async function pagedPortfolio(page: Page): Promise<string[]> {
  const reads: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/produtos')) reads.push(u.pathname + u.search);
  });
  await page.route('**/api/resumo', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { clientes: number };
    await route.fulfill({ response: res, json: { ...body, clientes: Math.max(body.clientes, LIST_PAGED_ABOVE + 1) } });
  });
  return reads;
}

/** 'Exportar' clicked: the downloaded file's lines (the browser runs remotely: saved to a local copy first). */
async function exportedLines(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lista-paginada-')), 'clientes.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  rmSync(path.dirname(file), { recursive: true, force: true });
  return csv.split('\r\n').filter(Boolean);
}

const cards = (page: Page) => page.locator('main ul[aria-label="Clientes"] > li');
const names = async (page: Page) => (await page.locator('main ul[aria-label="Clientes"] .card-title').allInnerTexts()).map((t) => t.trim());

describeBrowser('the paged client list', () => {
  const { open } = useBrowser();
  let data: Seed;
  it('seeds', async () => {
    data = await seed();
  }, 60_000);

  for (const [label, viewport] of [['375 px', MOBILE], ['1440 px', DESKTOP]] as const)
    it(`scrolls, sorts, filters, searches and goes Back at ${label}`, async () => {
      const { page } = await open({ viewport });
      const reads = await pagedPortfolio(page);
      const { word, categoria } = data;

      await page.goto(`${E2E.baseUrl}/clientes`);
      await loaded(page);
      await search(page, word);
      await expect.poll(() => page.url()).toContain(`q=${word}`);
      // The search's view rendered (its clear link): until then the whole list's status and cards
      // (the same 30 clients on a fresh table) still show, and its cards are about to go.
      await visible(page.locator('main .result-clear'));
      const status = page.locator('main .result-count');
      await expect.poll(() => status.innerText()).toMatch(new RegExp(`^${TOTAL} de `));
      // One page first, the next ones as the user scrolls to the end.
      await expect.poll(() => cards(page).count()).toBe(LIST_PAGE_SIZE);
      for (let shown = LIST_PAGE_SIZE; shown < TOTAL; shown = await cards(page).count()) {
        await cards(page).last().scrollIntoViewIfNeeded();
        await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
      }
      expect(await cards(page).count()).toBe(TOTAL);
      expect(reads.some((r) => r === '/api/produtos')).toBe(false);
      expect(reads.filter((r) => r.startsWith('/api/produtos/pagina') && r.includes('cursor=')).length).toBeGreaterThanOrEqual(1);
      // The name order by default (the route has no order of creation).
      expect((await names(page)).slice(0, 3)).toEqual([`${word} 00`, `${word} 01`, `${word} 02`]);

      if (viewport === DESKTOP) {
        // Exportar writes the view page by page into one file.
        const lines = await exportedLines(page);
        expect(lines).toHaveLength(TOTAL + 1);
        expect(lines[1]).toContain(`${word} 00`);
        expect(lines[TOTAL]).toContain(`${word} ${TOTAL - 1}`);
        await visible(page.getByRole('button', { name: 'Exportar' }));
      }

      // Sort: the highest value first, in the URL.
      await page.getByLabel('Ordenar por').selectOption({ label: 'Maior valor de contrato' });
      await expect.poll(() => page.url()).toContain('ordem=valor-desc');
      await expect.poll(async () => (await names(page))[0]).toBe(`${word} ${TOTAL - 1}`);

      // A category chip: its clients only, the totals of that view.
      await page.getByRole('group', { name: 'Filtrar por categoria' }).getByRole('button', { name: categoria.descricao }).click();
      await expect.poll(() => page.url()).toContain(`categoria=${categoria.id}`);
      await expect.poll(() => status.innerText()).toMatch(new RegExp(`^${IN_CATEGORY} de `));
      await expect.poll(async () => (await names(page))[0]).toBe(`${word} ${IN_CATEGORY - 1}`);

      // Back: the whole search again, still by value.
      await page.goBack();
      await expect.poll(() => page.url()).not.toContain('categoria=');
      await expect.poll(() => status.innerText()).toMatch(new RegExp(`^${TOTAL} de `));

      // Só VIP.
      await page.getByRole('button', { name: 'Só VIP' }).click();
      await expect.poll(() => page.url()).toContain('vip=1');
      await expect.poll(() => status.innerText()).toMatch(new RegExp(`^${VIPS} de `));
      await expect.poll(() => cards(page).count()).toBe(VIPS);

      // A search by the prefix of a second word narrows it to one client.
      await search(page, `${word} ${TOTAL - 2}`);
      await visible(card(page, `${word} ${TOTAL - 2}`));
      await expect.poll(() => cards(page).count()).toBe(1);
      await expect.poll(() => status.innerText()).toMatch(/^1 de /);

      // Back twice: VIP without the search, then the view before VIP; a reload keeps the view.
      await page.goBack();
      await expect.poll(() => cards(page).count()).toBe(VIPS);
      await page.goBack();
      await expect.poll(() => page.url()).not.toContain('vip=1');
      await page.reload();
      await loaded(page);
      await expect.poll(() => status.innerText()).toMatch(new RegExp(`^${TOTAL} de `));
      await expect.poll(async () => (await names(page))[0]).toBe(`${word} ${TOTAL - 1}`);
    }, 90_000);

  /** The category's clients highest value first, as the export must write them. */
  const byValueDesc = () => Array.from({ length: IN_CATEGORY }, (_, i) => `${data.word} ${String(IN_CATEGORY - 1 - i).padStart(2, '0')}`);

  /** The category by value shown, then exported: its rows checked; the API reads the export made. */
  async function exportCategoryByValue(page: Page, reads: string[]): Promise<string[]> {
    const { word, categoria } = data;
    await page.goto(`${E2E.baseUrl}/clientes?ordem=valor-desc&categoria=${categoria.id}`);
    await loaded(page);
    await expect.poll(async () => (await names(page))[0]).toBe(`${word} ${IN_CATEGORY - 1}`);
    const before = reads.length;
    const rows = (await exportedLines(page)).slice(1);
    expect(rows.map((l) => l.split(';')[0])).toEqual(byValueDesc());
    return reads.slice(before);
  }

  it('exports a view without a search that is a large part of the portfolio from the whole list: its clients in its order, no page read', async () => {
    const { page } = await open({ viewport: DESKTOP });
    const reads = await pagedPortfolio(page);
    // The view counted as the whole (faked) portfolio: reading the whole list costs less than its pages.
    await page.route('**/api/produtos/pagina?**', async (route) => {
      const res = await route.fetch().catch(() => undefined);
      // The page closed with a read ahead still out.
      if (!res) return;
      const body = (await res.json()) as { totais?: { clientes: number } };
      await route.fulfill({ response: res, json: body.totais ? { ...body, totais: { ...body.totais, clientes: LIST_PAGED_ABOVE + 1 } } : body });
    });
    const exportReads = await exportCategoryByValue(page, reads);
    expect(exportReads).toContain('/api/produtos');
    expect(exportReads.filter((r) => r.includes('observacoes=1'))).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, 60_000);

  it('exports a small view (a category of 12 in a portfolio of 2,001) from its own pages, never the whole list, the same rows', async () => {
    const { page } = await open({ viewport: DESKTOP });
    const reads = await pagedPortfolio(page);
    const exportReads = await exportCategoryByValue(page, reads);
    expect(exportReads).not.toContain('/api/produtos');
    expect(exportReads.filter((r) => r.includes('observacoes=1'))).toHaveLength(1);
  }, 60_000);

  it('shows a sort read ahead at once, before its own read answers (page.clock for the pause)', async () => {
    const { page } = await open({ viewport: DESKTOP });
    const reads = await pagedPortfolio(page);
    const valorDesc = (u: URL) => u.pathname === '/api/produtos/pagina' && u.searchParams.get('ordem') === 'valor' && u.searchParams.get('direcao') === 'desc' && !u.searchParams.has('cursor');
    // The read ahead's answer (other tests write to the same table: the view is compared with it).
    const answers: string[][] = [];
    page.on('response', (res) => {
      if (valorDesc(new URL(res.url()))) void res.json().then((b: { itens: { nome: string }[] }) => answers.push(b.itens.map((c) => c.nome)));
    });
    // Once armed, the view's own read of the highest-value sort is held (a server that has not answered yet).
    let holding = false;
    const held: Route[] = [];
    await page.route(valorDesc, (route) => (holding ? void held.push(route) : route.fallback()));
    await page.clock.install();

    await page.goto(`${E2E.baseUrl}/clientes`);
    await loaded(page);
    await expect.poll(() => cards(page).count()).toBe(LIST_PAGE_SIZE);
    // The user pauses: past the read-ahead's delay, its reads go out in idle time.
    await page.clock.runFor(LIST_PREFETCH.delayMs + 100);
    await expect.poll(() => answers.length).toBe(1);
    const ahead = reads.filter((r) => r.startsWith('/api/produtos/pagina'));
    expect(ahead.every((r) => !r.includes('cursor=') && r.includes(`limit=${LIST_PAGE_SIZE}`))).toBe(true);
    expect(ahead.length).toBeLessThanOrEqual(1 + LIST_PREFETCH.perView);
    expect(reads).not.toContain('/api/produtos');

    holding = true;
    await page.getByLabel('Ordenar por').selectOption({ label: 'Maior valor de contrato' });
    await expect.poll(() => page.url()).toContain('ordem=valor-desc');
    // Shown from the page read ahead while the view's own read is still held.
    await expect.poll(async () => (await names(page)).slice(0, 3)).toEqual(answers[0]!.slice(0, 3));
    await expect.poll(() => held.length).toBe(1);
    expect(answers).toHaveLength(1);
    holding = false;
    for (const route of held) await route.fallback();
    await expect.poll(() => answers.length).toBe(2);
  }, 60_000);
});
