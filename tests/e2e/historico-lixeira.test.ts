/**
 * Nothing is lost by a click in Chromium, against the production build and the real
 * API: a delete then 'Desfazer' brings the card back, a restore from the Lixeira, and the history
 * timeline after two edits by two people (the sign-in server: each edit carries its author).
 */
import { expect, it } from 'vitest';
import { API_BASE_PATH } from '../../lambdas/routes.ts';
import { signIn } from '../support/cognito.ts';
import { createCategoria, createProduto, getProduto, isGone, token } from './support/api.ts';
import { AUTH, createCliente, member, signInOnPage } from './support/auth.ts';
import { card, describeBrowser, expectPath, loaded, search, toast, useBrowser, visible } from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';

const NBSP = '\u00a0';
const RESTORED = 'Registro restaurado.';

describeBrowser('history, trash and Desfazer', () => {
  const { open } = useBrowser();

  it("delete, then 'Desfazer' on the list: the card is back with its id, the bar gone", async () => {
    const { page } = await open();
    const tok = token();
    const cat = await createCategoria(`Undo ${tok}`);
    const p = await createProduto({ nome: `Desfeito ${tok}`, valorContrato: 15000, categoria: cat });
    await page.goto(ROUTES.deletarCliente(p.id));
    await page.getByRole('button', { name: TEXT.sim }).click();
    // The spec's toast as it is, and the bar that stays.
    await visible(toast(page, TOAST.produtoApagado));
    await expectPath(page, ROUTES.clientes);
    const bar = page.locator('.undo-bar');
    await visible(bar);
    expect(await bar.textContent()).toContain('Cliente deletado.');
    expect(await isGone('produtos', p.id)).toBe(true);
    await loaded(page);
    await search(page, tok);
    expect(await card(page, p.nome).count()).toBe(0);

    await bar.getByRole('button', { name: /^Desfazer/ }).click();
    await visible(toast(page, RESTORED));
    await visible(card(page, p.nome));
    await expect.poll(() => bar.count()).toBe(0);
    const back = await getProduto(p.id);
    expect(back).toMatchObject({ id: p.id, nome: p.nome, versao: 2, categoria: { id: cat.id } });
    // Leaving and coming back shows no bar.
    await page.goto(ROUTES.clientes);
    await loaded(page);
    expect(await bar.count()).toBe(0);
  });

  it('the bar ends when the page is left: Back to the list and a reload show none; the history state never holds the name', async () => {
    const { page } = await open();
    const tok = token();
    const stays = await createProduto({ nome: `Fica ${tok}`, valorContrato: 100 });
    const first = await createProduto({ nome: `Primeiro ${tok}`, valorContrato: 100 });
    const second = await createProduto({ nome: `Segundo ${tok}`, valorContrato: 100 });
    const bar = page.locator('.undo-bar');
    const historyState = () => page.evaluate(() => JSON.stringify(history.state));

    // A reload forgets it.
    await page.goto(ROUTES.deletarCliente(first.id));
    await page.getByRole('button', { name: TEXT.sim }).click();
    await expectPath(page, ROUTES.clientes);
    await visible(bar);
    expect(await historyState()).not.toContain(first.nome);
    await page.reload();
    await loaded(page);
    // The shared list holds every test's clients: find this one (the grid shows 12 at a time).
    await search(page, tok);
    await visible(card(page, stays.nome));
    expect(await bar.count()).toBe(0);

    // A view change on the page keeps it (Buscar); another page ends it, and Back shows none.
    await page.goto(ROUTES.deletarCliente(second.id));
    await page.getByRole('button', { name: TEXT.sim }).click();
    await expectPath(page, ROUTES.clientes);
    await visible(bar);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, stays.nome));
    await visible(bar);
    expect(await historyState()).not.toContain(second.nome);
    await card(page, stays.nome).getByRole('link', { name: `Editar ${stays.nome}` }).click();
    await expectPath(page, ROUTES.atualizarCliente(stays.id));
    // The edit page is shown (the list left): a Back before the lazy page commits never left the list.
    await visible(page.getByRole('heading', { level: 1, name: 'Atualizar cliente' }));
    await page.goBack();
    await expectPath(page, ROUTES.clientes);
    await visible(card(page, stays.nome));
    expect(await bar.count()).toBe(0);
    // The entry before Buscar carries the same delete: none there either.
    await page.goBack();
    await expectPath(page, ROUTES.clientes);
    await expect.poll(() => page.evaluate(() => location.search)).toBe('');
    await loaded(page);
    expect(await bar.count()).toBe(0);
  });

  it("the bar can be dismissed, and the record is restored from the Lixeira (in the menu) instead", async () => {
    const { page } = await open();
    const tok = token();
    const c = await createCategoria(`Lixeira ${tok}`);
    await page.goto(ROUTES.deletarCategoria(c.id));
    await page.getByRole('button', { name: TEXT.confirmar }).click();
    await expectPath(page, ROUTES.categorias);
    const bar = page.locator('.undo-bar');
    await visible(bar);
    expect(await bar.textContent()).toContain('Categoria deletada.');
    await bar.getByRole('button', { name: 'Fechar aviso' }).click();
    await expect.poll(() => bar.count()).toBe(0);

    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Lixeira' }).click();
    await expectPath(page, '/lixeira');
    const entry = card(page, c.descricao);
    await visible(entry);
    expect(await entry.textContent()).toMatch(/Deletado por Anônimo em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // In the open mode everyone is an administrator: the purge is offered, and asks first.
    await entry.getByRole('button', { name: `Excluir definitivamente ${c.descricao}` }).click();
    await visible(entry.getByText('Esta ação não pode ser desfeita.', { exact: false }));
    await entry.getByRole('button', { name: 'Cancelar' }).click();
    await entry.getByRole('button', { name: `Restaurar ${c.descricao}` }).click();
    await visible(toast(page, RESTORED));
    await expect.poll(() => entry.count()).toBe(0);
    expect(await isGone('categorias', c.id)).toBe(false);
    await page.goto(ROUTES.categorias);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, c.descricao));
  });
});

