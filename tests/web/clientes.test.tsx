import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { CREATE_REDIRECT_DELAY, LIST_CHUNK_SIZE } from '../../web/src/config.ts';
import { T } from '../../web/src/texts.ts';
// Loaded up front so React.lazy resolves without waiting on module I/O under fake timers.
import '../../web/src/features/clientes/pages/ListaClientes.tsx';
import '../../web/src/features/clientes/pages/CadastrarCliente.tsx';
import { FAKE_TIMERS, UUID, categoria, currentPath, currentSearch, deferred, goBack, json, mockApi, produto, renderApp, settle, tick, visibleToast } from './helpers.tsx';
import { TC } from '../../web/src/texts-clientes.ts';
import { TG } from '../../web/src/texts-categorias.ts';

const NBSP = '\u00a0';
// Keep the no-break space Intl puts after R$ (the default normalizer would turn it into a space).
const RAW = { normalizer: (s: string) => s };
const CATS = [categoria(1, 'Alimentação'), categoria(2, 'Serviços')];
const LIST = [
  produto(1, 'João da Silva', 10000, { id: 1, descricao: 'Alimentação' }),
  produto(2, 'Maria Souza', 10000.01, { id: 2, descricao: 'Serviços' }),
  produto(3, 'Padaria Pão Quente', 999.5, null),
];
const cardOf = async (nome: string) => (await screen.findByRole('heading', { level: 2, name: nome })).closest('article')!;
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/clientes list', () => {
  it("is titled 'Busque seus clientes' and shows the data as soon as it arrives (no hold)", async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const res = deferred<Response>();
    mockApi({ 'GET /api/produtos': () => res.promise });
    renderApp('/clientes');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Busque seus clientes' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: T.common.loading })).toBeInTheDocument();
    res.resolve(json(200, LIST));
    await settle();
    expect(screen.queryByRole('status', { name: T.common.loading })).not.toBeInTheDocument();
    expect(cardNames()).toEqual(['João da Silva', 'Maria Souza', 'Padaria Pão Quente']);
  });

  it('shows a diamond at 10000 and a crown at 10000.01, money in BRL, and "Sem categoria"', async () => {
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    const joao = await cardOf('João da Silva');
    expect(within(joao).getByRole('img', { name: 'Cliente padrão' })).toBeInTheDocument();
    expect(within(joao).queryByRole('img', { name: 'Cliente VIP' })).toBeNull();
    expect(within(joao).getByText(`R$${NBSP}10.000,00`, RAW)).toBeInTheDocument();
    expect(within(joao).getByText('Alimentação')).toBeInTheDocument();
    expect(within(joao).getByText('Varejo')).toBeInTheDocument();
    expect(within(joao).getByText('Maria')).toBeInTheDocument();
    expect(within(joao).getByRole('link', { name: /Editar/ })).toHaveAttribute('href', '/atualizarproduto/1');
    expect(within(joao).getByRole('link', { name: /Deletar/ })).toHaveAttribute('href', '/deletarproduto/1');

    const maria = await cardOf('Maria Souza');
    expect(within(maria).getByRole('img', { name: 'Cliente VIP' })).toBeInTheDocument();
    expect(within(maria).getByText(`R$${NBSP}10.000,01`, RAW)).toBeInTheDocument();

    const padaria = await cardOf('Padaria Pão Quente');
    expect(within(padaria).getByText(`R$${NBSP}999,50`, RAW)).toBeInTheDocument();
    expect(within(padaria).getByText('Sem categoria')).toBeInTheDocument();
  });

  it('Editar and Deletar return to the list as it was: its filter and sort (Cancelar, and after the delete)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/produtos': json(200, LIST),
      'GET /api/produtos/2': json(200, LIST[1]),
      'GET /api/categorias': json(200, CATS),
      'DELETE /api/produtos/2': new Response(null, { status: 204 }),
    });
    renderApp('/clientes?q=maria&ordem=nome');
    await user.click(within(await cardOf('Maria Souza')).getByRole('link', { name: 'Editar Maria Souza' }));
    expect(currentPath()).toBe('/atualizarproduto/2');
    await user.click(await screen.findByRole('link', { name: 'Cancelar' }));
    await cardOf('Maria Souza');
    expect([currentPath(), currentSearch()]).toEqual(['/clientes', '?q=maria&ordem=nome']);
    await user.click(within(await cardOf('Maria Souza')).getByRole('link', { name: 'Deletar Maria Souza' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(currentSearch()).toBe('?q=maria&ordem=nome');
  });

  it('filters by nome: "joao" finds "João", case- and accent-insensitive, on Buscar and Enter', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await cardOf('Maria Souza');
    const field = screen.getByLabelText(TC.clientes.filterLabel);
    await user.type(field, 'joao');
    expect(cardNames()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(cardNames()).toEqual(['João da Silva']);
    await user.clear(field);
    await user.type(field, 'PAO{Enter}');
    expect(cardNames()).toEqual(['Padaria Pão Quente']);
    await user.clear(field);
    await user.type(field, '{Enter}');
    expect(cardNames()).toHaveLength(3);
  });

  it('renders a long list in chunks (first chunk at once, more on demand)', async () => {
    const many = Array.from({ length: LIST_CHUNK_SIZE * 2 + 5 }, (_, i) => produto(i + 1, `Cliente ${i + 1}`, i * 100));
    mockApi({ 'GET /api/produtos': json(200, many) });
    renderApp('/clientes');
    await cardOf('Cliente 1');
    expect(cardNames()).toHaveLength(LIST_CHUNK_SIZE);
    expect(screen.getByText(`${many.length} resultados`)).toBeInTheDocument();
    // jsdom has no IntersectionObserver: the grid falls back to a button.
    await userEvent.click(screen.getByRole('button', { name: T.common.showMore }));
    expect(cardNames()).toHaveLength(LIST_CHUNK_SIZE * 2);
    await userEvent.click(screen.getByRole('button', { name: T.common.showMore }));
    expect(cardNames()).toHaveLength(many.length);
    expect(screen.queryByRole('button', { name: T.common.showMore })).toBeNull();
  });

  it('loads more cards when the sentinel scrolls into view', async () => {
    let trigger: (() => void) | undefined;
    class FakeIO {
      constructor(private cb: IntersectionObserverCallback) {}
      observe() {
        trigger = () => this.cb([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIO);
    const many = Array.from({ length: LIST_CHUNK_SIZE + 3 }, (_, i) => produto(i + 1, `Cliente ${i + 1}`, 10));
    mockApi({ 'GET /api/produtos': json(200, many) });
    renderApp('/clientes');
    await cardOf('Cliente 1');
    expect(cardNames()).toHaveLength(LIST_CHUNK_SIZE);
    await waitFor(() => expect(trigger).toBeDefined());
    const { act } = await import('@testing-library/react');
    act(() => trigger!());
    expect(cardNames()).toHaveLength(many.length);
  });

  it('shows a friendly empty state with a link to create', async () => {
    mockApi({ 'GET /api/produtos': json(200, []) });
    renderApp('/clientes');
    expect(await screen.findByRole('heading', { name: TC.clientes.emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TC.clientes.emptyAction })).toHaveAttribute('href', '/cadastrarproduto');
  });

  it("shows an inline error with 'Tentar novamente' (non-JSON error body) that loads again", async () => {
    mockApi({ 'GET /api/produtos': [new Response('Bad Gateway', { status: 502 }), json(200, LIST)] });
    renderApp('/clientes');
    expect(await screen.findByText(TC.clientes.listError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Souza' })).toBeInTheDocument();
  });
});

describe('/cadastrarproduto', () => {
  it('has labelled fields and the category dropdown with its placeholder', async () => {
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    for (const label of ['Nome', 'Segmento', 'Ponto focal', 'Categoria']) expect(await screen.findByLabelText(label)).toBeInTheDocument();
    // Text, not a number input: "10.000" must reach the page as typed.
    const valor = screen.getByLabelText('Valor do contrato');
    expect(valor).toHaveAttribute('type', 'text');
    expect(valor).toHaveAttribute('inputmode', 'decimal');
    const select = screen.getByLabelText('Categoria');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Selecione uma categoria', 'Alimentação', 'Serviços']);
  });

  it('lists the categories of the dropdown in pt-BR alphabetical order, not by id', async () => {
    mockApi({ 'GET /api/categorias': json(200, [categoria(1, 'Varejo'), categoria(2, 'Ótica'), categoria(3, 'alimentação'), categoria(4, 'Educação')]) });
    renderApp('/cadastrarproduto');
    const select = await screen.findByLabelText('Categoria');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Selecione uma categoria', 'alimentação', 'Educação', 'Ótica', 'Varejo']);
  });

  it("refuses a blank nome with 'Preencha o nome do produto!' and sends nothing", async () => {
    const api = mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    await userEvent.type(await screen.findByLabelText('Nome'), '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const t = visibleToast('Preencha o nome do produto!');
    expect(t?.dataset.duration).toBe('2000');
    expect(t?.dataset.type).toBe('blank');
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(0);
  });

  it('sends null for no category; keeps the button disabled; 1.5 s to /clientes', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const res = deferred<Response>();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': () => res.promise, 'GET /api/produtos': json(200, LIST) });
    renderApp('/cadastrarproduto');
    await settle();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Valor do contrato'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await settle();
    const button = screen.getByRole('button', { name: 'Cadastrar' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.spinner')).not.toBeNull();
    const [post] = api.callsTo('POST', '/api/produtos');
    expect(post!.body).toEqual({ nome: 'Ana', segmento: '', pontoFocal: '', valorContrato: 0, categoria: null });
    expect(post!.headers['idempotency-key']).toMatch(UUID);
    res.resolve(json(201, produto(9, 'Ana', 0)));
    await settle();
    expect(visibleToast('O produto foi cadastrado com sucesso!')?.dataset.duration).toBe('2000');
    expect(button).toBeDisabled();
    await tick(CREATE_REDIRECT_DELAY - 1);
    expect(currentPath()).toBe('/cadastrarproduto');
    await tick(1);
    expect(currentPath()).toBe('/clientes');
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1);
  });

  it('after Cadastrar, the list shows the new record where it is, however far down, highlighted', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 3 * LIST_CHUNK_SIZE }, (_, i) => produto(i + 1, `Cliente ${String(i + 1).padStart(2, '0')}`, 100));
    const novo = produto(many.length + 1, 'Ana Nova', 100);
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(201, novo), 'GET /api/produtos': json(200, [...many, novo]) });
    renderApp('/clientes');
    await cardOf('Cliente 01');
    await user.click(screen.getByRole('link', { name: /Novo cliente/ }));
    await user.type(await screen.findByLabelText('Nome'), 'Ana Nova');
    await user.type(screen.getByLabelText('Valor do contrato'), '100');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'), { timeout: CREATE_REDIRECT_DELAY + 3_000 });
    const card = await cardOf('Ana Nova');
    expect(card.closest('li')).toHaveClass('is-new');
    expect(screen.getAllByRole('article').length).toBeGreaterThan(3 * LIST_CHUNK_SIZE);
  });

  it('sends cents and the chosen category embedded', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(201, produto(9, 'Ana', 10000.01)), 'GET /api/produtos': json(200, LIST) });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Segmento'), 'Tecnologia');
    await user.type(screen.getByLabelText('Ponto focal'), 'Bruno');
    await user.type(screen.getByLabelText('Valor do contrato'), '10000.01');
    const select = screen.getByLabelText('Categoria');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Serviços');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/produtos')[0]!.body).toEqual({
      nome: 'Ana',
      segmento: 'Tecnologia',
      pontoFocal: 'Bruno',
      valorContrato: 10000.01,
      categoria: { id: 2, descricao: 'Serviços' },
    });
  });

  it("shows 'Erro ao cadastrar o produto.' with the reason in the form's words and stays", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(400, { mensagem: MESSAGES.campoLongo('nome', 120) }) });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '10');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(visibleToast('Erro ao cadastrar o produto.')).toBeDefined());
    // The reason names the field by its label, never by its wire name.
    expect(visibleToast('Erro ao cadastrar o produto.')?.textContent).toContain('O campo “Nome” deve ter no máximo 120 caracteres.');
    expect(visibleToast('Erro ao cadastrar o produto.')?.textContent).not.toContain("'nome'");
    expect(currentPath()).toBe('/cadastrarproduto');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled());
  });

  it("shows 'Erro ao buscar categorias!' once when the dropdown fails", async () => {
    mockApi({ 'GET /api/categorias': json(500, { mensagem: MESSAGES.erroInterno }) });
    renderApp('/cadastrarproduto');
    await waitFor(() => expect(visibleToast('Erro ao buscar categorias!')).toBeDefined());
    expect(visibleToast('Erro ao buscar categorias!')?.dataset.duration).toBe('2000');
    expect(screen.getByLabelText('Categoria')).toBeInTheDocument();
  });
});

