/**
 * Data that users type: the value read the Brazilian way and required, errors next to
 * their field in the form's words (also the API's, through `campo`), counters and cut pastes,
 * and duplicate category names.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { foldName } from '../../lambdas/contract/text.ts';
import { TF } from '../../web/src/texts-forms.ts';
import { ISSUE_13_AMOUNTS } from '../support/money-forms.ts';
import { categoria, currentPath, json, mockApi, produto, renderApp, visibleToast } from './helpers.tsx';
import { TA } from '../../web/src/texts-acoes.ts';
import { TG } from '../../web/src/texts-categorias.ts';

const CATS = [categoria(1, 'Alimentação'), categoria(2, 'Varejo')];
const DUPLICATE = 'Já existe uma categoria chamada “Varejo”.';

/** Fills the client create form's name and value, then presses 'Cadastrar'. */
async function createCliente(user: ReturnType<typeof userEvent.setup>, valor: string) {
  await user.type(await screen.findByLabelText('Nome'), 'Ana');
  if (valor) await user.type(screen.getByLabelText('Valor do contrato'), valor);
  await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
}

describe('the value field (Valor do contrato)', () => {
  it.each([...ISSUE_13_AMOUNTS, ['1,500.50', 1500.5] as const, [',50', 0.5] as const, ['01.500', 1500] as const])('saves %j as %d, the amount a Brazilian means', async (typed, value) => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(201, produto(9, 'Ana', value)) });
    renderApp('/cadastrarproduto');
    await createCliente(user, typed);
    await waitFor(() => expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/produtos')[0]!.body as { valorContrato: number }).valorContrato).toBe(value);
    expect(visibleToast('O produto foi cadastrado com sucesso!')).toBeDefined();
  });

  it('shows the value formatted as money once the user leaves the field', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    const valor = await screen.findByLabelText('Valor do contrato');
    await user.type(valor, '10000');
    expect(valor).toHaveValue('10000');
    await user.tab();
    expect(valor).toHaveValue('10.000,00');
    await user.clear(valor);
    await user.type(valor, 'R$ 1234,5');
    await user.tab();
    expect(valor).toHaveValue('1.234,50');
    expect(valor).toHaveAttribute('aria-invalid', 'false');
  });

  it.each([
    ['1,500', 'Valor do contrato ambíguo: escreva 1.500,00 ou 1,50 (o ponto separa os milhares e a vírgula, os centavos).'],
    ['1.5.0', 'Valor do contrato: use só números, como 1.234,56.'],
    ['12,345', 'Valor do contrato ambíguo: escreva 12.345,00 (o ponto separa os milhares e a vírgula, os centavos).'],
    ['10,505', 'Valor do contrato ambíguo: escreva 10.505,00 (o ponto separa os milhares e a vírgula, os centavos).'],
    ['0.500', 'Valor do contrato ambíguo: escreva 500,00 ou 0,50 (o ponto separa os milhares e a vírgula, os centavos).'],
    ['1.234,567', 'Valor do contrato: no máximo 2 casas decimais.'],
    ['-5', 'Valor do contrato não pode ser negativo.'],
    ['- R$ 5', 'Valor do contrato não pode ser negativo.'],
    ['100.000.000,01', 'O valor do contrato deve ser no máximo R$ 100.000.000,00.'],
    ['999.999.999.999,99', 'O valor do contrato deve ser no máximo R$ 100.000.000,00.'],
  ])('refuses %j next to the field, on leaving it and on submit, and sends nothing', async (typed, message) => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    const valor = await screen.findByLabelText('Valor do contrato');
    await user.type(valor, typed);
    await user.tab();
    expect(valor).toHaveValue(typed);
    expect(valor).toHaveAttribute('aria-invalid', 'true');
    expect(valor).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(valor).toHaveFocus();
    // Intl's no-break space after R$ kept as is.
    const raw = { normalizer: (s: string) => s };
    expect(screen.getByText(message, raw)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(0);
    // Typing again takes the message away until the next check.
    await user.type(valor, '{Backspace}');
    expect(valor).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(message, raw)).toBeNull();
  });

  it('waits for the submit when the field is left for a button of the form (a message then would move the button away from the press)', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    const valor = screen.getByLabelText('Valor do contrato');
    await user.type(valor, '1,500');
    const button = screen.getByRole('button', { name: 'Cadastrar' });
    fireEvent.pointerDown(button);
    act(() => button.focus());
    expect(valor).toHaveAttribute('aria-invalid', 'false');
    fireEvent.pointerUp(button);
    await user.click(button);
    expect(valor).toHaveAttribute('aria-invalid', 'true');
    expect(valor).toHaveFocus();
    // Leaving it for anything else checks at once.
    await user.clear(valor);
    await user.type(valor, '1,500');
    await user.click(screen.getByLabelText('Segmento'));
    expect(valor).toHaveAttribute('aria-invalid', 'true');
  });

  it('is required on create: said next to the field, focus on it, nothing sent', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    await createCliente(user, '');
    const valor = screen.getByLabelText('Valor do contrato');
    expect(valor).toHaveAttribute('aria-invalid', 'true');
    expect(valor).toHaveAccessibleDescription(expect.stringContaining('Preencha o campo “Valor do contrato”.'));
    expect(valor).toHaveFocus();
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(0);
    // Not the name's toast: the name is filled.
    expect(visibleToast(TA.toast.fillCliente)).toBeUndefined();
  });

  it("with a blank name too: the spec's toast, both fields marked, focus on the first (Nome)", async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    await user.click(await screen.findByRole('button', { name: 'Cadastrar' }));
    const nome = screen.getByLabelText('Nome');
    expect(visibleToast('Preencha o nome do produto!')?.dataset.duration).toBe('2000');
    expect(nome).toHaveAttribute('aria-invalid', 'true');
    expect(nome).toHaveAccessibleDescription(expect.stringContaining('Preencha o campo “Nome”.'));
    expect(screen.getByLabelText('Valor do contrato')).toHaveAttribute('aria-invalid', 'true');
    expect(nome).toHaveFocus();
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(0);
  });

  it('is required on edit too (deviation: the spec validates no update form)', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/produtos/2': json(200, produto(2, 'Maria', 1500, null, 3)), 'GET /api/categorias': json(200, CATS) });
    renderApp('/atualizarproduto/2');
    const valor = await screen.findByLabelText('Valor do contrato');
    await waitFor(() => expect(valor).toHaveValue('1.500,00'));
    await user.clear(valor);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(valor).toHaveAttribute('aria-invalid', 'true');
    expect(valor).toHaveFocus();
    expect(screen.getByText('Preencha o campo “Valor do contrato”.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/produtos')).toHaveLength(0);
    expect(currentPath()).toBe('/atualizarproduto/2');
  });
});

