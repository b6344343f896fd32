import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { CREATE_REDIRECT_DELAY, FIRST_LOAD_HOLD, TOAST_DURATION } from '../../web/src/config.ts';
import { T } from '../../web/src/texts.ts';
// Loaded up front so React.lazy resolves without waiting on module I/O under fake timers.
import '../../web/src/features/categorias/pages/ListaCategorias.tsx';
import '../../web/src/features/categorias/pages/CadastrarCategoria.tsx';
import '../../web/src/features/categorias/pages/DeletarCategoria.tsx';
import { FAKE_TIMERS, UUID, categoria, currentPath, deferred, json, mockApi, renderApp, settle, shownToast, tick, visibleToast } from './helpers.tsx';
import { TG } from '../../web/src/texts-categorias.ts';

const LIST = [categoria(1, 'Alimentação'), categoria(2, 'Serviços'), categoria(3, 'Varejo')];
const spinner = () => screen.queryByRole('status', { name: T.common.loading });
const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/categorias list', () => {
  it('starts the request at once and holds the spinner at least 0.8 s on the first load', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const res = deferred<Response>();
    const api = mockApi({ 'GET /api/categorias': () => res.promise });
    renderApp('/categorias');
    await settle();
    // No delay before the request: it is in flight while the spinner shows.
    expect(api.callsTo('GET', '/api/categorias')).toHaveLength(1);
    expect(spinner()).toBeInTheDocument();
    res.resolve(json(200, LIST));
    await settle();
    expect(spinner()).toBeInTheDocument();
    await tick(FIRST_LOAD_HOLD - 1);
    expect(spinner()).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
    await tick(1);
    expect(spinner()).not.toBeInTheDocument();
    expect(cardTitles()).toEqual(['Alimentação', 'Serviços', 'Varejo']);
  });

  it('keeps the spinner until a slow response arrives', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const res = deferred<Response>();
    mockApi({ 'GET /api/categorias': () => res.promise });
    renderApp('/categorias');
    await settle();
    await tick(3000);
    expect(spinner()).toBeInTheDocument();
    res.resolve(json(200, LIST));
    await settle();
    expect(spinner()).not.toBeInTheDocument();
    expect(cardTitles()).toHaveLength(3);
  });

  it('links each card to its edit and delete pages', async () => {
    mockApi({ 'GET /api/categorias': json(200, LIST) });
    renderApp('/categorias');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Serviços' }, { timeout: 3000 })).closest('article')!;
    expect(within(card).getByRole('link', { name: /Editar/ })).toHaveAttribute('href', '/categorias/atualizar/2');
    expect(within(card).getByRole('link', { name: /Deletar/ })).toHaveAttribute('href', '/deletarcategorias/2');
  });

  it('filters case- and accent-insensitively, only on Buscar or Enter; empty shows all', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, LIST) });
    renderApp('/categorias');
    await screen.findByRole('heading', { level: 2, name: 'Varejo' }, { timeout: 3000 });
    const field = screen.getByLabelText(TG.categorias.filterLabel);
    await user.type(field, 'servicos');
    expect(cardTitles()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(cardTitles()).toEqual(['Serviços']);
    await user.clear(field);
    await user.type(field, 'ALIMENTAÇAO{Enter}');
    expect(cardTitles()).toEqual(['Alimentação']);
    await user.clear(field);
    await user.type(field, 'xyz{Enter}');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText(T.common.noResults('xyz'))).toBeInTheDocument();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(cardTitles()).toHaveLength(3);
  });

  it("offers 'Limpar filtro' when the filter matches nothing, and puts the user back in the field", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, LIST) });
    renderApp('/categorias');
    await screen.findByRole('heading', { level: 2, name: 'Varejo' }, { timeout: 3000 });
    const field = screen.getByLabelText(TG.categorias.filterLabel);
    await user.type(field, 'nada disso{Enter}');
    expect(screen.getByText(T.common.noResults('nada disso'))).toHaveAttribute('role', 'status');
    expect(screen.getByText(T.common.noResultsHint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.common.clearFilter }));
    expect(cardTitles()).toHaveLength(3);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.getByText(T.common.results(3, 3))).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: T.common.clearFilter })).not.toBeInTheDocument();
  });

  it('shows a friendly empty state with a link to create', async () => {
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/categorias');
    expect(await screen.findByRole('heading', { name: TG.categorias.emptyTitle }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TG.categorias.emptyAction })).toHaveAttribute('href', '/cadastrarcategorias');
  });

  it("shows an inline error with 'Tentar novamente' that loads again", async () => {
    const api = mockApi({ 'GET /api/categorias': [json(500, { mensagem: MESSAGES.erroInterno }), json(200, LIST)] });
    renderApp('/categorias');
    expect(await screen.findByText(TG.categorias.listError, {}, { timeout: 3000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Varejo' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/categorias')).toHaveLength(2);
  });
});