describe('/atualizarproduto/:id', () => {
  const loaded = produto(2, 'Maria Souza', 1500.5, { id: 2, descricao: 'Serviços' }, 7);

  it('prefills every field (the value formatted), sends id + versao, toasts and goes to /clientes', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/produtos/2': json(200, loaded),
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': json(200, { ...loaded, nome: 'Maria S.', versao: 8 }),
      'GET /api/produtos': json(200, LIST),
    });
    renderApp('/atualizarproduto/2');
    const nome = await screen.findByLabelText('Nome');
    await waitFor(() => expect(nome).toHaveValue('Maria Souza'));
    expect(screen.getByLabelText('Valor do contrato')).toHaveValue('1.500,50');
    expect(screen.getByLabelText('Categoria')).toHaveValue('2');
    await user.clear(nome);
    await user.type(nome, 'Maria S.');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(api.callsTo('PUT', '/api/produtos')[0]!.body).toEqual({
      id: 2,
      versao: 7,
      nome: 'Maria S.',
      segmento: 'Varejo',
      pontoFocal: 'Maria',
      valorContrato: 1500.5,
      categoria: { id: 2, descricao: 'Serviços' },
      // The edit form shows every contact field; blank ones are sent as null (cleared).
      email: null,
      telefone: null,
      documento: null,
      observacoes: null,
      inicioContrato: null,
      fimContrato: null,
    });
    expect(visibleToast('O produto foi atualizado com sucesso!')).toBeDefined();
  });

  it('on 409 shows the update error with the reason and stays on the form as typed (deviation: issue 13)', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/produtos/2': [json(200, loaded), json(200, { ...loaded, nome: 'Maria (outra edição)', versao: 8 })],
      'GET /api/categorias': json(200, CATS),
      'PUT /api/produtos': json(409, { mensagem: MESSAGES.conflitoVersao }),
      'GET /api/produtos': json(200, [{ ...loaded, nome: 'Maria (outra edição)', versao: 8 }]),
    });
    renderApp('/atualizarproduto/2');
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Maria Souza'));
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Maria Minha');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(visibleToast('Erro ao atualizar o produto.')).toBeDefined());
    const t = visibleToast('Erro ao atualizar o produto.');
    expect(t?.dataset.type).toBe('error');
    expect(t?.dataset.duration).toBe('2000');
    // The spec's toast alone: the conflict panel says what happened and offers the current version.
    expect(t?.textContent).toBe('Erro ao atualizar o produto.');
    expect(await screen.findByRole('region', { name: 'Outra pessoa salvou este cliente enquanto você editava.' })).toBeInTheDocument();
    expect(currentPath()).toBe('/atualizarproduto/2');
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria Minha');
    expect(api.callsTo('PUT', '/api/produtos')).toHaveLength(1);
  });

  it("shows 'Erro ao buscar o produto.' and goes to /clientes when the record fails to load", async () => {
    mockApi({ 'GET /api/produtos/77': json(404, { mensagem: MESSAGES.produtoNaoEncontrado }), 'GET /api/categorias': json(200, CATS), 'GET /api/produtos': json(200, LIST) });
    renderApp('/atualizarproduto/77');
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(visibleToast('Erro ao buscar o produto.')?.dataset.type).toBe('error');
  });
});

