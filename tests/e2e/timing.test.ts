/**
 * The spec's timing rules with Playwright's clock (never wall-clock sleeps): the 1.5 s wait
 * before the redirect after a create, the 0.8 s first-load hold on /categorias, the toast
 * lifetimes (2 s; 3 s for category delete), the button disabled while a request is in flight
 * and until the page leaves, and exactly one record per submit.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createCategoria, createProduto, listCategorias, listProdutos, token } from './support/api.ts';
import {
  describeBrowser,
  expectPath,
  heading,
  holdRequests,
  injectFault,
  toast,
  toastState,
  useBrowser,
  visible,
  type Session,
} from './support/harness.ts';
import { ROUTES, TEXT, TIMING, TOAST } from './support/spec.ts';

/**
 * Stops the page's clock: from here on timers fire only through runFor. Network, promises and
 * rendering still run, so what a timer does is observed exactly at the ms the spec gives.
 */
async function freeze(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A little ahead, so the target is never in the page's past; no app timer is pending here.
  await page.clock.pauseAt(now + 1_000);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Advances the frozen clock and lets the page render what the timers did. */
async function advance(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  // Let the page's queued tasks run (React's scheduler posts MessageChannel tasks, which the
  // fake clock does not hold) before anything is checked.
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

const submit = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });

describeBrowser('timing (page.clock)', () => {
  const { open } = useBrowser();

  it.each([
    {
      kind: 'category',
      form: ROUTES.cadastrarCategoria,
      fill: async (page: Page, tok: string) => page.getByLabel(TEXT.nomeCategoria).fill(`Turismo ${tok}`),
      toast: TOAST.categoriaCadastrada,
      list: ROUTES.categorias,
    },
    {
      kind: 'client',
      form: ROUTES.cadastrarCliente,
      fill: async (page: Page, tok: string) => {
        await page.getByLabel(TEXT.nome, { exact: true }).fill(`Pousada Mar ${tok}`);
        await page.getByLabel(TEXT.valorContrato).fill('2.500');
      },
      toast: TOAST.produtoCadastrado,
      list: ROUTES.clientes,
    },
  ])('$kind create: the success toast, still on the form at 1.4 s, on the list at 1.5 s; the button stays disabled', async (c) => {
    const { page } = await open();
    await page.clock.install();
    await page.goto(c.form);
    await visible(heading(page));
    await c.fill(page, token());
    await freeze(page);
    const button = submit(page, TEXT.cadastrar);
    await button.click();
    await visible(toast(page, c.toast));
    expect(await button.isDisabled()).toBe(true);
    await advance(page, TIMING.createRedirect - 100);
    expect(pathOf(page)).toBe(c.form);
    expect(await button.isDisabled()).toBe(true);
    await advance(page, 100);
    await expectPath(page, c.list);
  });

  /**
   * Opens `path` with the clock frozen from before the first byte, and steps it 10 ms at a time
   * until the page asks for `api` (its lazy chunk and React's Suspense timers need the clock).
   * Whatever the page started at mount has run for at most 2 steps when this returns.
   */
  const STEP = 10;
  async function openFrozen(page: Page, path: string, api: string): Promise<void> {
    await page.clock.install({ time: new Date('2026-03-02T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T12:00:01Z'));
    let requested = false;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === api) requested = true;
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === api && r.request().method() === 'GET');
    await page.goto(path);
    for (let t = 0; !requested; t += STEP) {
      if (t > 5_000) throw new Error(`${path} never requested ${api}`);
      await page.clock.runFor(STEP);
    }
    await answered;
    await visible(heading(page));
  }

  it('/categorias holds its spinner 0.8 s on its first load of the session, even when the data is back sooner, and not on a later visit', async () => {
    const { page } = await open();
    await createCategoria(`Educação ${token()}`);
    await openFrozen(page, ROUTES.categorias, '/api/categorias');
    const spinner = page.locator('main [role="status"][aria-label="Carregando..."]');
    const grid = page.locator('main').getByRole('list');
    await visible(spinner);
    await advance(page, TIMING.firstLoadHold - 100 - STEP);
    expect(await spinner.isVisible()).toBe(true);
    expect(await grid.count()).toBe(0);
    await advance(page, 100 + STEP);
    await visible(grid);
    expect(await spinner.count()).toBe(0);

    // The hold is for the first load of the app session; coming back shows the list
    // with the clock still frozen.
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Sobre nós', exact: true }).click();
    await expectPath(page, ROUTES.sobreNos);
    await nav.getByRole('link', { name: 'Listar categorias', exact: true }).click();
    await expectPath(page, ROUTES.categorias);
    await visible(grid);
    expect(await spinner.count()).toBe(0);
  });

  it('/clientes shows its data as soon as it arrives (no hold)', async () => {
    const { page } = await open();
    await createProduto({ nome: `Imediato ${token()}` });
    await openFrozen(page, ROUTES.clientes, '/api/produtos');
    // No timer needs to run: the cards are there with the clock still frozen.
    await visible(page.locator('main').getByRole('list'));
    expect(await page.locator('main [role="status"][aria-label="Carregando..."]').count()).toBe(0);
  });

  type ToastCase = { name: string; duration: number; run: (s: Session, tok: string) => Promise<void> };
  const toastCases: ToastCase[] = [
    {
      name: TOAST.categoriaAtualizada,
      duration: TIMING.toast,
      run: async ({ page }, tok) => {
        const cat = await createCategoria(`Moda ${tok}`);
        await page.goto(ROUTES.atualizarCategoria(cat.id));
        await expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao);
        await freeze(page);
        await submit(page, TEXT.atualizar).click();
      },
    },
    {
      name: TOAST.produtoApagado,
      duration: TIMING.toast,
      run: async ({ page }, tok) => {
        const p = await createProduto({ nome: `Floricultura ${tok}` });
        await page.goto(ROUTES.deletarCliente(p.id));
        await visible(page.locator('main').getByText(p.nome));
        await freeze(page);
        await submit(page, TEXT.sim).click();
      },
    },
    {
      name: TOAST.erroCadastrarCategoria,
      duration: TIMING.toast,
      run: async (s, tok) => {
        await injectFault(s, { method: 'POST', path: '/api/categorias' });
        await s.page.goto(ROUTES.cadastrarCategoria);
        await s.page.getByLabel(TEXT.nomeCategoria).fill(`Falha ${tok}`);
        await freeze(s.page);
        await submit(s.page, TEXT.cadastrar).click();
      },
    },
    {
      name: TOAST.preenchaCategoria,
      duration: TIMING.toast,
      run: async ({ page }) => {
        await page.goto(ROUTES.cadastrarCategoria);
        await visible(page.getByLabel(TEXT.nomeCategoria));
        await freeze(page);
        await submit(page, TEXT.cadastrar).click();
      },
    },
    {
      name: TOAST.categoriaDeletada,
      duration: TIMING.toastCategoryDelete,
      run: async ({ page }, tok) => {
        const cat = await createCategoria(`Arquivo ${tok}`);
        await page.goto(ROUTES.deletarCategoria(cat.id));
        await visible(page.locator('main').getByText(cat.descricao));
        await freeze(page);
        await submit(page, TEXT.confirmar).click();
      },
    },
    {
      name: TOAST.erroDeletarCategoria,
      duration: TIMING.toastCategoryDelete,
      run: async (s, tok) => {
        const cat = await createCategoria(`Ocupada ${tok}`);
        s.allowFailures((u) => u.pathname === `/api/categorias/${cat.id}`);
        await s.page.goto(ROUTES.deletarCategoria(cat.id));
        await visible(s.page.locator('main').getByText(cat.descricao));
        // A client filed in it while the page is open (with clients at the start, the page says so
        // up front and Confirmar is off): the API refuses the delete.
        await createProduto({ nome: `Vinculado ${tok}`, categoria: cat });
        await freeze(s.page);
        await submit(s.page, TEXT.confirmar).click();
      },
    },
  ];

  it.each(toastCases)('toast "$name" stays $duration ms, then leaves', async (c) => {
    const s = await open();
    await s.page.clock.install();
    await c.run(s, token());
    await visible(toast(s.page, c.name));
    // Keep the pointer away from the toasts (hovering pauses them).
    await s.page.mouse.move(5, 400);
    await advance(s.page, c.duration - 1);
    expect(await toastState(s.page, c.name)).toBe('shown');
    await advance(s.page, 1);
    await expect.poll(() => toastState(s.page, c.name)).not.toBe('shown');
    await advance(s.page, TIMING.toastRemoveDelay);
    await expect.poll(() => toastState(s.page, c.name)).toBe('gone');
  });

  it.each([
    { kind: 'category update', method: 'PUT', api: '/api/categorias', button: TEXT.atualizar, list: ROUTES.categorias },
    { kind: 'client update', method: 'PUT', api: '/api/produtos', button: TEXT.atualizar, list: ROUTES.clientes },
    { kind: 'client delete', method: 'DELETE', api: /^\/api\/produtos\/\d+$/, button: TEXT.sim, list: ROUTES.clientes },
    { kind: 'category delete', method: 'DELETE', api: /^\/api\/categorias\/\d+$/, button: TEXT.confirmar, list: ROUTES.categorias },
  ])('$kind: the button is disabled while the request hangs, and the page leaves once it answers', async (c) => {
    const { page } = await open();
    const tok = token();
    const cat = await createCategoria(`Espera ${tok}`);
    const p = await createProduto({ nome: `Espera ${tok}` });
    const path = {
      'category update': ROUTES.atualizarCategoria(cat.id),
      'client update': ROUTES.atualizarCliente(p.id),
      'client delete': ROUTES.deletarCliente(p.id),
      'category delete': ROUTES.deletarCategoria(cat.id),
    }[c.kind] as string;
    const held = await holdRequests(page, c.api, c.method);
    await page.goto(path);
    if (c.kind === 'category update') await expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao);
    else if (c.kind === 'client update') await expect.poll(() => page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(p.nome);
    else await visible(page.locator('main').getByText(new RegExp(tok)).first());
    const button = submit(page, c.button);
    await button.click();
    await expect.poll(() => held.count()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    // A second press does nothing while it is in flight.
    await button.click({ force: true }).catch(() => undefined);
    await page.keyboard.press('Enter');
    expect(held.count()).toBe(1);
    held.release();
    await expectPath(page, c.list);
  });

  it.each([
    { kind: 'category', form: ROUTES.cadastrarCategoria, label: TEXT.nomeCategoria, api: '/api/categorias' },
    { kind: 'client', form: ROUTES.cadastrarCliente, label: TEXT.nome, api: '/api/produtos' },
  ])('$kind create: a double click and a slow API make exactly one POST and one record', async (c) => {
    const { page } = await open();
    const tok = token();
    const nome = `Duplo ${tok}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === c.api) posts.push(r.url());
    });
    const held = await holdRequests(page, c.api, 'POST');
    await page.clock.install();
    await page.goto(c.form);
    await page.getByLabel(c.label, { exact: true }).fill(nome);
    if (c.kind === 'client') await page.getByLabel(TEXT.valorContrato).fill('100');
    await freeze(page);
    const button = submit(page, TEXT.cadastrar);
    await button.dblclick();
    await page.keyboard.press('Enter');
    await expect.poll(() => held.count()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    held.release();
    await visible(toast(page, c.kind === 'category' ? TOAST.categoriaCadastrada : TOAST.produtoCadastrado));
    // Pressing again during the 1.5 s wait creates nothing either.
    await button.click({ force: true }).catch(() => undefined);
    await page.clock.runFor(TIMING.createRedirect);
    await expectPath(page, c.kind === 'category' ? ROUTES.categorias : ROUTES.clientes);
    expect(posts).toHaveLength(1);
    const names = c.kind === 'category' ? (await listCategorias()).map((x) => x.descricao) : (await listProdutos()).map((x) => x.nome);
    expect(names.filter((n) => n === nome)).toHaveLength(1);
  });
});
