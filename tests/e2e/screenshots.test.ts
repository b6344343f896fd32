/**
 * Screenshots of every screen at 375 px and 1440 px into tests/e2e/screenshots/ (git-ignored),
 * for a person to look at. Lists show only this test's realistic records (the real API's answer,
 * filtered to them), so the pictures do not depend on what other tests created.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Categoria, Cliente } from '../../lambdas/contract/index.ts';
import { createCategoria, createProduto } from './support/api.ts';
import { deferred, describeBrowser, DESKTOP, heading, loaded, MOBILE, search, toast, useBrowser, visible, type Session } from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';

const DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Demo-like records: what a small company would keep. */
async function dataset(): Promise<{ cats: Categoria[]; prods: Cliente[] }> {
  const cats: Categoria[] = [];
  for (const d of ['Tecnologia', 'Varejo', 'Saúde', 'Educação', 'Serviços financeiros']) cats.push(await createCategoria(d));
  const [tec, varejo, saude, edu, fin] = cats as [Categoria, Categoria, Categoria, Categoria, Categoria];
  const prods: Cliente[] = [];
  for (const p of [
    { nome: 'Nuvem Sistemas Ltda.', segmento: 'Software', pontoFocal: 'Carla Menezes', valorContrato: 120000, categoria: tec },
    { nome: 'Padaria Pão Quente', segmento: 'Alimentação', pontoFocal: 'João Batista', valorContrato: 8500, categoria: varejo },
    { nome: 'Clínica Bem Viver', segmento: 'Clínica médica', pontoFocal: 'Dra. Helena Prado', valorContrato: 24000, categoria: saude },
    { nome: 'Escola Aprender Mais', segmento: 'Ensino fundamental', pontoFocal: 'Marcos Oliveira', valorContrato: 10000, categoria: edu },
    { nome: 'Mercado Bom Preço', segmento: 'Supermercado', pontoFocal: 'Ana Paula Costa', valorContrato: 3200.5, categoria: varejo },
    { nome: 'Investe Certo Assessoria', segmento: 'Finanças', pontoFocal: 'Rafael Lima', valorContrato: 45000, categoria: fin },
    { nome: 'Oficina do Zé', segmento: 'Automotivo', pontoFocal: 'José Santos', valorContrato: 1800, categoria: null },
  ]) {
    prods.push(await createProduto(p));
  }
  return { cats, prods };
}

/** Lets list GETs through to the real API but keeps only this test's records in the answer. */
async function onlyMine(s: Session, cats: Categoria[], prods: Cliente[]): Promise<void> {
  const keep = { '/api/categorias': new Set(cats.map((c) => c.id)), '/api/produtos': new Set(prods.map((p) => p.id)) };
  await s.context.route(
    (u) => u.pathname in keep,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      const ids = keep[new URL(route.request().url()).pathname as keyof typeof keep];
      const all = (await res.json()) as { id: number }[];
      await route.fulfill({ response: res, json: all.filter((r) => ids.has(r.id)) });
    },
  );
}

async function settle(page: Page): Promise<void> {
  await loaded(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
  });
}

