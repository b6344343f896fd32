/**
 * Every error toast of the spec's section 8, by making the API fail through request interception,
 * with the navigation after each (the app fixes the spec's undefined routes); the lists' retry
 * message; and the whole app with the API down and with it answering slowly.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCategoria, createProduto, getCategoria, getProduto, token } from './support/api.ts';
import {
  card,
  deferred,
  describeBrowser,
  expectPath,
  heading,
  injectFault,
  loaded,
  search,
  toast,
  useBrowser,
  visible,
  type Fault,
  type Session,
} from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';

const REASON = 'Falha simulada pelo teste.';

type Ids = { catId: number; prodId: number };

interface Case {
  name: string;
  fault: (ids: Ids) => Fault;
  /** Navigate and act until the failing call is made. */
  act: (page: Page, ids: Ids & { catNome: string; tok: string }) => Promise<void>;
  toast: string;
  /** Where the page ends up. */
  then: string | ((ids: Ids) => string);
  /** The API's reason shows on a second line for this toast. */
  reason?: boolean;
  /** A field that still holds what the user typed. */
  kept?: { label: string; value: (tok: string) => string };
}

/** The records every case needs, created through the real API. */
async function records(tok: string) {
  const cat = await createCategoria(`Logística ${tok}`);
  const p = await createProduto({ nome: `Transportes Rápido ${tok}`, categoria: cat });
  return { catId: cat.id, prodId: p.id, catNome: cat.descricao };
}

/** An API error answer with the test's reason. */
const failing = (method: Fault['method'], path: string): Fault => ({ method, path, body: { mensagem: REASON } });

/** A page whose load fails: opening it is the act. */
const failedLoad = (name: string, fault: (ids: Ids) => Fault, page: (ids: Ids) => string, toast: string, then: string): Case => ({
  name,
  fault,
  act: async (p, ids) => {
    await p.goto(page(ids));
  },
  toast,
  then,
});

/**
 * A failed save of an edit form: the form loads, `typed` goes into `label`, Atualizar; the page
 * stays on the form with the value as typed (a deviation).
 */
const failedEdit = (c: Pick<Case, 'name' | 'fault' | 'toast' | 'reason'> & { form: (ids: Ids) => string; label: string; typed: (tok: string) => string }): Case => ({
  name: c.name,
  fault: c.fault,
  act: async (page, ids) => {
    await page.goto(c.form(ids));
    const input = page.getByLabel(c.label, { exact: true });
    await expect.poll(() => input.inputValue()).not.toBe('');
    await input.fill(c.typed(ids.tok));
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
  },
  toast: c.toast,
  then: c.form,
  kept: { label: c.label, value: c.typed },
  ...(c.reason ? { reason: true } : {}),
});