describe("the API's errors next to their field (campo)", () => {
  it("shows a 400 on its field with the form's label, keeps the spec's toast and moves focus there", async () => {
    const user = userEvent.setup();
    const mensagem = MESSAGES.campoMaximo('valorContrato', '1.000.000.000.000');
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(400, { mensagem, campo: 'valorContrato' }) });
    renderApp('/cadastrarproduto');
    await createCliente(user, '10');
    const valor = screen.getByLabelText('Valor do contrato');
    await waitFor(() => expect(valor).toHaveAttribute('aria-invalid', 'true'));
    const said = 'O campo “Valor do contrato” deve ser no máximo 1.000.000.000.000.';
    expect(valor).toHaveAccessibleDescription(expect.stringContaining(said));
    expect(valor).toHaveFocus();
    const t = visibleToast('Erro ao cadastrar o produto.');
    expect(t?.dataset.type).toBe('error');
    expect(t?.dataset.duration).toBe('2000');
    expect(t?.textContent).toBe(`Erro ao cadastrar o produto. ${said}`);
    expect(currentPath()).toBe('/cadastrarproduto');
  });

  it('marks the category dropdown for categoria.id', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(400, { mensagem: MESSAGES.campoInteiro('categoria.id'), campo: 'categoria.id' }) });
    renderApp('/cadastrarproduto');
    await user.selectOptions(screen.getByLabelText('Categoria'), await screen.findByRole('option', { name: 'Varejo' }));
    await createCliente(user, '10');
    const select = screen.getByLabelText('Categoria');
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription('O campo “Categoria” deve ser um número inteiro positivo.');
  });

  it('an error about no field of the form stays a toast only', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(400, { mensagem: MESSAGES.campoInteiro('id'), campo: 'id' }) });
    renderApp('/cadastrarproduto');
    await createCliente(user, '10');
    await waitFor(() => expect(visibleToast('Erro ao cadastrar o produto.')).toBeDefined());
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});