describeBrowser('history timeline (sign-in on)', () => {
  const { open } = useBrowser();

  it('after two edits by two people, the edit page shows both with who and the values, and "Atualizado por"', async () => {
    const ana = await member();
    const p = await createCliente(`Histórico ${token()}`);
    // The member changes the value through the API with their own token…
    const anaToken = (await signIn(`${AUTH.baseUrl}/cognito/`, AUTH.pool.clientId, ana.email, ana.password)).AccessToken;
    const res = await fetch(`${AUTH.baseUrl}${API_BASE_PATH}/produtos`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anaToken}` },
      body: JSON.stringify({ id: p.id, nome: p.nome, segmento: p.segmento, pontoFocal: p.pontoFocal, valorContrato: 15000, categoria: null }),
    });
    expect(res.status).toBe(200);

    // …and the administrator renames the focal point in the browser.
    const { page } = await open({ baseURL: AUTH.baseUrl });
    await page.goto(ROUTES.atualizarCliente(p.id));
    await expectPath(page, '/entrar');
    await signInOnPage(page, AUTH.admin.email, AUTH.admin.password);
    await expectPath(page, ROUTES.atualizarCliente(p.id));
    const focal = page.getByLabel('Ponto focal');
    await expect.poll(() => focal.inputValue()).toBe('Maria');
    await visible(page.getByText(`Atualizado por ${ana.email} em`));
    await focal.fill('Joana');
    await page.getByRole('button', { name: TEXT.atualizar, exact: true }).click();
    await visible(toast(page, TOAST.produtoAtualizado));
    await expectPath(page, ROUTES.clientes);

    await page.goto(ROUTES.atualizarCliente(p.id));
    const timeline = page.locator('.timeline');
    await visible(timeline);
    const items = timeline.locator('.timeline-item');
    await expect.poll(() => items.count()).toBe(3);
    // Structured lines: who and what, when; then each field, before → after.
    const heads = await timeline.locator('.timeline-head').allTextContents();
    const when = / — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
    expect(heads[0]).toContain(`${AUTH.admin.email} alterou`);
    expect(await items.nth(0).locator('.timeline-changes li').allTextContents()).toEqual(['Ponto focal: “Maria” → “Joana”']);
    expect(heads[1]).toContain(`${ana.email} alterou`);
    expect(await items.nth(1).locator('.timeline-changes li').allTextContents()).toEqual([`Valor do contrato: R$${NBSP}5.000,00 → R$${NBSP}15.000,00`]);
    expect(heads[2]).toContain(`${AUTH.admin.email} criou o registro`);
    for (const t of heads) expect(t).toMatch(when);
    await visible(page.getByText(`Atualizado por ${AUTH.admin.email} em`));
  });
});
