/**
 * Every user journey of the spec in Chromium, against the production build and the real API:
 * categories and clients from create to delete, the filters, the redirects, the not-found page
 * and two tabs editing one client (optimistic locking).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SECURITY_HEADERS } from '../../infra/security-headers.ts';
import { createCategoria, createProduto, getCategoria, getProduto, isGone, listProdutos, token } from './support/api.ts';
import { browserYear, card, describeBrowser, expectPath, heading, loaded, search, toast, useBrowser, visible } from './support/harness.ts';
import { NAV_LINKS, ROUTES, TEXT, TOAST } from './support/spec.ts';

const NBSP = '\u00a0';

/** The text of a card's field (a <dt>/<dd> pair) by its label. */
async function field(page: Page, cardText: string, label: string): Promise<string> {
  return (await card(page, cardText).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

describeBrowser('journeys', () => {
  const { open } = useBrowser();

  it('runs under the production security headers (CSP with script-src self)', async () => {
    const { page } = await open();
    const res = await page.goto(ROUTES.home);
    const headers = res?.headers() ?? {};
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    // The page works under it: nothing blocked (the guards fail the test on a CSP report).
    await visible(heading(page));
  });

  it('creates, edits and deletes a category (Cancelar keeps it)', async () => {
    const { page } = await open();
    const tok = token();
    const nome = `Consultoria ${tok}`;
    await page.goto(ROUTES.cadastrarCategoria);
    await page.getByLabel(TEXT.nomeCategoria).fill(nome);
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.categoriaCadastrada));
    await expectPath(page, ROUTES.categorias);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, nome));

    // Edit: prefilled form, 'Atualizar', back to the list with the new name.
    await card(page, nome).getByRole('link', { name: TEXT.editar }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/categorias\/atualizar\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const input = page.getByLabel(TEXT.nomeCategoria);
    await expect.poll(() => input.inputValue()).toBe(nome);
    const novo = `Consultoria Tributária ${tok}`;
    await input.fill(novo);
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.categoriaAtualizada));
    await expectPath(page, ROUTES.categorias);
    expect((await getCategoria(id)).descricao).toBe(novo);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, novo));

    // Delete, first cancelled.
    await card(page, novo).getByRole('link', { name: TEXT.deletar }).click();
    await expectPath(page, ROUTES.deletarCategoria(id));
    await visible(page.getByRole('heading', { name: TEXT.temCerteza }));
    await visible(page.locator('main').getByText(novo));
    await page.getByRole('button', { name: TEXT.cancelar }).or(page.getByRole('link', { name: TEXT.cancelar })).click();
    await expectPath(page, ROUTES.categorias);
    expect(await isGone('categorias', id)).toBe(false);

    await page.goto(ROUTES.deletarCategoria(id));
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    await visible(toast(page, TOAST.categoriaDeletada));
    await expectPath(page, ROUTES.categorias);
    expect(await isGone('categorias', id)).toBe(true);
    await loaded(page);
    await search(page, tok);
    expect(await card(page, novo).count()).toBe(0);
  });

  it('creates a VIP client (15000) and a standard one (10000 exactly)', async () => {
    const { page } = await open();
    const tok = token();
    const cat = await createCategoria(`Indústria ${tok}`);
    const cases = [
      { nome: `Metalúrgica Aço Forte ${tok}`, valor: '15000', icon: TEXT.vip, money: `R$${NBSP}15.000,00` },
      { nome: `Padaria Pão Quente ${tok}`, valor: '10000', icon: TEXT.padrao, money: `R$${NBSP}10.000,00` },
      // A zero value (required); no category chosen shows "Sem categoria".
      { nome: `Banca do Seu Jorge ${tok}`, valor: '0', icon: TEXT.padrao, money: `R$${NBSP}0,00`, semCategoria: true },
    ];
    for (const c of cases) {
      await page.goto(ROUTES.cadastrarCliente);
      await page.getByLabel(TEXT.nome, { exact: true }).fill(c.nome);
      await page.getByLabel(TEXT.segmento).fill('Indústria');
      await page.getByLabel(TEXT.pontoFocal).fill('Ana Ribeiro');
      await page.getByLabel(TEXT.valorContrato).fill(c.valor);
      const select = page.getByLabel(TEXT.categoria);
      await expect.poll(() => select.locator('option').allTextContents()).toContain(cat.descricao);
      expect(await select.locator('option:checked').textContent()).toBe(TEXT.selecioneCategoria);
      if (!c.semCategoria) await select.selectOption({ label: cat.descricao });
      await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
      await visible(toast(page, TOAST.produtoCadastrado));
      await expectPath(page, ROUTES.clientes);
      await loaded(page);
      await search(page, tok);
      const el = card(page, c.nome);
      await visible(el);
      await visible(el.getByRole('img', { name: c.icon, exact: true }));
      expect(await field(page, c.nome, TEXT.valorContrato)).toBe(c.money);
      expect(await field(page, c.nome, TEXT.categoria)).toBe(c.semCategoria ? TEXT.semCategoria : cat.descricao);
      expect(await field(page, c.nome, TEXT.segmento)).toBe('Indústria');
      expect(await field(page, c.nome, TEXT.pontoFocal)).toBe('Ana Ribeiro');
    }
    const mine = (await listProdutos()).filter((p) => p.nome.endsWith(tok));
    expect(mine.map((p) => [p.valorContrato, p.categoria?.id ?? null])).toEqual([
      [15000, cat.id],
      [10000, cat.id],
      [0, null],
    ]);
  });

  it('takes cents typed after a comma, as Brazilians write them (12,50 is R$ 12,50, not 1250)', async () => {
    const { page } = await open();
    const tok = token();
    const nome = `Quitanda Centavos ${tok}`;
    await page.goto(ROUTES.cadastrarCliente);
    await page.getByLabel(TEXT.nome, { exact: true }).fill(nome);
    const valor = page.getByLabel(TEXT.valorContrato);
    await valor.click();
    await page.keyboard.type('1500,75');
    // Kept as typed, then shown as money once the field is left.
    expect(await valor.inputValue()).toBe('1500,75');
    await page.keyboard.press('Tab');
    expect(await valor.inputValue()).toBe('1.500,75');
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.produtoCadastrado));
    expect((await listProdutos()).find((p) => p.nome === nome)?.valorContrato).toBe(1500.75);
  });

  it('filters both lists with and without accents, with Buscar and with Enter', async () => {
    const { page } = await open();
    const tok = token();
    await createCategoria(`Ações ${tok}`);
    await createCategoria(`Serviços ${tok}`);
    await createProduto({ nome: `João Araújo ${tok}` });
    await createProduto({ nome: `Maria Eduarda ${tok}` });

    await page.goto(ROUTES.categorias);
    await loaded(page);
    await search(page, `acoes ${tok}`);
    await visible(card(page, `Ações ${tok}`));
    await expect.poll(() => card(page, tok).count()).toBe(1);
    await search(page, `SERVIÇOS ${tok}`, 'enter');
    await visible(card(page, `Serviços ${tok}`));
    await expect.poll(() => card(page, tok).count()).toBe(1);
    await search(page, tok, 'enter');
    await expect.poll(() => card(page, tok).count()).toBe(2);

    await page.goto(ROUTES.clientes);
    await loaded(page);
    await visible(page.getByRole('heading', { level: 1, name: TEXT.buscaClientes }));
    await search(page, `joao araujo ${tok}`);
    await visible(card(page, `João Araújo ${tok}`));
    await expect.poll(() => card(page, tok).count()).toBe(1);
    await search(page, `MARIA eduarda ${tok}`, 'enter');
    await visible(card(page, `Maria Eduarda ${tok}`));
    await expect.poll(() => card(page, tok).count()).toBe(1);
    await search(page, `joão`, 'enter');
    await visible(card(page, `João Araújo ${tok}`));
    await expect.poll(() => card(page, `Maria Eduarda ${tok}`).count()).toBe(0);
    // An empty filter shows everything again (the count line names every client; the grid
    // itself renders in chunks as the user scrolls).
    await search(page, '');
    const total = (await listProdutos()).length;
    await visible(page.locator('main').getByText(`${total} ${total === 1 ? 'resultado' : 'resultados'}`, { exact: true }));
    await search(page, tok, 'enter');
    await expect.poll(() => card(page, tok).count()).toBe(2);
  });

  it('edits a client, then deletes it (Não keeps it)', async () => {
    const { page } = await open();
    const tok = token();
    const cat = await createCategoria(`Varejo ${tok}`);
    const other = await createCategoria(`Atacado ${tok}`);
    const p = await createProduto({ nome: `Loja Sol ${tok}`, valorContrato: 20000, categoria: cat });

    await page.goto(ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    await card(page, p.nome).getByRole('link', { name: TEXT.editar }).click();
    await expectPath(page, ROUTES.atualizarCliente(p.id));
    const nome = page.getByLabel(TEXT.nome, { exact: true });
    await expect.poll(() => nome.inputValue()).toBe(p.nome);
    expect(await page.getByLabel(TEXT.valorContrato).inputValue()).toBe('20.000,00');
    const select = page.getByLabel(TEXT.categoria);
    await expect.poll(() => select.locator('option:checked').textContent()).toBe(cat.descricao);
    const novoNome = `Loja Lua ${tok}`;
    await nome.fill(novoNome);
    await page.getByLabel(TEXT.valorContrato).fill('999.5');
    await select.selectOption({ label: other.descricao });
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.produtoAtualizado));
    await expectPath(page, ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, novoNome));
    await visible(card(page, novoNome).getByRole('img', { name: TEXT.padrao, exact: true }));
    expect(await field(page, novoNome, TEXT.valorContrato)).toBe(`R$${NBSP}999,50`);
    expect(await field(page, novoNome, TEXT.categoria)).toBe(other.descricao);
    const saved = await getProduto(p.id);
    expect([saved.nome, saved.valorContrato, saved.categoria?.id]).toEqual([novoNome, 999.5, other.id]);

    // Delete: 'Não' goes back and keeps it.
    await card(page, novoNome).getByRole('link', { name: TEXT.deletar }).click();
    await expectPath(page, ROUTES.deletarCliente(p.id));
    await visible(page.getByRole('heading', { level: 1, name: TEXT.deletarProduto }));
    await visible(page.getByText(TEXT.perguntaDeletarProduto));
    await visible(card(page, novoNome));
    await page.getByRole('button', { name: TEXT.nao, exact: true }).or(page.getByRole('link', { name: TEXT.nao, exact: true })).click();
    await expectPath(page, ROUTES.clientes);
    expect(await isGone('produtos', p.id)).toBe(false);

    await page.goto(ROUTES.deletarCliente(p.id));
    await visible(card(page, novoNome));
    await page.getByRole('button', { name: TEXT.sim, exact: true }).click();
    await visible(toast(page, TOAST.produtoApagado));
    await expectPath(page, ROUTES.clientes);
    expect(await isGone('produtos', p.id)).toBe(true);
    await loaded(page);
    await search(page, tok);
    expect(await card(page, novoNome).count()).toBe(0);
  });

  it('refuses to delete a category in use: the error toast with the reason, then /categorias', async () => {
    const s = await open();
    const { page } = s;
    const tok = token();
    const cat = await createCategoria(`Saúde ${tok}`);
    // The API's 409 is the point of this test.
    s.allowFailures((u) => u.pathname === `/api/categorias/${cat.id}`);
    await page.goto(ROUTES.deletarCategoria(cat.id));
    await visible(page.locator('main').getByText(cat.descricao));
    // A client filed in it by someone else while the page is open (a category that has clients
    // when the page opens says so up front, Confirmar off): the API refuses the delete.
    await createProduto({ nome: `Clínica Vida ${tok}`, categoria: cat });
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    const t = toast(page, TOAST.erroDeletarCategoria);
    await visible(t);
    expect(await t.innerText()).toContain('A categoria possui clientes vinculados.');
    // Two lines: the title, then the reason.
    expect((await t.innerText()).split('\n').map((l) => l.trim()).filter(Boolean)).toEqual([
      TOAST.erroDeletarCategoria,
      'A categoria possui clientes vinculados.',
    ]);
    // Top right, red: the toast's own box (the first ancestor with a background), from its
    // layout box (the entry animation scales it).
    const look = await t.evaluate((el) => {
      let e: HTMLElement | null = el as HTMLElement;
      while (e && getComputedStyle(e).backgroundColor === 'rgba(0, 0, 0, 0)') e = e.parentElement;
      const parent = e?.offsetParent?.getBoundingClientRect();
      return {
        bg: e ? getComputedStyle(e).backgroundColor : '',
        right: e && parent ? parent.left + e.offsetLeft + e.offsetWidth : 0,
        top: e && parent ? parent.top + e.offsetTop : 999,
      };
    });
    const vw = page.viewportSize()?.width ?? 0;
    expect(look.right >= vw - 48 && look.top < 200, `toast at ${JSON.stringify(look)}`).toBe(true);
    const [r = 0, g = 0, b = 0] = (look.bg.match(/\d+/g) ?? []).map(Number);
    expect(r > g + 80 && r > b + 80, `error toast background ${look.bg} is not red`).toBe(true);
    await expectPath(page, ROUTES.categorias);
    expect(await isGone('categorias', cat.id)).toBe(false);
  });

  it('shows the info toasts of the create forms and sends nothing when the name is blank', async () => {
    const { page } = await open();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(ROUTES.cadastrarCategoria);
    await page.getByLabel(TEXT.nomeCategoria).fill('   ');
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.preenchaCategoria));
    await page.goto(ROUTES.cadastrarCliente);
    await page.getByLabel(TEXT.segmento).fill('Varejo');
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await visible(toast(page, TOAST.preenchaProduto));
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(ROUTES.cadastrarCliente);
  });

  it('redirects the old paths and shows the not-found page with a way home', async () => {
    const { page } = await open();
    await page.goto('/listacategorias');
    await expectPath(page, ROUTES.categorias);
    await visible(heading(page));
    await page.goto('/produtos');
    await expectPath(page, ROUTES.clientes);
    await visible(page.getByRole('heading', { level: 1, name: TEXT.buscaClientes }));

    await page.goto('/nao-existe/mesmo');
    await visible(page.getByRole('heading', { level: 1, name: TEXT.naoEncontrada }));
    expect(await page.title()).toContain(TEXT.naoEncontrada);
    const home = page.locator('main').getByRole('link').filter({ hasText: /início|home/i });
    await home.first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(home)?$/);
    await visible(heading(page));
  });

  it('the navbar links lead to their pages, the current one marked', async () => {
    const { page } = await open();
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    const titles = new Set<string>();
    for (const link of NAV_LINKS) {
      await nav.getByRole('link', { name: link.name, exact: true }).click();
      await expectPath(page, link.path);
      // The link is marked once the new page is in (the old one can still show while its chunk loads).
      await expect.poll(() => nav.getByRole('link', { name: link.name, exact: true }).getAttribute('aria-current')).toBe('page');
      await visible(heading(page));
      // Focus moves to the new page's heading, and the title names the page.
      await expect.poll(() => heading(page).evaluate((h) => h === document.activeElement)).toBe(true);
      await expect.poll(() => page.title()).toMatch(/Clientela/);
      titles.add(await page.title());
    }
    expect(titles.size, [...titles].join(' | ')).toBe(NAV_LINKS.length);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(await page.locator('footer').innerText()).toContain(`© ${browserYear()} Clientela`);
    await nav.getByRole('link', { name: /Clientela/ }).first().click();
    await expectPath(page, ROUTES.home);
    await visible(heading(page));
  });

  it('two tabs edit the same client: the second save gets the conflict toast and stays, offering the current version', async () => {
    const s = await open();
    const tok = token();
    const p = await createProduto({ nome: `Ótica Visão ${tok}`, valorContrato: 3000 });
    const a = s.page;
    const b = await s.newTab();
    s.allowFailures((u) => u.pathname === '/api/produtos');
    for (const tab of [a, b]) {
      await tab.goto(ROUTES.atualizarCliente(p.id));
      await expect.poll(() => tab.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(p.nome);
    }
    await a.getByLabel(TEXT.nome, { exact: true }).fill(`Ótica Primeira ${tok}`);
    await a.getByLabel(TEXT.valorContrato).fill('12000');
    await a.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(a, TOAST.produtoAtualizado));
    await expectPath(a, ROUTES.clientes);

    await b.bringToFront();
    await b.getByLabel(TEXT.nome, { exact: true }).fill(`Ótica Segunda ${tok}`);
    await b.getByLabel(TEXT.segmento).fill('Óptica');
    await b.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    const t = toast(b, TOAST.erroAtualizarProduto);
    await visible(t);
    // The spec's toast alone: the panel explains (no "Recarregue" beside it).
    expect((await t.innerText()).split('\n').map((l) => l.trim()).filter(Boolean)).toEqual([TOAST.erroAtualizarProduto]);
    // The typed values stay; the panel lists the fields that differ from the current version, and
    // who changed each since this tab loaded it, in plain words.
    const panel = b.getByRole('region', { name: 'Outra pessoa salvou este cliente enquanto você editava.' });
    await visible(panel.getByText('Compare abaixo e escolha o que manter.'));
    await visible(panel.getByRole('button', { name: 'Carregar a versão atual' }));
    expect(new URL(b.url()).pathname).toBe(ROUTES.atualizarCliente(p.id));
    expect(await b.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(`Ótica Segunda ${tok}`);
    const rows = await panel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
    expect(rows).toEqual([
      [TEXT.nome, `Ótica Segunda ${tok}`, `Ótica Primeira ${tok}`, 'Você e a outra pessoa mudaram'],
      [TEXT.segmento, 'Óptica', 'Varejo', 'Só você mudou'],
      [TEXT.valorContrato, `R$${NBSP}3.000,00`, `R$${NBSP}12.000,00`, 'Só a outra pessoa mudou'],
    ]);

    // Load the current version, put the name back, save: the second save wins, nothing lost.
    await panel.getByRole('button', { name: 'Carregar a versão atual' }).click();
    await expect.poll(() => b.getByLabel(TEXT.nome, { exact: true }).inputValue()).toBe(`Ótica Primeira ${tok}`);
    expect(await b.getByLabel(TEXT.valorContrato, { exact: true }).inputValue()).toBe('12.000,00');
    // Only the other tab changed the value: it can't be put back (that would undo their change).
    await visible(panel.getByRole('button', { name: `Usar a sua versão de ${TEXT.segmento}` }));
    expect(await panel.getByRole('button', { name: `Usar a sua versão de ${TEXT.valorContrato}` }).count()).toBe(0);
    await panel.getByRole('button', { name: `Usar a sua versão de ${TEXT.nome}` }).click();
    await b.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(b, TOAST.produtoAtualizado));
    await expectPath(b, ROUTES.clientes);
    await loaded(b);
    await search(b, tok);
    await visible(card(b, `Ótica Segunda ${tok}`));
    expect(await field(b, `Ótica Segunda ${tok}`, TEXT.valorContrato)).toBe(`R$${NBSP}12.000,00`);
    const saved = await getProduto(p.id);
    expect([saved.nome, saved.segmento, saved.valorContrato, saved.versao]).toEqual([`Ótica Segunda ${tok}`, 'Varejo', 12000, p.versao + 2]);
  });
});