describe('/cadastrarcategorias', () => {
  it('refuses a blank name with the info toast and sends nothing', async () => {
    const api = mockApi({});
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText('Nome da Categoria');
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const t = visibleToast('Preencha o nome da categoria!');
    expect(t).toBeDefined();
    expect(t!.dataset.duration).toBe('2000');
    expect(t!.dataset.type).toBe('blank');
    // The info icon shows beside the message (the toasts' container mounts with the first toast).
    await waitFor(() => expect(shownToast('Preencha o nome da categoria!')).toBeDefined());
    const bar = shownToast('Preencha o nome da categoria!')!.closest('[role="status"]')!.parentElement!;
    expect(bar.querySelector('svg')).not.toBeNull();
    expect(api.callsTo('POST', '/api/categorias')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled();
  });

  it('counts invisible characters as blank, as the API does (zero-width spaces)', async () => {
    const api = mockApi({});
    renderApp('/cadastrarcategorias');
    fireEvent.change(await screen.findByLabelText('Nome da Categoria'), { target: { value: '\u200b \u200b' } });
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(visibleToast('Preencha o nome da categoria!')).toBeDefined();
    expect(api.callsTo('POST', '/api/categorias')).toHaveLength(0);
  });

  it('creates once, keeps the button disabled, toasts 2 s and returns to the list after exactly 1.5 s', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const res = deferred<Response>();
    const api = mockApi({ 'POST /api/categorias': () => res.promise, 'GET /api/categorias': json(200, LIST) });
    renderApp('/cadastrarcategorias');
    await settle();
    const field = screen.getByLabelText('Nome da Categoria');
    fireEvent.change(field, { target: { value: 'Indústria ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await settle();
    const button = screen.getByRole('button', { name: 'Cadastrar' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.spinner')).not.toBeNull();
    const [post] = api.callsTo('POST', '/api/categorias');
    expect(post!.body).toEqual({ descricao: 'Indústria ' });
    expect(post!.headers['idempotency-key']).toMatch(UUID);

    res.resolve(json(201, categoria(4, 'Indústria')));
    await settle();
    // The POST response replaces the form state.
    expect(field).toHaveValue('Indústria');
    const toast = visibleToast('A categoria foi cadastrada com sucesso!');
    expect(toast?.dataset.type).toBe('success');
    expect(toast?.dataset.duration).toBe(String(TOAST_DURATION.app));
    // Still disabled while waiting to leave: a second submit sends nothing.
    expect(button).toBeDisabled();
    fireEvent.submit(button.closest('form')!);
    await settle();
    expect(api.callsTo('POST', '/api/categorias')).toHaveLength(1);

    await tick(CREATE_REDIRECT_DELAY - 1);
    expect(currentPath()).toBe('/cadastrarcategorias');
    await tick(1);
    expect(currentPath()).toBe('/categorias');
    await tick(2000 - CREATE_REDIRECT_DELAY - 1);
    expect(visibleToast('A categoria foi cadastrada com sucesso!')).toBeDefined();
    await tick(1);
    expect(visibleToast('A categoria foi cadastrada com sucesso!')).toBeUndefined();
  });

  it('shows the create error toast, stays, and uses a fresh Idempotency-Key on the next submission', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/categorias': [json(500, { mensagem: MESSAGES.erroInterno }), json(201, categoria(5, 'Logística'))],
      'GET /api/categorias': json(200, LIST),
    });
    renderApp('/cadastrarcategorias');
    await user.type(await screen.findByLabelText('Nome da Categoria'), 'Logística');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(visibleToast('Erro ao cadastrar a categoria.')).toBeDefined());
    const err = visibleToast('Erro ao cadastrar a categoria.')!;
    expect(err.dataset.type).toBe('error');
    expect(err.dataset.duration).toBe('2000');
    expect(currentPath()).toBe('/cadastrarcategorias');
    const button = screen.getByRole('button', { name: 'Cadastrar' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(visibleToast('A categoria foi cadastrada com sucesso!')).toBeDefined());
    const keys = api.callsTo('POST', '/api/categorias').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('/categorias/atualizar/:id', () => {
  it('prefills, sends id + versao without validation, toasts and goes to the list', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias/2': json(200, categoria(2, 'Serviços', 3)),
      'PUT /api/categorias': json(200, categoria(2, '', 4)),
      'GET /api/categorias': json(200, LIST),
    });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(api.callsTo('PUT', '/api/categorias')[0]!.body).toEqual({ id: 2, descricao: '', versao: 3 });
    expect(visibleToast('A categoria foi atualizada com sucesso!')?.dataset.duration).toBe('2000');
  });

  it('on 409 shows the update error with the reason and stays on the form as typed (deviation: issue 13)', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias/2': [json(200, categoria(2, 'Serviços', 3)), json(200, categoria(2, 'Serviços gerais', 4))],
      'PUT /api/categorias': json(409, { mensagem: MESSAGES.conflitoVersao }),
      'GET /api/categorias': json(200, [categoria(2, 'Serviços gerais', 4)]),
    });
    renderApp('/categorias/atualizar/2');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Serviços'));
    await user.type(field, ' B2B');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(visibleToast('Erro ao atualizar a categoria.')).toBeDefined());
    const t = visibleToast('Erro ao atualizar a categoria.');
    expect(t?.dataset.type).toBe('error');
    expect(t?.dataset.duration).toBe('2000');
    // The spec's toast alone: the conflict panel says what happened and offers the current version.
    expect(t?.textContent).toBe('Erro ao atualizar a categoria.');
    expect(await screen.findByRole('region', { name: 'Outra pessoa salvou esta categoria enquanto você editava.' })).toBeInTheDocument();
    expect(currentPath()).toBe('/categorias/atualizar/2');
    expect(screen.getByLabelText('Nome da Categoria')).toHaveValue('Serviços B2B');
    expect(api.callsTo('PUT', '/api/categorias')).toHaveLength(1);
  });

  it('says up front that a category has clients (how many, with a link to them); Confirmar stays as the spec has it', async () => {
    const user = userEvent.setup();
    const totais = { clientes: 2, vips: 0, soma: 300 };
    const api = mockApi({
      'GET /api/categorias/1': json(200, categoria(1, 'Alimentação')),
      'GET /api/categorias': json(200, LIST),
      'GET /api/resumo': json(200, { ...totais, categorias: [{ id: 1, descricao: 'Alimentação', ...totais }], semCategoria: { clientes: 0, vips: 0, soma: 0 } }),
      'GET /api/produtos': json(200, []),
    });
    renderApp('/deletarcategorias/1');
    expect(await screen.findByText('A categoria “Alimentação” tem 2 clientes e só pode ser deletada sem clientes: mude-os de categoria antes.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/será deletada e ficará na Lixeira/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Ver os 2 clientes' }));
    expect(currentPath()).toBe('/clientes');
    expect(api.callsTo('DELETE', '/api/categorias/1')).toHaveLength(0);
  });

  it("shows 'Erro ao buscar a categoria.' and goes to /categorias when the record fails to load", async () => {
    mockApi({ 'GET /api/categorias/99': json(404, { mensagem: MESSAGES.categoriaNaoEncontrada }), 'GET /api/categorias': json(200, LIST) });
    renderApp('/categorias/atualizar/99');
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(visibleToast('Erro ao buscar a categoria.')?.dataset.type).toBe('error');
  });
});

