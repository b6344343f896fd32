/**
 * Amounts in Chromium against the production build and the real API: the value typed the
 * Brazilian way, errors next to their field, cut pastes, duplicate category names, failed edits
 * that keep what was typed, and toasts that never cover the page's main action.
 *
 * Where the server's issue-13 answers (the duplicate-name 409, `campo` on errors) may not be in
 * the API under test yet, the route passes the request to the real API and only completes an
 * answer that lacks them, so the same test holds before and after the API has them.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createCategoria, createProduto, getCategoria, getProduto, listCategorias, listProdutos, token } from './support/api.ts';
import { card, describeBrowser, DESKTOP, expectPath, injectFault, loaded, MOBILE, search, toast, toastsSettled, useBrowser, visible, type Session } from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';
import { ISSUE_13_AMOUNTS } from '../support/money-forms.ts';

const NBSP = '\u00a0';
const API = '/api';
/** The API's duplicate-name message (it may quote the name typed or the one stored). */
const DUPLICATE = /Já existe uma categoria chamada “[^”]+”\./;

/** The message shown next to a field (what its aria-describedby points at). */
async function description(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** Fills the client form's name and value and presses 'Cadastrar'. */
async function createClienteIn(page: Page, nome: string, valor: string): Promise<void> {
  await page.getByLabel(TEXT.nome, { exact: true }).fill(nome);
  await page.getByLabel(TEXT.valorContrato).fill(valor);
  await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
}

describeBrowser('the value field, typed the Brazilian way', () => {
  const { open } = useBrowser();

  it('saves each money form as the amount a Brazilian means (the stored value, through the API)', async () => {
    const { page } = await open();
    const tok = token();
    const forms = ISSUE_13_AMOUNTS;
    for (const [i, [typed]] of forms.entries()) {
      await page.goto(ROUTES.cadastrarCliente);
      const valor = page.getByLabel(TEXT.valorContrato);
      await valor.fill(typed);
      // Shown as money once the field is left.
      await valor.press('Tab');
      expect(await valor.inputValue()).toBe(new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(forms[i]![1]));
      await createClienteIn(page, `Valor ${i} ${tok}`, typed);
      await visible(toast(page, TOAST.produtoCadastrado));
      await expectPath(page, ROUTES.clientes);
    }
    const stored = (await listProdutos()).filter((p) => p.nome.endsWith(tok)).sort((a, b) => a.id - b.id);
    expect(stored.map((p) => p.valorContrato)).toEqual(forms.map(([, v]) => v));
    await loaded(page);
    await search(page, `Valor 0 ${tok}`);
    expect(await card(page, `Valor 0 ${tok}`).locator('.money').textContent()).toBe(`R$${NBSP}10.000,00`);
  });

  it('refuses what is ambiguous or not an amount next to the field, and sends nothing', async () => {
    const { page } = await open();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(ROUTES.cadastrarCliente);
    const valor = page.getByLabel(TEXT.valorContrato);
    for (const [typed, said] of [
      ['1,500', 'Valor do contrato ambíguo: escreva 1.500,00 ou 1,50'],
      ['1.5.0', 'Valor do contrato: use só números, como 1.234,56.'],
      ['', 'Preencha o campo “Valor do contrato”.'],
    ]) {
      await createClienteIn(page, `Ambíguo ${token()}`, typed as string);
      await expect.poll(() => valor.getAttribute('aria-invalid')).toBe('true');
      expect(await description(valor)).toContain(said);
      // Focus moved to the field, which says what is wrong.
      expect(await valor.evaluate((el) => el === document.activeElement)).toBe(true);
      await visible(page.locator('main').getByText(said as string));
    }
    expect(posts).toEqual([]);
  });

  it('is required on edit too: an emptied value is said next to it and nothing is saved', async () => {
    const { page } = await open();
    const p = await createProduto({ nome: `Obrigatório ${token()}`, valorContrato: 4321.5 });
    await page.goto(ROUTES.atualizarCliente(p.id));
    const valor = page.getByLabel(TEXT.valorContrato);
    await expect.poll(() => valor.inputValue()).toBe('4.321,50');
    await valor.fill('');
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await expect.poll(() => valor.getAttribute('aria-invalid')).toBe('true');
    expect(await description(valor)).toContain('Preencha o campo “Valor do contrato”.');
    expect(new URL(page.url()).pathname).toBe(ROUTES.atualizarCliente(p.id));
    expect((await getProduto(p.id)).valorContrato).toBe(4321.5);
  });
});

describeBrowser('errors next to their field, and pastes cut at the limit', () => {
  const { open } = useBrowser();

  it("the API's refusal of a category gone meanwhile: the spec's toast, and the reason on the Categoria field", async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Some ${tok}`);
    await page.goto(ROUTES.cadastrarCliente);
    const select = page.getByLabel(TEXT.categoria);
    await expect.poll(() => select.locator('option').allTextContents()).toContain(cat.descricao);
    await select.selectOption({ label: cat.descricao });
    // Deleted by someone else after the dropdown loaded.
    await fetch(new URL(`${API}/categorias/${cat.id}`, page.url()), { method: 'DELETE' });
    s.allowFailures((u) => u.pathname === `${API}/produtos`);
    await page.route(`**${API}/produtos`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { mensagem: string; campo?: string };
      await route.fulfill({ response: res, json: { campo: 'categoria.id', ...body } });
    });
    await createClienteIn(page, `Órfão ${tok}`, '100');
    const t = toast(page, TOAST.erroCadastrarProduto);
    await visible(t);
    expect(await t.innerText()).toContain(`A categoria ${cat.id} não existe.`);
    await expect.poll(() => select.getAttribute('aria-invalid')).toBe('true');
    expect(await description(select)).toBe(`A categoria ${cat.id} não existe.`);
    expect(new URL(page.url()).pathname).toBe(ROUTES.cadastrarCliente);
    expect((await listProdutos()).some((p) => p.nome === `Órfão ${tok}`)).toBe(false);
  });

  it('a paste longer than the field says it was cut, politely, and the counter shows the limit', async () => {
    const { page, context } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(ROUTES.cadastrarCategoria);
    const field = page.getByLabel(TEXT.nomeCategoria);
    await field.click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), `Categoria ${'longa '.repeat(30)}`);
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => field.inputValue()).toHaveLength(100);
    const note = page.locator('main [role="status"][aria-live="polite"]', { hasText: 'foi cortado' });
    await visible(note);
    expect(await note.textContent()).toBe('O texto colado passava de 100 caracteres e foi cortado no limite.');
    expect(await description(field)).toContain('100 de 100 caracteres');
  });
});

describeBrowser('duplicate category names', () => {
  const { open } = useBrowser();

  /**
   * Lets POST/PUT /api/categorias reach the real API; an answer without the duplicate-name rule
   * (the API before amounts were required) is completed as the API answers with it, undoing its write.
   */
  async function duplicateRule(s: Session, existing: string): Promise<void> {
    s.allowFailures((u) => u.pathname === `${API}/categorias`);
    await s.page.route(`**${API}/categorias`, async (route) => {
      const method = route.request().method();
      if (method !== 'POST' && method !== 'PUT') return route.fallback();
      const res = await route.fetch();
      if (res.status() === 409) return route.fulfill({ response: res });
      const written = (await res.json()) as { id: number; descricao: string; versao: number };
      if (method === 'POST') await fetch(new URL(`${API}/categorias/${written.id}`, s.page.url()), { method: 'DELETE' });
      else {
        const before = route.request().postDataJSON() as { id: number; versao: number };
        // Put back what was there (the PUT raised versao by one).
        await fetch(new URL(`${API}/categorias`, s.page.url()), {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: before.id, descricao: existingNames.get(before.id), versao: written.versao }),
        });
      }
      await route.fulfill({ status: 409, json: { mensagem: `Já existe uma categoria chamada “${existing}”.`, campo: 'descricao' } });
    });
  }
  const existingNames = new Map<number, string>();

  it('on create and on rename: the 409 next to Nome da Categoria, the spec toast, the form as typed', async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const varejo = await createCategoria(`Varejo ${tok}`);
    const other = await createCategoria(`Atacado ${tok}`);
    existingNames.set(other.id, other.descricao);
    await duplicateRule(s, varejo.descricao);

    await page.goto(ROUTES.cadastrarCategoria);
    const field = page.getByLabel(TEXT.nomeCategoria);
    await field.fill(`várejo  ${tok.toUpperCase()}`);
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.erroCadastrarCategoria));
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await description(field)).toMatch(DUPLICATE);
    expect(await field.inputValue()).toBe(`várejo  ${tok.toUpperCase()}`);
    expect(new URL(page.url()).pathname).toBe(ROUTES.cadastrarCategoria);

    await page.goto(ROUTES.atualizarCategoria(other.id));
    await expect.poll(() => field.inputValue()).toBe(other.descricao);
    await field.fill(`VAREJO ${tok}`);
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.erroAtualizarCategoria));
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await description(field)).toMatch(DUPLICATE);
    expect(await field.inputValue()).toBe(`VAREJO ${tok}`);
    expect(new URL(page.url()).pathname).toBe(ROUTES.atualizarCategoria(other.id));
    expect((await getCategoria(other.id)).descricao).toBe(other.descricao);
    expect((await listCategorias()).filter((c) => c.descricao.toLowerCase().includes(tok))).toHaveLength(2);
  });
});

describeBrowser('a failed edit keeps what was typed', () => {
  const { open } = useBrowser();

  it('client and category: the spec toast, the form as typed, and the next save stores it', async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Edição ${tok}`);
    const p = await createProduto({ nome: `Edição ${tok}`, valorContrato: 700 });

    const fault = { on: true };
    s.allowFailures((u) => u.pathname === `${API}/produtos` || u.pathname === `${API}/categorias`);
    await page.route(/\/api\/(produtos|categorias)$/, (route) =>
      fault.on && route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { mensagem: 'Erro interno do servidor. Tente novamente mais tarde.' } })
        : route.fallback(),
    );

    await page.goto(ROUTES.atualizarCliente(p.id));
    await expect.poll(() => page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(p.nome);
    await page.getByLabel(TEXT.nome, { exact: true }).fill(`Editado ${tok}`);
    await page.getByLabel(TEXT.pontoFocal).fill('Joana');
    await page.getByLabel(TEXT.valorContrato).fill('12.345,67');
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.erroAtualizarProduto));
    expect(new URL(page.url()).pathname).toBe(ROUTES.atualizarCliente(p.id));
    expect(await page.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(`Editado ${tok}`);
    expect(await page.getByLabel(TEXT.pontoFocal).inputValue()).toBe('Joana');
    expect(await page.getByLabel(TEXT.valorContrato).inputValue()).toBe('12.345,67');
    fault.on = false;
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.produtoAtualizado));
    await expectPath(page, ROUTES.clientes);
    const saved = await getProduto(p.id);
    expect([saved.nome, saved.pontoFocal, saved.valorContrato]).toEqual([`Editado ${tok}`, 'Joana', 12345.67]);

    fault.on = true;
    await page.goto(ROUTES.atualizarCategoria(cat.id));
    const field = page.getByLabel(TEXT.nomeCategoria);
    await expect.poll(() => field.inputValue()).toBe(cat.descricao);
    await field.fill(`Edição Nova ${tok}`);
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.erroAtualizarCategoria));
    expect(await field.inputValue()).toBe(`Edição Nova ${tok}`);
    expect(new URL(page.url()).pathname).toBe(ROUTES.atualizarCategoria(cat.id));
    fault.on = false;
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.categoriaAtualizada));
    await expectPath(page, ROUTES.categorias);
    expect((await getCategoria(cat.id)).descricao).toBe(`Edição Nova ${tok}`);
  });
});

