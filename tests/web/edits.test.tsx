/**
 * Work that users do: a failed edit keeps what was typed (deviation: the spec went back
 * to the list), a 409 offers the current version with the fields that differ, and the 0.8 s hold
 * of /categorias once per app session.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { FIRST_LOAD_HOLD } from '../../web/src/config.ts';
import { T } from '../../web/src/texts.ts';
import { TF } from '../../web/src/texts-forms.ts';
import '../../web/src/features/categorias/pages/ListaCategorias.tsx';
import { FAKE_TIMERS, categoria, currentPath, goBack, json, mockApi, produto, renderApp, settle, tick, visibleToast } from './helpers.tsx';

const CATS = [categoria(1, 'Alimentação'), categoria(2, 'Serviços')];
const NBSP = '\u00a0';
/** The conflict panel's name: its heading names the record. */
const CONFLICT = /^Outra pessoa salvou (este cliente|esta categoria) enquanto você editava\.$/;
const conflictPanel = () => screen.getByRole('region', { name: CONFLICT });
/** The conflict table's rows as [label, mine, current, who changed it]. */
const rowsOf = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent));
const { who } = TF.conflict;

describe('a failed edit keeps the typed values (deviation: issue 13)', () => {
  it.each([
    { status: 500, body: { mensagem: MESSAGES.erroInterno } },
    { status: 502, body: '<html>Bad Gateway</html>' },
  ])('client: HTTP $status → the spec toast, the form as typed, and a second try saves it', async ({ status, body }) => {
    const user = userEvent.setup();
    const failed = typeof body === 'string' ? new Response(body, { status }) : json(status, body);
    const api = mockApi({
      'GET /api/produtos/2': json(200, produto(2, 'Maria', 1500, { id: 1, descricao: 'Alimentação' }, 4)),
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': [failed, json(200, produto(2, 'Maria Clara', 2500, { id: 2, descricao: 'Serviços' }, 5))],
      'GET /api/produtos': json(200, []),
    });
    renderApp('/atualizarproduto/2');
    const nome = await screen.findByLabelText('Nome');
    await waitFor(() => expect(nome).toHaveValue('Maria'));
    await user.type(nome, ' Clara');
    await user.clear(screen.getByLabelText('Valor do contrato'));
    await user.type(screen.getByLabelText('Valor do contrato'), '2.500');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Serviços');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(visibleToast('Erro ao atualizar o produto.')?.dataset.duration).toBe('2000'));
    expect(currentPath()).toBe('/atualizarproduto/2');
    expect(nome).toHaveValue('Maria Clara');
    expect(screen.getByLabelText('Valor do contrato')).toHaveValue('2.500,00');
    expect(screen.getByLabelText('Categoria')).toHaveValue('2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled());
    // Not a conflict: nothing to reload.
    expect(screen.queryByRole('region', { name: CONFLICT })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    const puts = api.callsTo('PUT', '/api/produtos').map((c) => c.body);
    expect(puts).toHaveLength(2);
    // The blank contact fields are sent as null (an edit clears what it shows empty).
    const blank = { email: null, telefone: null, documento: null, observacoes: null, inicioContrato: null, fimContrato: null };
    expect(puts[1]).toEqual({ id: 2, versao: 4, nome: 'Maria Clara', segmento: 'Varejo', pontoFocal: 'Maria', valorContrato: 2500, categoria: { id: 2, descricao: 'Serviços' }, ...blank });
    expect(visibleToast('O produto foi atualizado com sucesso!')).toBeDefined();
  });

  it('category: a lost connection → the spec toast and the form as typed', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias/2': json(200, categoria(2, 'Serviços', 3)), 'PUT /api/categorias': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.type(field, ' gerais');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(visibleToast('Erro ao atualizar a categoria.')?.dataset.type).toBe('error'));
    expect(currentPath()).toBe('/categorias/atualizar/2');
    expect(field).toHaveValue('Serviços gerais');
  });

  it('a failed load still goes to the list, as the spec says', async () => {
    mockApi({ 'GET /api/categorias/9': json(500, { mensagem: MESSAGES.erroInterno }), 'GET /api/categorias': json(200, CATS) });
    renderApp('/categorias/atualizar/9');
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(visibleToast('Erro ao buscar a categoria.')).toBeDefined();
  });
});

describe('a 409: someone else saved the record meanwhile', () => {
  const v4 = produto(2, 'Maria', 1500, { id: 1, descricao: 'Alimentação' }, 4);
  const v5 = { ...v4, nome: 'Maria Souza', valorContrato: 3000, versao: 5 };

  it('offers the current version with the fields that differ; loading it updates versao; the user re-applies theirs', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/produtos/2': [json(200, v4), json(200, v5)],
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': [json(409, { mensagem: MESSAGES.conflitoVersao }), json(200, { ...v5, nome: 'Maria Clara', versao: 6 })],
      'GET /api/produtos': json(200, []),
      'GET /api/produtos/2/historico': json(200, { itens: [], cursor: null }),
    });
    renderApp('/atualizarproduto/2');
    const nome = await screen.findByLabelText('Nome');
    await waitFor(() => expect(nome).toHaveValue('Maria'));
    await user.clear(nome);
    await user.type(nome, 'Maria Clara');
    await user.type(screen.getByLabelText('Ponto focal'), ' Lima');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    // The spec's toast alone: no "Recarregue e tente de novo" beside a panel that keeps what was typed.
    await waitFor(() => expect(visibleToast('Erro ao atualizar o produto.')?.textContent).toBe('Erro ao atualizar o produto.'));
    const panel = await screen.findByRole('region', { name: CONFLICT });
    await waitFor(() => expect(within(panel).getByRole('button', { name: TF.conflict.load })).toBeInTheDocument());
    expect(within(panel).getByRole('heading', { name: 'Outra pessoa salvou este cliente enquanto você editava.' })).toHaveFocus();
    expect(within(panel).getByText('Compare abaixo e escolha o que manter.')).toBeInTheDocument();
    expect(within(panel).getByText(TF.conflict.differs)).toBeInTheDocument();
    expect(within(panel).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Campo', 'Sua versão', 'Versão atual', 'O que mudou']);
    // The history below is read again: it shows the other person's save.
    await waitFor(() => expect(api.callsTo('GET', '/api/produtos/2/historico')).toHaveLength(2));
    // Every field where the user's version and the current one differ, by its label, and who
    // changed it since the version the edit started from.
    expect(rowsOf(panel)).toEqual([
      ['Nome', 'Maria Clara', 'Maria Souza', who.both],
      ['Ponto focal', 'Maria Lima', 'Maria', who.mine],
      ['Valor do contrato', `R$${NBSP}1.500,00`, `R$${NBSP}3.000,00`, who.theirs],
    ]);
    // Still the form as typed until the user asks.
    expect(nome).toHaveValue('Maria Clara');

    await user.click(within(panel).getByRole('button', { name: TF.conflict.load }));
    expect(nome).toHaveValue('Maria Souza');
    expect(screen.getByLabelText('Ponto focal')).toHaveValue('Maria');
    expect(screen.getByLabelText('Valor do contrato')).toHaveValue('3.000,00');
    expect(within(conflictPanel()).getByText(TF.conflict.loaded)).toHaveFocus();
    // The user's values stay listed, each with a way to put it back.
    await user.click(within(conflictPanel()).getByRole('button', { name: TF.conflict.reapplyLabel('Nome') }));
    expect(nome).toHaveValue('Maria Clara');
    expect(within(conflictPanel()).getByRole('button', { name: TF.conflict.reapplyLabel('Nome') })).toBeDisabled();
    expect(within(conflictPanel()).getByRole('button', { name: TF.conflict.reapplyLabel('Ponto focal') })).toBeEnabled();
    // The value only the other person changed can't be put back (that would undo their change unseen).
    expect(within(conflictPanel()).queryByRole('button', { name: TF.conflict.reapplyLabel('Valor do contrato') })).toBeNull();
    expect(within(within(conflictPanel()).getByRole('row', { name: /Valor do contrato/ })).getByText(TF.conflict.keptCurrent)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    const [, second] = api.callsTo('PUT', '/api/produtos').map((c) => c.body);
    expect(second).toMatchObject({ id: 2, versao: 5, nome: 'Maria Clara', pontoFocal: 'Maria', valorContrato: 3000 });
    expect(visibleToast('O produto foi atualizado com sucesso!')).toBeDefined();
  });

  it('category: the current name against the typed one; a stale 409 with campo "versao" counts too', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias/2': [json(200, categoria(2, 'Serviços', 3)), json(200, categoria(2, 'Serviços gerais', 4))],
      'PUT /api/categorias': [json(409, { mensagem: MESSAGES.conflitoVersao, campo: 'versao' }), json(200, categoria(2, 'Serviços B2B', 5))],
      'GET /api/categorias': json(200, CATS),
    });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.clear(field);
    await user.type(field, 'Serviços B2B');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    const panel = await screen.findByRole('region', { name: CONFLICT });
    await waitFor(() => expect(rowsOf(panel)).toEqual([['Nome da Categoria', 'Serviços B2B', 'Serviços gerais', who.both]]));
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(panel).getByRole('button', { name: TF.conflict.load }));
    expect(field).toHaveValue('Serviços gerais');
    await user.click(within(conflictPanel()).getByRole('button', { name: TF.conflict.reapplyLabel('Nome da Categoria') }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(api.callsTo('PUT', '/api/categorias')[1]!.body).toEqual({ id: 2, descricao: 'Serviços B2B', versao: 4 });
  });

  it('says when the current version cannot be read, and tries again on request', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/categorias/2': [json(200, categoria(2, 'Serviços', 3)), json(500, { mensagem: MESSAGES.erroInterno }), json(200, categoria(2, 'Outra', 4))],
      'PUT /api/categorias': json(409, { mensagem: MESSAGES.conflitoVersao }),
    });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    const panel = await screen.findByRole('region', { name: CONFLICT });
    await waitFor(() => expect(within(panel).getByText(new RegExp(TF.conflict.failed))).toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: T.common.retry }));
    await waitFor(() => expect(rowsOf(conflictPanel())).toEqual([['Nome da Categoria', 'Serviços', 'Outra', who.theirs]]));
    expect(currentPath()).toBe('/categorias/atualizar/2');
    // The user changed nothing: loading the current version takes theirs, nothing to put back.
    await user.click(within(conflictPanel()).getByRole('button', { name: TF.conflict.load }));
    expect(field).toHaveValue('Outra');
    expect(within(conflictPanel()).queryByRole('button', { name: TF.conflict.reapplyLabel('Nome da Categoria') })).toBeNull();
  });

  it('a field only the other person changed: after loading, saving keeps their value with the user\'s own changes put back', async () => {
    const user = userEvent.setup();
    const v5seg = { ...v4, segmento: 'Atacado', versao: 5 };
    const api = mockApi({
      'GET /api/produtos/2': [json(200, v4), json(200, v5seg)],
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': [json(409, { mensagem: MESSAGES.conflitoVersao }), json(200, { ...v5seg, nome: 'Maria Clara', versao: 6 })],
      'GET /api/produtos': json(200, []),
    });
    renderApp('/atualizarproduto/2');
    const nome = await screen.findByLabelText('Nome');
    await waitFor(() => expect(nome).toHaveValue('Maria'));
    await user.type(nome, ' Clara');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    const panel = await screen.findByRole('region', { name: CONFLICT });
    await waitFor(() =>
      expect(rowsOf(panel)).toEqual([
        ['Nome', 'Maria Clara', 'Maria', who.mine],
        ['Segmento', 'Varejo', 'Atacado', who.theirs],
      ]),
    );
    await user.click(within(panel).getByRole('button', { name: TF.conflict.load }));
    expect(screen.getByLabelText('Segmento')).toHaveValue('Atacado');
    expect(within(conflictPanel()).queryByRole('button', { name: TF.conflict.reapplyLabel('Segmento') })).toBeNull();
    await user.click(within(conflictPanel()).getByRole('button', { name: TF.conflict.reapplyLabel('Nome') }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(api.callsTo('PUT', '/api/produtos')[1]!.body).toMatchObject({ versao: 5, nome: 'Maria Clara', segmento: 'Atacado' });
  });

  it('a write that kept racing others (409 "Tente de novo") is no stale version: the toast and the form as typed, no reload offered', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias/2': json(200, categoria(2, 'Serviços', 3)),
      'PUT /api/categorias': [json(409, { mensagem: MESSAGES.conflitoConcorrente }), json(200, categoria(2, 'Serviços B2B', 4))],
      'GET /api/categorias': json(200, CATS),
    });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.type(field, ' B2B');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(visibleToast('Erro ao atualizar a categoria.')?.textContent).toContain(MESSAGES.conflitoConcorrente));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: CONFLICT })).toBeNull();
    // The record was not read again to be offered: only the page's own load.
    expect(api.callsTo('GET', '/api/categorias/2')).toHaveLength(1);
    expect(field).toHaveValue('Serviços B2B');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(api.callsTo('PUT', '/api/categorias')[1]!.body).toEqual({ id: 2, descricao: 'Serviços B2B', versao: 3 });
  });
});