async function shot(page: Page, width: number, name: string): Promise<void> {
  // No hover effect left from the last click.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
  await page.screenshot({ path: `${DIR}${width}-${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
}

describeBrowser('screenshots', () => {
  const { open } = useBrowser();
  const data = { ready: undefined as undefined | Promise<{ cats: Categoria[]; prods: Cliente[] }> };

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('every screen at $viewport.width px', async ({ viewport }) => {
    mkdirSync(DIR, { recursive: true });
    data.ready ??= dataset();
    const { cats, prods } = await data.ready;
    const s = await open({ viewport });
    const { page } = s;
    const w = viewport.width;
    await onlyMine(s, cats, prods);
    const [cat] = cats as [Categoria];
    const [vip] = prods as [Cliente];

    for (const [name, path] of [
      ['home', ROUTES.home],
      ['sobre-nos', ROUTES.sobreNos],
      ['categorias', ROUTES.categorias],
      ['clientes', ROUTES.clientes],
      ['categoria-atualizar', ROUTES.atualizarCategoria(cat.id)],
      ['categoria-deletar', ROUTES.deletarCategoria(cat.id)],
      ['cliente-atualizar', ROUTES.atualizarCliente(vip.id)],
      ['cliente-deletar', ROUTES.deletarCliente(vip.id)],
      ['nao-encontrada', '/pagina-que-nao-existe'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      if (name === 'categorias' || name === 'clientes') await visible(page.locator('main').getByRole('article'));
      if (name === 'categoria-atualizar') await expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao);
      if (name === 'cliente-atualizar') await expect.poll(() => page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(vip.nome);
      await shot(page, w, name);
    }

    // Forms with data.
    await page.goto(ROUTES.cadastrarCategoria);
    await settle(page);
    await page.getByLabel(TEXT.nomeCategoria).fill('Agronegócio');
    await shot(page, w, 'categoria-cadastrar');
    await page.goto(ROUTES.cadastrarCliente);
    await settle(page);
    await page.getByLabel(TEXT.nome, { exact: true }).fill('Fazenda Boa Safra');
    await page.getByLabel(TEXT.segmento).fill('Agronegócio');
    await page.getByLabel(TEXT.pontoFocal).fill('Luiza Fernandes');
    await page.getByLabel(TEXT.valorContrato).fill('18500.75');
    await expect.poll(() => page.getByLabel(TEXT.categoria).locator('option').allTextContents()).toContain('Varejo');
    await page.getByLabel(TEXT.categoria).selectOption({ label: 'Varejo' });
    await shot(page, w, 'cliente-cadastrar');

    // A filter with no match.
    await page.goto(ROUTES.clientes);
    await settle(page);
    await search(page, 'xyz inexistente');
    await visible(page.getByText(/Nenhum resultado/));
    await shot(page, w, 'clientes-sem-resultado');

    // Toasts: an info toast and an error toast with its reason.
    await page.goto(ROUTES.cadastrarCliente);
    await settle(page);
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.preenchaProduto));
    await shot(page, w, 'toast-info');
    // The error toast: a client filed in a category while its delete page is open (a category
    // with clients at the start says so up front, Confirmar off).
    const ocupada = await createCategoria(`Ocupada ${w}`);
    s.allowFailures((u) => u.pathname === `/api/categorias/${ocupada.id}`);
    await page.goto(ROUTES.deletarCategoria(ocupada.id));
    await settle(page);
    await createProduto({ nome: `Ocupante ${w}`, categoria: ocupada });
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    await visible(toast(page, TOAST.erroDeletarCategoria));
    await settle(page);
    await shot(page, w, 'toast-erro');

    // Empty lists and a failed list load.
    await s.context.unrouteAll({ behavior: 'ignoreErrors' });
    await s.context.route(/\/api\/(categorias|produtos)$/, (route) => route.fulfill({ json: [] }));
    await page.goto(ROUTES.categorias);
    await settle(page);
    await shot(page, w, 'categorias-vazia');
    await page.goto(ROUTES.clientes);
    await settle(page);
    await shot(page, w, 'clientes-vazia');
    await s.context.unrouteAll({ behavior: 'ignoreErrors' });
    s.allowFailures((u) => u.pathname === '/api/produtos');
    await s.context.route(/\/api\/produtos$/, (route) => route.fulfill({ status: 500, json: { mensagem: 'Falha simulada.' } }));
    await page.goto(ROUTES.clientes);
    await visible(page.locator('main').getByRole('button', { name: TEXT.tentarNovamente }));
    await settle(page);
    await shot(page, w, 'clientes-erro');

    // A list while its request hangs: the spinner.
    await s.context.unrouteAll({ behavior: 'ignoreErrors' });
    const hang = deferred();
    await s.context.route(/\/api\/categorias$/, async (route) => {
      await hang.promise;
      await route.fallback().catch(() => undefined);
    });
    await page.goto(ROUTES.categorias);
    // The page's own spinner (beside its heading and filter), not the route's Suspense fallback.
    await visible(heading(page));
    await visible(page.locator('main [role="status"][aria-label="Carregando..."]'));
    await page.evaluate(() => document.fonts.ready);
    await shot(page, w, 'categorias-carregando');
    hang.resolve();

    // The error page of a page whose code cannot be fetched.
    s.allowFailures((u) => /^\/assets\/ListaClientes-/.test(u.pathname));
    await s.context.route(/\/assets\/ListaClientes-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto(ROUTES.home);
    await visible(heading(page));
    await page.goto(ROUTES.clientes);
    await visible(page.getByRole('heading', { level: 1, name: 'Algo deu errado' }));
    await settle(page);
    await shot(page, w, 'erro-pagina');

    // The open menu on a narrow screen.
    const menu = page.getByRole('navigation').first().getByRole('button', { name: /menu/i });
    if (await menu.isVisible()) {
      await page.goto(ROUTES.home);
      await visible(heading(page));
      await menu.click();
      await visible(page.getByRole('navigation').first().getByRole('link', { name: 'Listar clientes', exact: true }));
      await page.screenshot({ path: `${DIR}${w}-menu-aberto.png`, animations: 'disabled' });
    }
  });
});