/** The two boxes overlap (layout boxes: the toast's entry animation is over). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Asserts no visible toast covers any of `actions`. */
async function notCovered(page: Page, actions: Locator[], where: string): Promise<void> {
  await toastsSettled(page);
  const toasts = await page.locator('[data-rht-toaster] > div').evaluateAll((els) =>
    els.map((el) => {
      const r = (el.firstElementChild ?? el).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(toasts.length, `${where}: no toast on screen`).toBeGreaterThan(0);
  for (const action of actions) {
    const box = await action.boundingBox();
    expect(box, `${where}: ${String(action)} not on screen`).not.toBeNull();
    for (const t of toasts) expect(overlaps(t, box!), `${where}: a toast ${JSON.stringify(t)} covers ${String(action)} ${JSON.stringify(box)}`).toBe(false);
  }
}

describeBrowser('toasts never cover the main action', () => {
  const { open } = useBrowser();

  it.each([{ viewport: DESKTOP }, { viewport: MOBILE }])('at $viewport.width px: list pages, create and edit forms', async ({ viewport }) => {
    const s = await open({ viewport });
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Toast ${tok}`);
    await createProduto({ nome: `Toast ${tok}`, categoria: cat });
    const main = page.locator('main');

    // A list page under a two-line error toast (a refused category delete, 3 s).
    s.allowFailures((u) => u.pathname === `${API}/categorias/${cat.id}`);
    await page.goto(ROUTES.deletarCategoria(cat.id));
    await visible(main.getByText(cat.descricao));
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    await visible(toast(page, TOAST.erroDeletarCategoria));
    await expectPath(page, ROUTES.categorias);
    await loaded(page);
    await notCovered(page, [main.getByRole('link', { name: 'Nova categoria' }), main.getByRole('button', { name: TEXT.buscar })], '/categorias');

    // The create form under its info toast.
    await page.goto(ROUTES.cadastrarCliente);
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.preenchaProduto));
    await notCovered(page, [main.getByRole('button', { name: TEXT.cadastrar, exact: true })], '/cadastrarproduto');

    // The edit form under its error toast, where the user tries again.
    await injectFault(s, { method: 'PUT', path: `${API}/categorias` });
    await page.goto(ROUTES.atualizarCategoria(cat.id));
    await expect.poll(() => page.getByLabel(TEXT.nomeCategoria).inputValue()).toBe(cat.descricao);
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.erroAtualizarCategoria));
    await notCovered(page, [main.getByRole('button', { name: TEXT.atualizar, exact: true })], 'edit form');
  });
});