describe('the 0.8 s hold of /categorias', () => {
  it('holds on the first load of the app session only, not on every visit', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/categorias');
    const spinner = () => screen.queryByRole('status', { name: T.common.loading });
    await settle();
    expect(spinner()).toBeInTheDocument();
    await tick(FIRST_LOAD_HOLD);
    expect(screen.getByRole('heading', { level: 2, name: 'Serviços' })).toBeInTheDocument();
    // Another page, then back: the list shows at once (its data and no hold).
    screen.getByRole('link', { name: 'Sobre nós' }).click();
    await settle();
    expect(currentPath()).toBe('/sobre-nos');
    screen.getByRole('link', { name: 'Listar categorias' }).click();
    await settle();
    expect(currentPath()).toBe('/categorias');
    expect(spinner()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Serviços' })).toBeInTheDocument();
  });
});

describe('leaving a form with typed changes asks first', () => {
  const editApi = () =>
    mockApi({
      'GET /api/produtos/2': json(200, produto(2, 'Maria', 1500, { id: 1, descricao: 'Alimentação' }, 4)),
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': json(200, produto(2, 'Maria Clara', 1500, { id: 1, descricao: 'Alimentação' }, 5)),
      'GET /api/produtos': json(200, []),
      'GET /api/produtos/2/historico': json(200, { itens: [], cursor: null }),
    });

  it('a menu link and Back are held: "Descartar as alterações?" with Continuar editando and Descartar', async () => {
    const user = userEvent.setup();
    editApi();
    renderApp('/clientes');
    await user.click(await screen.findByRole('link', { name: 'Cadastrar clientes' }));
    await screen.findByLabelText('Nome');
    // Nothing typed: leaving asks nothing.
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    await user.click(await screen.findByRole('link', { name: 'Cadastrar clientes' }));
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Listar categorias' }));
    const dialog = await screen.findByRole('alertdialog', { name: TF.leave.question });
    expect(currentPath()).toBe('/cadastrarproduto');
    expect(within(dialog).getByRole('button', { name: TF.leave.keep })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: TF.leave.keep }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
    await goBack();
    await user.click(within(await screen.findByRole('alertdialog', { name: TF.leave.question })).getByRole('button', { name: TF.leave.discard }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
  });

  it('never on Cancelar, nor after a save (the redirect to the list)', async () => {
    const user = userEvent.setup();
    editApi();
    renderApp('/atualizarproduto/2');
    const nome = await screen.findByLabelText('Nome');
    await waitFor(() => expect(nome).toHaveValue('Maria'));
    await user.type(nome, ' Clara');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await goBack();
    const again = await screen.findByLabelText('Nome');
    await waitFor(() => expect(again).toHaveValue('Maria'));
    await user.type(again, ' Clara');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
