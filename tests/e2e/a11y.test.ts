/**
 * Accessibility in Chromium: axe-core on every route (forms, delete pages, not-found, loaded
 * lists, an open toast, the mobile menu) with zero serious or critical violations, and a
 * keyboard-only walk (Tab, typing, Enter; no clicks) through create, edit and delete of a category.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCategoria, createProduto, isGone, listCategorias, token } from './support/api.ts';
import { browserDate, card, describeBrowser, DESKTOP, expectPath, heading, loaded, MOBILE, toast, toastsGone, toastsSettled, useBrowser, visible } from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';
import { cnpjCheckDigits } from '../../lambdas/contract/documento.ts';

/** Runs axe and returns the serious and critical violations, printed for a failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    );
}

/** The accessible name of the focused element (what a screen reader would read first). */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const label = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
    return (label ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused element's accessible name matches (keyboard only). */
async function tabTo(page: Page, name: string | RegExp, max = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    seen.push(current);
    if (typeof name === 'string' ? current === name : name.test(current)) {
      // The focus is visible: an outline or a focus ring (box-shadow) on the element.
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const cs = getComputedStyle(el);
        return { outline: `${cs.outlineStyle} ${cs.outlineWidth}`, shadow: cs.boxShadow };
      });
      const outlined = !ring.outline.startsWith('none') && !ring.outline.endsWith(' 0px');
      expect(outlined || ring.shadow !== 'none', `no visible focus on "${current}": ${JSON.stringify(ring)}`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"; focus went through: ${seen.join(' | ')}`);
}

describeBrowser('accessibility', () => {
  const { open } = useBrowser();

  it.each([{ viewport: DESKTOP }, { viewport: MOBILE }])('axe: no serious or critical violation on any route at $viewport.width px', async ({ viewport }) => {
    const s = await open({ viewport });
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Acessível ${tok}`);
    // With the contact fields and a contract ending soon (links, CNPJ, the renewal badge).
    const base = `${String(Date.now() % 100_000_000).padStart(8, '0')}0001`;
    const fimContrato = browserDate(10);
    const contato = { email: 'acessivel@empresa.com.br', telefone: '+5511987654321', documento: base + cnpjCheckDigits(base), fimContrato };
    const p = await createProduto({ nome: `Acessível ${tok}`, categoria: cat, valorContrato: 25000, contato });
    await createProduto({ nome: `Acessível Padrão ${tok}`, categoria: cat, valorContrato: 900 });
    const found: string[] = [];
    const audit = async (where: string) => {
      const v = await seriousViolations(page);
      if (v.length) found.push(`${where}:\n${v.join('\n')}`);
    };
    const all = [
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
      '/contratos-a-renovar',
      '/lixeira',
      '/nao-existe',
    ];
    // Every route at desktop width; on a phone the pages whose layout changes most (the same
    // markup, so the rest would repeat the same findings at twice the run time).
    const routes = viewport.width < 700 ? [ROUTES.clientes, ROUTES.cadastrarCliente, ROUTES.deletarCliente(p.id)] : all;
    for (const r of routes) {
      await page.goto(r);
      await loaded(page);
      if (r === ROUTES.atualizarCategoria(cat.id)) await expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao);
      if (r === ROUTES.atualizarCliente(p.id)) await expect.poll(() => page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(p.nome);
      if (r === ROUTES.categorias || r === ROUTES.clientes || r === '/contratos-a-renovar') await visible(page.locator('main').getByRole('article').first());
      await audit(r);
    }
    // The error page (a page whose code cannot be fetched).
    if (viewport.width >= 700) {
      s.allowFailures((u) => /^\/assets\/ListaClientes-/.test(u.pathname));
      await page.route(/\/assets\/ListaClientes-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
      await page.goto(ROUTES.clientes);
      await visible(page.getByRole('heading', { level: 1, name: 'Algo deu errado' }));
      await audit('error page');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    // The open menu on a narrow screen (before any toast is on screen).
    const menu = page.getByRole('navigation').first().getByRole('button', { name: /menu/i });
    if (await menu.isVisible()) {
      await page.goto(ROUTES.home);
      await loaded(page);
      await menu.click();
      await visible(page.getByRole('navigation').first().getByRole('link', { name: 'Listar clientes', exact: true }));
      await audit('open menu');
    }
    // A toast on screen (an info toast and an error toast), once its entry animation is over:
    // axe measures contrast through the fading opacity otherwise.
    await page.goto(ROUTES.cadastrarCategoria);
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.preenchaCategoria));
    await toastsSettled(page);
    await audit('info toast');
    // A category with clients says so up front; the error toast comes when a client
    // is filed in it while its delete page is open.
    await page.goto(ROUTES.deletarCategoria(cat.id));
    await visible(page.locator('main').getByRole('link', { name: 'Ver os 2 clientes' }));
    await audit('category with clients');
    const ocupada = await createCategoria(`Ocupada ${tok}`);
    s.allowFailures((u) => u.pathname === `/api/categorias/${ocupada.id}`);
    await page.goto(ROUTES.deletarCategoria(ocupada.id));
    await visible(page.locator('main').getByText(ocupada.descricao));
    await createProduto({ nome: `Ocupante ${tok}`, categoria: ocupada });
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    await visible(toast(page, TOAST.erroDeletarCategoria));
    await toastsSettled(page);
    await audit('error toast');
    expect(found, found.join('\n\n')).toEqual([]);
  }, 180_000); // thirteen routes, each audited by axe: minutes on a loaded machine

  it('axe: the forms with messages next to their fields, a cut paste and the edit-conflict panel', async () => {
    const s = await open();
    const { page } = s;
    const found: string[] = [];
    const audit = async (where: string) => {
      const v = await seriousViolations(page);
      if (v.length) found.push(`${where}:\n${v.join('\n')}`);
    };
    const tok = token();
    await page.goto(ROUTES.cadastrarCliente);
    await page.getByLabel(TEXT.valorContrato).fill('1,500');
    await page.getByLabel(TEXT.nome, { exact: true }).fill('x'.repeat(110));
    await page.getByLabel(TEXT.nome, { exact: true }).fill('');
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(page.locator('main').getByText('Preencha o campo “Nome”.'));
    await toastsSettled(page);
    await audit('client form with errors');

    const cat = await createCategoria(`Conflito ${tok}`);
    await page.goto(ROUTES.atualizarCategoria(cat.id));
    const field = page.getByLabel(TEXT.nomeCategoria);
    await expect.poll(() => field.inputValue()).toBe(cat.descricao);
    await field.fill(`Conflito Meu ${tok}`.padEnd(95, '.'));
    await fetch(new URL(`/api/categorias`, page.url()), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: cat.id, descricao: `Conflito Outro ${tok}` }),
    });
    s.allowFailures((u) => u.pathname === '/api/categorias');
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    const load = page.getByRole('button', { name: 'Carregar a versão atual' });
    await visible(load);
    await toastsSettled(page);
    await audit('edit conflict panel');
    await load.click();
    await visible(page.getByRole('button', { name: `Usar a sua versão de ${TEXT.nomeCategoria}` }));
    // The conflict toast (audited above) ends its 2 s while axe runs on a loaded machine: audit once it is gone.
    await toastsGone(page);
    await audit('edit conflict panel, current version loaded');
    expect(found, found.join('\n\n')).toEqual([]);
  });

  it('keyboard only: create, edit and delete a category with Tab, typing and Enter', async () => {
    const { page } = await open();
    const tok = token();
    const nome = `Teclado ${tok}`;
    const novo = `Teclado Mecânico ${tok}`;
    await page.goto(ROUTES.home);
    await visible(heading(page));

    // Create, from the navbar.
    await tabTo(page, 'Cadastrar categorias');
    await page.keyboard.press('Enter');
    await expectPath(page, ROUTES.cadastrarCategoria);
    // The lazy page is in (focus lands on its heading) before the walk goes on.
    await visible(page.getByLabel(TEXT.nomeCategoria));
    await tabTo(page, TEXT.nomeCategoria);
    await page.keyboard.type(nome);
    await page.keyboard.press('Enter');
    await visible(toast(page, TOAST.categoriaCadastrada));
    await expectPath(page, ROUTES.categorias);
    await loaded(page);
    const id = (await listCategorias()).find((c) => c.descricao === nome)?.id;
    expect(id).toBeDefined();

    // Edit, from the list: filter with the keyboard, then the card's 'Editar'.
    await tabTo(page, /^Filtrar/);
    await page.keyboard.type(tok);
    await page.keyboard.press('Enter');
    // The list is in (its first load of the session holds 0.8 s, longer on a busy machine).
    await visible(card(page, nome));
    await tabTo(page, `${TEXT.editar} ${nome}`);
    await page.keyboard.press('Enter');
    await expectPath(page, ROUTES.atualizarCategoria(id as number));
    const input = page.getByLabel(TEXT.nomeCategoria);
    await expect.poll(() => input.inputValue()).toBe(nome);
    await tabTo(page, TEXT.nomeCategoria);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(novo);
    await tabTo(page, TEXT.atualizar);
    await page.keyboard.press('Enter');
    await visible(toast(page, TOAST.categoriaAtualizada));
    await expectPath(page, ROUTES.categorias);
    await loaded(page);

    // Delete, from the list.
    await tabTo(page, /^Filtrar/);
    await page.keyboard.type(tok);
    await page.keyboard.press('Enter');
    await visible(card(page, novo));
    await tabTo(page, `${TEXT.deletar} ${novo}`);
    await page.keyboard.press('Enter');
    await expectPath(page, ROUTES.deletarCategoria(id as number));
    // The lazy page and its category are in (the list's own card also shows the name) before the walk goes on.
    await visible(page.getByRole('button', { name: TEXT.confirmar }));
    await visible(page.locator('main').getByText(novo));
    await tabTo(page, TEXT.confirmar);
    await page.keyboard.press('Enter');
    await visible(toast(page, TOAST.categoriaDeletada));
    await expectPath(page, ROUTES.categorias);
    expect(await isGone('categorias', id as number)).toBe(true);
  });
});