const CASES: Case[] = [
  {
    name: 'category create',
    fault: () => failing('POST', '/api/categorias'),
    act: async (page, { tok }) => {
      await page.goto(ROUTES.cadastrarCategoria);
      await page.getByLabel(TEXT.nomeCategoria).fill(`Nova ${tok}`);
      await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    },
    toast: TOAST.erroCadastrarCategoria,
    then: ROUTES.cadastrarCategoria,
  },
  failedEdit({
    name: 'category update',
    fault: () => failing('PUT', '/api/categorias'),
    form: ({ catId }) => ROUTES.atualizarCategoria(catId),
    label: TEXT.nomeCategoria,
    typed: (tok) => `Outra ${tok}`,
    toast: TOAST.erroAtualizarCategoria,
  }),
  failedLoad(
    'category load for edit',
    ({ catId }) => failing('GET', `/api/categorias/${catId}`),
    ({ catId }) => ROUTES.atualizarCategoria(catId),
    TOAST.erroBuscarCategoria,
    ROUTES.categorias,
  ),
  failedLoad(
    'category load for delete',
    ({ catId }) => ({ method: 'GET', path: `/api/categorias/${catId}`, status: 404, body: { mensagem: 'Categoria não encontrada.' } }),
    ({ catId }) => ROUTES.deletarCategoria(catId),
    TOAST.erroBuscarCategoria,
    ROUTES.categorias,
  ),
  {
    name: 'client create',
    fault: () => failing('POST', '/api/produtos'),
    act: async (page, { tok }) => {
      await page.goto(ROUTES.cadastrarCliente);
      await page.getByLabel(TEXT.nome, { exact: true }).fill(`Cliente ${tok}`);
      await page.getByLabel(TEXT.valorContrato).fill('1.000');
      await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    },
    toast: TOAST.erroCadastrarProduto,
    then: ROUTES.cadastrarCliente,
  },
  failedEdit({
    name: 'client update',
    fault: () => failing('PUT', '/api/produtos'),
    form: ({ prodId }) => ROUTES.atualizarCliente(prodId),
    label: TEXT.nome,
    typed: (tok) => `Outro ${tok}`,
    toast: TOAST.erroAtualizarProduto,
    reason: true,
  }),
  failedEdit({
    name: 'client update answered by a proxy (non-JSON 502)',
    fault: () => ({ method: 'PUT', path: '/api/produtos', status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
    form: ({ prodId }) => ROUTES.atualizarCliente(prodId),
    label: TEXT.nome,
    typed: (tok) => `Outro ${tok}`,
    toast: TOAST.erroAtualizarProduto,
  }),
  failedLoad(
    'client load for edit',
    ({ prodId }) => failing('GET', `/api/produtos/${prodId}`),
    ({ prodId }) => ROUTES.atualizarCliente(prodId),
    TOAST.erroBuscarProduto,
    ROUTES.clientes,
  ),
  failedLoad(
    'client load for delete',
    ({ prodId }) => failing('GET', `/api/produtos/${prodId}`),
    ({ prodId }) => ROUTES.deletarCliente(prodId),
    TOAST.erroBuscarProduto,
    ROUTES.clientes,
  ),
  failedLoad('dropdown categories', () => failing('GET', '/api/categorias'), () => ROUTES.cadastrarCliente, TOAST.erroBuscarCategorias, ROUTES.cadastrarCliente),
  {
    name: 'client delete',
    fault: ({ prodId }) => failing('DELETE', `/api/produtos/${prodId}`),
    act: async (page, { prodId }) => {
      await page.goto(ROUTES.deletarCliente(prodId));
      await page.getByRole('button', { name: TEXT.sim, exact: true }).click();
    },
    toast: TOAST.erroDeletarProduto,
    then: ROUTES.clientes,
  },
  {
    name: 'category delete',
    fault: ({ catId }) => failing('DELETE', `/api/categorias/${catId}`),
    act: async (page, { catId, catNome }) => {
      await page.goto(ROUTES.deletarCategoria(catId));
      await visible(page.locator('main').getByText(catNome));
      await page.getByRole('button', { name: TEXT.confirmar }).click();
    },
    toast: TOAST.erroDeletarCategoria,
    then: ROUTES.categorias,
    reason: true,
  },
];

describeBrowser('error toasts (SPEC section 8)', () => {
  const { open } = useBrowser();

  it.each(CASES)('$name fails: "$toast", then $then', async (c) => {
    const s = await open();
    const tok = token();
    const ids = await records(tok);
    const hits = await injectFault(s, c.fault(ids));
    await c.act(s.page, { ...ids, tok });
    const t = toast(s.page, c.toast);
    await visible(t);
    const lines = (await t.innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(lines[0]).toBe(c.toast);
    if (c.reason) expect(lines).toEqual([c.toast, REASON]);
    // Never the raw body of a proxy's error page.
    expect(lines.join(' ')).not.toMatch(/<|Bad Gateway/);
    expect(hits.count).toBeGreaterThan(0);
    const then = typeof c.then === 'function' ? c.then(ids) : c.then;
    await expectPath(s.page, then);
    await visible(heading(s.page));
    if (c.kept) expect(await s.page.getByLabel(c.kept.label, { exact: true }).inputValue()).toBe(c.kept.value(tok));
    // Nothing was changed by the failed calls.
    expect((await getCategoria(ids.catId)).descricao).toBe(ids.catNome);
    expect((await getProduto(ids.prodId)).nome).toBe(`Transportes Rápido ${tok}`);
  });

  it.each([
    { path: ROUTES.categorias, api: '/api/categorias', make: (tok: string) => createCategoria(`Eventos ${tok}`).then((c) => c.descricao) },
    { path: ROUTES.clientes, api: '/api/produtos', make: (tok: string) => createProduto({ nome: `Buffet Festa ${tok}` }).then((p) => p.nome) },
  ])('$path: a failed load shows the retry message and recovers on Tentar novamente', async ({ path, api, make }) => {
    const s = await open();
    const tok = token();
    const nome = await make(tok);
    const gate = { fail: true };
    s.allowFailures((u) => u.pathname === api);
    await s.page.route(
      (u) => u.pathname === api,
      (route) => (gate.fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ mensagem: REASON }) }) : route.fallback()),
    );
    await s.page.goto(path);
    const retry = s.page.locator('main').getByRole('button', { name: TEXT.tentarNovamente });
    await visible(retry);
    // The message is announced and says the list could not be loaded.
    await visible(s.page.locator('main [role="alert"]'));
    gate.fail = false;
    await retry.click();
    await loaded(s.page);
    await search(s.page, tok);
    await visible(card(s.page, nome));
    expect(await retry.count()).toBe(0);
  });
});