describe('text limits', () => {
  it('shows a counter near the limit', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText('Nome da Categoria');
    const max = LIMITS.descricao.max;
    await user.type(field, 'a'.repeat(max * 0.8 - 1));
    expect(screen.queryByText(/de 100 caracteres/)).toBeNull();
    await user.type(field, 'a');
    expect(field).toHaveAccessibleDescription(`${max * 0.8} de ${max} caracteres`);
  });

  it('says (politely, to screen readers too) when a paste was cut at the limit', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    const nome = await screen.findByLabelText('Nome');
    const note = nome.closest('.field')!.querySelector('[role="status"]')!;
    expect(note).toHaveAttribute('aria-live', 'polite');
    expect(note).toHaveTextContent('');
    await user.type(nome, 'Cliente ');
    await user.paste('x'.repeat(200));
    expect(nome).toHaveValue(`Cliente ${'x'.repeat(LIMITS.nome.max - 8)}`);
    expect(note).toHaveTextContent('O texto colado passava de 120 caracteres e foi cortado no limite.');
    expect(nome).toHaveAccessibleDescription(expect.stringContaining('120 de 120 caracteres'));
    expect(nome).toHaveAccessibleDescription(expect.stringContaining('foi cortado no limite'));
    // A paste that fits says nothing; the next keystroke clears the note.
    await user.type(nome, '{Backspace}');
    expect(note).toHaveTextContent('');
    await user.clear(nome);
    await user.paste('Padaria');
    expect(note).toHaveTextContent('');
  });
});

describe('text limits, counted as the API counts them (code points: an emoji is one character)', () => {
  const EMOJI = '\u{1F600}';

  it('a paste that adds nothing to a full field says it was cut; the next keystroke clears the note', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    const nome = await screen.findByLabelText('Nome');
    const note = nome.closest('.field')!.querySelector('[role="status"]')!;
    await user.click(nome);
    await user.paste('a'.repeat(LIMITS.nome.max));
    expect(note).toHaveTextContent('');
    await user.paste('mais');
    expect(nome).toHaveValue('a'.repeat(LIMITS.nome.max));
    expect(note).toHaveTextContent('O texto colado passava de 120 caracteres e foi cortado no limite.');
    await user.type(nome, '{Backspace}');
    expect(note).toHaveTextContent('');
    expect(nome).toHaveValue('a'.repeat(LIMITS.nome.max - 1));
  });

  it('takes as many emoji as the API does, counts each as one, and saves them', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/produtos': json(201, produto(9, 'Ana', 1)), 'GET /api/produtos': json(200, []) });
    renderApp('/cadastrarproduto');
    const nome = await screen.findByLabelText('Nome');
    const note = nome.closest('.field')!.querySelector('[role="status"]')!;
    await user.click(nome);
    await user.paste(EMOJI.repeat(LIMITS.nome.max * 0.8));
    expect(nome).toHaveAccessibleDescription(`${LIMITS.nome.max * 0.8} de ${LIMITS.nome.max} caracteres`);
    await user.paste(EMOJI.repeat(LIMITS.nome.max));
    expect(nome).toHaveValue(EMOJI.repeat(LIMITS.nome.max));
    expect(nome).toHaveAccessibleDescription(expect.stringContaining(`${LIMITS.nome.max} de ${LIMITS.nome.max} caracteres`));
    expect(note).toHaveTextContent('foi cortado no limite');
    // Typing at the limit adds nothing (and says nothing: it was no paste).
    await user.type(nome, 'x');
    expect(nome).toHaveValue(EMOJI.repeat(LIMITS.nome.max));
    expect(note).toHaveTextContent('');
    await user.type(screen.getByLabelText('Valor do contrato'), '1');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/produtos')[0]!.body as { nome: string }).nome).toBe(EMOJI.repeat(LIMITS.nome.max));
  });

  it('cuts a paste between characters, never inside one (an emoji sequence, a letter and its accent)', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText('Nome da Categoria');
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const base = 'a'.repeat(LIMITS.descricao.max - 2);
    await user.click(field);
    // Five code points in a room of two: left out whole (a part would be another emoji).
    await user.paste(`${base}${family}`);
    expect(field).toHaveValue(base);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('foi cortado no limite'));
    // x + acute accent (no precomposed form): two code points each, one fits.
    await user.paste('x\u0301x\u0301');
    expect(field).toHaveValue(`${base}x\u0301`);
  });

  it('replacing an emoji by longer text at the limit keeps whole emoji (one sharing its first UTF-16 unit too)', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText<HTMLInputElement>('Nome da Categoria');
    const base = 'a'.repeat(LIMITS.descricao.max - 1);
    await user.click(field);
    await user.paste(`${base}${EMOJI}`);
    // Select the last emoji, paste two others that begin with the same high surrogate.
    field.setSelectionRange(base.length, base.length + 2);
    await user.paste('\u{1F601}\u{1F602}');
    expect(field).toHaveValue(`${base}\u{1F601}`);
    expect(field.selectionStart).toBe(base.length + 2);
  });

  it('counts a decomposed accent as the API stores it (NFC): é typed as e + accent is one character', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText('Nome da Categoria');
    await user.click(field);
    await user.paste(`${'a'.repeat(LIMITS.descricao.max - 2)}${'e\u0301'.repeat(2)}`);
    expect(field).toHaveAccessibleDescription(`${LIMITS.descricao.max} de ${LIMITS.descricao.max} caracteres`);
    // Past the limit, what fits is kept in that form (three é in a room of two: two).
    await user.clear(field);
    await user.paste(`${'a'.repeat(LIMITS.descricao.max - 2)}${'e\u0301'.repeat(3)}`);
    expect(field).toHaveValue(`${'a'.repeat(LIMITS.descricao.max - 2)}\u00e9\u00e9`);
  });

  it('Observações counts like the one-line fields and the API: an emoji is one, an accent typed apart none', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS) });
    renderApp('/cadastrarproduto');
    const obs = await screen.findByLabelText('Observações');
    await user.click(obs);
    await user.paste(`${EMOJI.repeat(LIMITS.observacoes.max * 0.8 - 1)}e\u0301`);
    expect(obs).toHaveAccessibleDescription(`${LIMITS.observacoes.max * 0.8} de ${LIMITS.observacoes.max} caracteres`);
  });
});