describe('/deletarcategorias/:id', () => {
  it("names the category; 'Cancelar' goes back without deleting", async () => {
    const api = mockApi({ 'GET /api/categorias/3': json(200, categoria(3, 'Varejo')), 'GET /api/categorias': json(200, LIST) });
    renderApp('/deletarcategorias/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tem certeza?' })).toBeInTheDocument();
    expect(await screen.findByText(/Varejo/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    expect(currentPath()).toBe('/categorias');
    expect(api.callsTo('DELETE', '/api/categorias/3')).toHaveLength(0);
  });

  it("deletes on 'Confirmar', toasts for 3 s and goes to /categorias", async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const api = mockApi({
      'GET /api/categorias/3': json(200, categoria(3, 'Varejo')),
      'DELETE /api/categorias/3': new Response(null, { status: 204 }),
      'GET /api/categorias': json(200, LIST),
    });
    renderApp('/deletarcategorias/3');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await settle();
    expect(api.callsTo('DELETE', '/api/categorias/3')).toHaveLength(1);
    expect(currentPath()).toBe('/categorias');
    const t = visibleToast('Categoria deletada com sucesso!');
    expect(t?.dataset.duration).toBe(String(TOAST_DURATION.categoryDelete));
    await tick(TOAST_DURATION.categoryDelete - 1);
    expect(visibleToast('Categoria deletada com sucesso!')).toBeDefined();
    await tick(1);
    expect(visibleToast('Categoria deletada com sucesso!')).toBeUndefined();
  });

  it("on failure shows 'Erro ao deletar a categoria 😥' with the API's reason for 3 s, then /categorias", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/categorias/1': json(200, categoria(1, 'Alimentação')),
      'DELETE /api/categorias/1': json(409, { mensagem: MESSAGES.categoriaComClientes }),
      'GET /api/categorias': json(200, LIST),
    });
    renderApp('/deletarcategorias/1');
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    const t = visibleToast('Erro ao deletar a categoria 😥');
    expect(t?.dataset.type).toBe('error');
    expect(t?.dataset.duration).toBe('3000');
    expect(t?.textContent).toBe('Erro ao deletar a categoria 😥 A categoria possui clientes vinculados.');
    // Two lines as the user sees them.
    expect(shownToast('Erro ao deletar a categoria 😥')).toBeDefined();
    expect(shownToast('A categoria possui clientes vinculados.')).toBeDefined();
  });

  it("shows 'Erro ao buscar a categoria.' and goes to /categorias when the record fails to load", async () => {
    mockApi({ 'GET /api/categorias/8': json(404, { mensagem: MESSAGES.categoriaNaoEncontrada }), 'GET /api/categorias': json(200, LIST) });
    renderApp('/deletarcategorias/8');
    await waitFor(() => expect(currentPath()).toBe('/categorias'));
    expect(visibleToast('Erro ao buscar a categoria.')).toBeDefined();
  });
});