describeBrowser('a page that fails to load', () => {
  const { open } = useBrowser();

  it('a lazy page whose code cannot be fetched shows the friendly error page with a way home', async () => {
    const s = await open();
    const { page } = s;
    const chunk = /^\/assets\/ListaClientes-[\w-]+\.js$/;
    await injectFault(s, { path: chunk, abort: true });
    await page.goto(ROUTES.home);
    await visible(heading(page));
    await page.getByRole('navigation').first().getByRole('link', { name: 'Listar clientes', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Algo deu errado' }));
    // The navbar is still there, and the page offers a way home and a reload.
    await visible(page.getByRole('navigation').first());
    await visible(page.locator('main').getByRole('button', { name: /Recarregar/ }));
    await page.locator('main').getByRole('link', { name: /início/i }).click();
    await expectPath(page, ROUTES.home);
    await visible(page.getByRole('heading', { level: 1, name: /Clientela/ }));
  });
});

/** Every screen, for the API-down and API-slow runs: the route and what it must show. */
type Screen = { path: (ids: { catId: number; prodId: number }) => string; expect: 'retry' | { toast: string; then: string } | 'page'; act?: (page: Page) => Promise<void> };

const DOWN_SCREENS: Screen[] = [
  { path: () => '/home', expect: 'page' },
  { path: () => ROUTES.sobreNos, expect: 'page' },
  { path: () => '/pagina-que-nao-existe', expect: 'page' },
  { path: () => ROUTES.categorias, expect: 'retry' },
  { path: () => ROUTES.clientes, expect: 'retry' },
  { path: () => ROUTES.cadastrarCliente, expect: { toast: TOAST.erroBuscarCategorias, then: ROUTES.cadastrarCliente } },
  { path: ({ catId }) => ROUTES.atualizarCategoria(catId), expect: { toast: TOAST.erroBuscarCategoria, then: ROUTES.categorias } },
  { path: ({ catId }) => ROUTES.deletarCategoria(catId), expect: { toast: TOAST.erroBuscarCategoria, then: ROUTES.categorias } },
  { path: ({ prodId }) => ROUTES.atualizarCliente(prodId), expect: { toast: TOAST.erroBuscarProduto, then: ROUTES.clientes } },
  { path: ({ prodId }) => ROUTES.deletarCliente(prodId), expect: { toast: TOAST.erroBuscarProduto, then: ROUTES.clientes } },
  {
    path: () => ROUTES.cadastrarCategoria,
    expect: { toast: TOAST.erroCadastrarCategoria, then: ROUTES.cadastrarCategoria },
    act: async (page) => {
      await page.getByLabel(TEXT.nomeCategoria).fill('Sem conexão');
      await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    },
  },
];

/** The page shows something real: a visible h1 and no error-boundary page. */
async function notBlank(page: Page): Promise<void> {
  await visible(heading(page));
  expect((await page.locator('main').innerText()).trim().length).toBeGreaterThan(0);
  expect(await page.getByRole('heading', { name: 'Algo deu errado' }).count()).toBe(0);
}

async function checkScreen(s: Session, screen: Screen, ids: { catId: number; prodId: number }) {
  const { page } = s;
  await page.goto(screen.path(ids));
  if (screen.act) {
    await visible(heading(page));
    await screen.act(page);
  }
  if (screen.expect === 'retry') {
    await visible(page.locator('main').getByRole('button', { name: TEXT.tentarNovamente }), 15_000);
  } else if (screen.expect !== 'page') {
    await visible(toast(page, screen.expect.toast), 15_000);
    await expectPath(page, screen.expect.then);
  }
  await notBlank(page);
}

describeBrowser('API down and API slow', () => {
  const { open } = useBrowser();

  it('API down: every screen shows the spec toast or the retry message, never a blank page', async () => {
    const s = await open();
    const tok = token();
    const cat = await createCategoria(`Offline ${tok}`);
    const p = await createProduto({ nome: `Offline ${tok}`, categoria: cat });
    await injectFault(s, { path: /^\/api\//, abort: true });
    for (const screen of DOWN_SCREENS) await checkScreen(s, screen, { catId: cat.id, prodId: p.id });
    // And the delete/update actions of pages that did load before the API went down.
  });

  it('API down after a page loaded: update and delete show their toasts; updates stay on the form, deletes go to their lists', async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Queda ${tok}`);
    const p = await createProduto({ nome: `Queda ${tok}`, categoria: cat });
    const down = { on: false };
    // The requests refused, noted when refused: a refusal may be reported after the next step turned the API back on.
    const refused = new Set<string>();
    s.allowFailures((u) => refused.has(u.href));
    await page.route(/\/api\//, (route) => {
      if (!down.on) return route.fallback();
      refused.add(route.request().url());
      return route.abort('connectionrefused');
    });
    const inForm = (label: string, value: string) => () =>
      expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    const shown = (text: string) => () => visible(page.locator('main').getByText(text).first());
    // The edit pages stay on their form; the delete pages go to their lists.
    const steps: { path: string; ready: () => Promise<unknown>; button: string; toast: string; then: string }[] = [
      {
        path: ROUTES.atualizarCategoria(cat.id),
        ready: inForm(TEXT.nomeCategoria, cat.descricao),
        button: TEXT.atualizar,
        toast: TOAST.erroAtualizarCategoria,
        then: ROUTES.atualizarCategoria(cat.id),
      },
      { path: ROUTES.atualizarCliente(p.id), ready: inForm(TEXT.nome, p.nome), button: TEXT.atualizar, toast: TOAST.erroAtualizarProduto, then: ROUTES.atualizarCliente(p.id) },
      { path: ROUTES.deletarCliente(p.id), ready: shown(p.nome), button: TEXT.sim, toast: TOAST.erroDeletarProduto, then: ROUTES.clientes },
      { path: ROUTES.deletarCategoria(cat.id), ready: shown(cat.descricao), button: TEXT.confirmar, toast: TOAST.erroDeletarCategoria, then: ROUTES.categorias },
    ];
    for (const step of steps) {
      down.on = false;
      await page.goto(step.path);
      await loaded(page);
      await step.ready();
      down.on = true;
      await page.getByRole('button', { name: step.button, exact: true }).click();
      await visible(toast(page, step.toast));
      await expectPath(page, step.then);
      await notBlank(page);
    }
    expect((await getProduto(p.id)).nome).toBe(p.nome);
  });

  it('API slow: every screen waits with a spinner, then shows its data', async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Lenta ${tok}`);
    const p = await createProduto({ nome: `Lenta ${tok}`, categoria: cat });
    let gate = deferred();
    await page.route(/\/api\//, async (route) => {
      await gate.promise;
      await route.fallback().catch(() => undefined);
    });
    // While waiting: a spinner; the create form stays usable while its dropdown loads.
    const screens: { path: string; ready: () => Promise<unknown>; waiting?: () => Promise<unknown> }[] = [
      { path: ROUTES.categorias, ready: () => search(page, tok).then(() => visible(card(page, cat.descricao))) },
      { path: ROUTES.clientes, ready: () => search(page, tok).then(() => visible(card(page, p.nome))) },
      {
        path: ROUTES.atualizarCategoria(cat.id),
        ready: () => expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao),
      },
      {
        path: ROUTES.atualizarCliente(p.id),
        ready: () => expect.poll(() => page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(p.nome),
      },
      { path: ROUTES.deletarCategoria(cat.id), ready: () => visible(page.locator('main').getByText(cat.descricao)) },
      { path: ROUTES.deletarCliente(p.id), ready: () => visible(card(page, p.nome)) },
      {
        path: ROUTES.cadastrarCliente,
        waiting: () => visible(page.getByLabel(TEXT.nome, { exact: true })),
        ready: () => expect.poll(() => page.getByLabel(TEXT.categoria).locator('option').allTextContents()).toContain(cat.descricao),
      },
    ];
    for (const screen of screens) {
      gate = deferred();
      await page.goto(screen.path);
      await visible(heading(page));
      // While the API hangs: a spinner, no toast, no blank page.
      await (screen.waiting?.() ?? visible(page.locator('main [role="status"][aria-label="Carregando..."]')));
      expect(await page.locator('[data-rht-toaster] [role="alert"]').count()).toBe(0);
      gate.resolve();
      await screen.ready();
      await notBlank(page);
    }
  });
});