describe('/deletarproduto/:id', () => {
  it("asks the spec's question over the client card; 'Não' goes back without deleting", async () => {
    const api = mockApi({ 'GET /api/produtos/1': json(200, LIST[0]), 'GET /api/produtos': json(200, LIST) });
    renderApp('/deletarproduto/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deletar produto' })).toBeInTheDocument();
    expect(screen.getByText('Você tem certeza de que deseja deletar o produto a seguir?')).toBeInTheDocument();
    const card = await cardOf('João da Silva');
    expect(within(card).getByRole('img', { name: 'Cliente padrão' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Não' }));
    expect(currentPath()).toBe('/clientes');
    expect(api.callsTo('DELETE', '/api/produtos/1')).toHaveLength(0);
  });

  it("'Sim' deletes, toasts 'Produto apagado com sucesso' and goes to /clientes", async () => {
    const api = mockApi({ 'GET /api/produtos/1': json(200, LIST[0]), 'DELETE /api/produtos/1': new Response(null, { status: 204 }), 'GET /api/produtos': json(200, LIST.slice(1)) });
    renderApp('/deletarproduto/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(api.callsTo('DELETE', '/api/produtos/1')).toHaveLength(1);
    expect(visibleToast('Produto apagado com sucesso')?.dataset.duration).toBe('2000');
  });

  it('replaces the confirmation page in history: Back after a delete does not reopen the deleted record', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/produtos/1': json(200, LIST[0]), 'DELETE /api/produtos/1': new Response(null, { status: 204 }), 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await user.click(within(await cardOf('João da Silva')).getByRole('link', { name: /Deletar/ }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    await goBack();
    expect(currentPath()).toBe('/clientes');
    expect(api.callsTo('GET', '/api/produtos/1')).toHaveLength(1);
  });

  it("on failure toasts 'Erro ao deletar o produto' and still goes to /clientes", async () => {
    mockApi({ 'GET /api/produtos/1': json(200, LIST[0]), 'DELETE /api/produtos/1': json(500, { mensagem: MESSAGES.erroInterno }), 'GET /api/produtos': json(200, LIST) });
    renderApp('/deletarproduto/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    const t = visibleToast('Erro ao deletar o produto');
    expect(t?.dataset.type).toBe('error');
    expect(t?.dataset.duration).toBe('2000');
  });

  it("shows 'Erro ao buscar o produto.' and goes to /clientes when the record fails to load", async () => {
    mockApi({ 'GET /api/produtos/5': new Response('<html>502</html>', { status: 502 }), 'GET /api/produtos': json(200, LIST) });
    renderApp('/deletarproduto/5');
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(visibleToast('Erro ao buscar o produto.')).toBeDefined();
  });
});

describe('coming back to a record', () => {
  const v7 = produto(2, 'Maria Souza', 1500.5, { id: 2, descricao: 'Serviços' }, 7);
  const v9 = { ...v7, nome: 'Maria Nova', versao: 9 };

  it('reads it again on every visit: never an older copy (and versao) nor an older error', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/produtos/2': [json(500, { mensagem: MESSAGES.erroInterno }), json(200, v7), json(200, v9)],
      'GET /api/categorias': json(200, CATS),
      'GET /api/produtos': json(200, LIST),
      'PUT /api/produtos': json(200, { ...v9, versao: 10 }),
    });
    renderApp('/atualizarproduto/2');
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(visibleToast('Erro ao buscar o produto.')).toBeDefined();

    // The failed read is not replayed: the second visit shows this visit's answer.
    await user.click(within(await cardOf('Maria Souza')).getByRole('link', { name: /Editar/ }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Maria Souza'));
    expect(currentPath()).toBe('/atualizarproduto/2');

    // Someone else saved meanwhile: the third visit starts from versao 9, not the cached 7.
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await user.click(within(await cardOf('Maria Souza')).getByRole('link', { name: /Editar/ }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Maria Nova'));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    expect(api.callsTo('PUT', '/api/produtos')[0]!.body).toMatchObject({ id: 2, versao: 9, nome: 'Maria Nova' });
    expect(api.callsTo('GET', '/api/produtos/2')).toHaveLength(3);
  });

  it("does not replay an earlier failure of the categories as 'Erro ao buscar categorias!'", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': [json(500, { mensagem: MESSAGES.erroInterno }), json(200, CATS)] });
    renderApp('/categorias');
    expect(await screen.findByText(TG.categorias.listError, {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cadastrar clientes' }));
    expect(await screen.findByRole('option', { name: 'Serviços' })).toBeInTheDocument();
    expect(visibleToast('Erro ao buscar categorias!')).toBeUndefined();
  });

  it('reloads the dropdown after a create fails (the chosen category may be gone); the choice stays, marked, until changed', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias': [json(200, CATS), json(200, [CATS[0]])],
      'POST /api/produtos': json(400, { mensagem: MESSAGES.categoriaInexistente(2), campo: 'categoria.id' }),
    });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '100');
    const select = screen.getByLabelText('Categoria');
    await user.selectOptions(select, await screen.findByRole('option', { name: 'Serviços' }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(visibleToast('Erro ao cadastrar o produto.')?.textContent).toContain(MESSAGES.categoriaInexistente(2)));
    await waitFor(() => expect(api.callsTo('GET', '/api/categorias')).toHaveLength(2));
    // Never silently changed: the choice stays, with the API's reason next to the field.
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription(MESSAGES.categoriaInexistente(2));
    expect(select).toHaveFocus();
    expect(select).toHaveValue('2');
    await user.selectOptions(select, 'Alimentação');
    expect(screen.queryByRole('option', { name: 'Serviços' })).toBeNull();
    expect(select).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps the fields disabled with the button while a create runs', async () => {
    const user = userEvent.setup();
    const res = deferred<Response>();
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': () => res.promise });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '100');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeDisabled());
    expect(screen.getByLabelText('Categoria')).toBeDisabled();
    res.resolve(json(400, { mensagem: MESSAGES.erroInterno }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeEnabled());
  });
});