describe('duplicate category names', () => {
  it('shows the 409 next to Nome da Categoria on create, with the spec toast, and stays', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/categorias': json(409, { mensagem: DUPLICATE, campo: 'descricao' }) });
    renderApp('/cadastrarcategorias');
    const field = await screen.findByLabelText('Nome da Categoria');
    await user.type(field, 'várejo');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(DUPLICATE));
    expect(field).toHaveFocus();
    expect(visibleToast('Erro ao cadastrar a categoria.')?.textContent).toBe(`Erro ao cadastrar a categoria. ${DUPLICATE}`);
    expect(currentPath()).toBe('/cadastrarcategorias');
  });

  it('shows the 409 next to the field on rename, the form as typed, no reload offered', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias/1': json(200, categoria(1, 'Alimentação', 2)), 'PUT /api/categorias': json(409, { mensagem: DUPLICATE, campo: 'descricao' }) });
    renderApp('/categorias/atualizar/1');
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Alimentação'));
    await user.clear(field);
    await user.type(field, 'VAREJO');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(DUPLICATE));
    expect(field).toHaveValue('VAREJO');
    expect(visibleToast('Erro ao atualizar a categoria.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: TF.conflict.heading })).toBeNull();
    expect(api.callsTo('GET', '/api/categorias/1')).toHaveLength(1);
  });

  it('warns early from the list already loaded (case, accents, repeated spaces), without blocking the save', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, CATS), 'POST /api/categorias': json(409, { mensagem: DUPLICATE, campo: 'descricao' }) });
    renderApp('/categorias');
    await screen.findByRole('heading', { level: 2, name: 'Varejo' }, { timeout: 3000 });
    await user.click(screen.getByRole('link', { name: TG.categorias.new }));
    const field = await screen.findByLabelText('Nome da Categoria');
    await user.type(field, '  VÁREJO ');
    expect(field).toHaveAccessibleDescription(DUPLICATE);
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.type(field, 'x');
    expect(field).not.toHaveAccessibleDescription();
    await user.type(field, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    // The server stays the authority: the request is made.
    await waitFor(() => expect(api.callsTo('POST', '/api/categorias')).toHaveLength(1));
  });

  // Audit 13, item 5: the warning folded names with its own NFD rule, so a ligature or full-width
  // letters passed it and then met the API's 409; it now folds with the contract's foldName.
  it.each([
    ['\ufb01nanceiro', 'Financeiro'],
    ['\uff36\uff41\uff52\uff45\uff4a\uff4f', 'Varejo'],
  ])('warns as the API decides: %j is the name of “%s”', async (typed, holder) => {
    expect(foldName(typed)).toBe(foldName(holder));
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, [...CATS, categoria(3, 'Financeiro')]) });
    renderApp('/categorias');
    await screen.findByRole('heading', { level: 2, name: 'Varejo' }, { timeout: 3000 });
    await user.click(screen.getByRole('link', { name: TG.categorias.new }));
    const field = await screen.findByLabelText('Nome da Categoria');
    await user.type(field, typed);
    expect(field).toHaveAccessibleDescription(TG.categorias.duplicate(holder));
  });

  it("does not warn about the category's own name on its edit page", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, CATS), 'GET /api/categorias/2': json(200, categoria(2, 'Varejo')) });
    renderApp('/categorias');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Varejo' }, { timeout: 3000 })).closest('article')!;
    await user.click(within(card).getByRole('link', { name: /Editar/ }));
    const field = await screen.findByLabelText('Nome da Categoria');
    await waitFor(() => expect(field).toHaveValue('Varejo'));
    await user.type(field, ' ');
    expect(field).not.toHaveAccessibleDescription();
    await user.clear(field);
    await user.type(field, 'alimentacao');
    expect(field).toHaveAccessibleDescription('Já existe uma categoria chamada “Alimentação”.');
  });
});
