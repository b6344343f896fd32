/**
 * The contact fields in the web: the form's "Contato e contrato" section (masks while typing, any common
 * form on paste, the contract's messages next to the fields), the card's contact links and
 * renewal badge, the list filter by e-mail and CNPJ/CPF digits, and "Contratos a renovar".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { C } from '../../web/src/texts-contato.ts';
import { T } from '../../web/src/texts.ts';
import '../../web/src/features/clientes/pages/ListaClientes.tsx';
import '../../web/src/features/clientes/pages/CadastrarCliente.tsx';
import '../../web/src/features/clientes/pages/ContratosARenovar.tsx';
import { DOCUMENTOS, TELEFONES } from '../support/contato-forms.ts';
import { FAKE_TIMERS, currentSearch, json, mockApi, produto, renderApp, settle } from './helpers.tsx';
import { TC } from '../../web/src/texts-clientes.ts';

const L = C.labels;
/** A contract message in the form's words (its labels in place of the wire names). */
const said = (mensagem: string) => {
  let out = mensagem;
  for (const [wire, label] of Object.entries(L)) out = out.split(`'${wire}'`).join(`“${label}”`);
  return out;
};
const cardOf = async (nome: string) => (await screen.findByRole('heading', { level: 2, name: nome })).closest('article')!;
/** The same, under fake timers (findBy* would wait on the faked clock). */
const cardNow = (nome: string) => screen.getByRole('heading', { level: 2, name: nome }).closest('article')!;
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the client form: Contato e contrato', () => {
  it('masks what is typed and sends the stored forms (E.164, no punctuation, ISO dates)', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, []), 'POST /api/produtos': json(201, produto(9, 'Ana', 1)), 'GET /api/produtos': json(200, []) });
    renderApp('/cadastrarproduto');
    expect(await screen.findByRole('group', { name: C.section })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '1');
    await user.type(screen.getByLabelText(L.email), ' Ana@Empresa.COM.br');
    await user.type(screen.getByLabelText(L.telefone), '11987654321');
    expect(screen.getByLabelText(L.telefone)).toHaveValue('(11) 98765-4321');
    await user.type(screen.getByLabelText(L.documento), '12abc34501de35');
    expect(screen.getByLabelText(L.documento)).toHaveValue('12.ABC.345/01DE-35');
    await user.type(screen.getByLabelText(L.inicioContrato), '01012026');
    expect(screen.getByLabelText(L.inicioContrato)).toHaveValue('01/01/2026');
    await user.type(screen.getByLabelText(L.fimContrato), '31122026');
    expect(screen.getByLabelText(L.fimContrato)).toHaveValue('31/12/2026');
    await user.type(screen.getByLabelText(L.observacoes), 'Linha 1{Enter}Linha 2');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/produtos')[0]!.body).toEqual({
      nome: 'Ana',
      segmento: '',
      pontoFocal: '',
      valorContrato: 1,
      categoria: null,
      email: 'Ana@empresa.com.br',
      telefone: '+5511987654321',
      documento: '12ABC34501DE35',
      inicioContrato: '2026-01-01',
      fimContrato: '2026-12-31',
      observacoes: 'Linha 1\nLinha 2',
    });
  });

  it.each(TELEFONES)('a pasted phone %j is read whole: %s', async (written, e164) => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    await user.click(await screen.findByLabelText(L.telefone));
    await user.paste(written);
    const digits = e164.slice(3);
    const shown = digits.length === 11 ? `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}` : `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
    expect(screen.getByLabelText(L.telefone)).toHaveValue(shown);
  });

  it.each(DOCUMENTOS)('a pasted documento %j is read whole (%s)', async (written, stored) => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    await user.click(await screen.findByLabelText(L.documento));
    await user.paste(written);
    const shown = stored.length === 11 ? stored.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4') : stored.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
    expect(screen.getByLabelText(L.documento)).toHaveValue(shown);
  });

  it.each([['2026-12-31'], ['31.12.2026'], ['31-12-2026'], ['31/12/26']])('a pasted date %j shows as 31/12/2026', async (written) => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    await user.click(await screen.findByLabelText(L.fimContrato));
    await user.paste(written);
    expect(screen.getByLabelText(L.fimContrato)).toHaveValue('31/12/2026');
  });

  // The mask used to re-flow every digit, so `1/2/2026` typed became
  // `12/20/26` and `2026-12-31` became `20/26-12-31`, both then refused.
  it.each([
    ['1/2/2026', '1/2/2026', '2026-02-01'],
    ['5/11/2026', '5/11/2026', '2026-11-05'],
    ['15/3/2026', '15/3/2026', '2026-03-15'],
    ['2026-12-31', '2026-12-31', '2026-12-31'],
    ['31122026', '31/12/2026', '2026-12-31'],
  ])('a date typed key by key, %j, shows %j as typed and is saved as %s', async (typed, asTyped, iso) => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, []), 'POST /api/produtos': json(201, produto(9, 'Ana', 1)), 'GET /api/produtos': json(200, []) });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '1');
    const field = screen.getByLabelText(L.inicioContrato);
    await user.type(field, typed);
    expect(field).toHaveValue(asTyped);
    await user.tab();
    const [y, m, d] = iso.split('-');
    expect(field).toHaveValue(`${d}/${m}/${y}`);
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/produtos')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/produtos')[0]!.body).toMatchObject({ inicioContrato: iso });
  });

  it('a mask stops at its length, and a phone typed without its area code is left for the check to ask for the DDD', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    const fim = await screen.findByLabelText(L.fimContrato);
    await user.type(fim, '151220261');
    expect(fim).toHaveValue('15/12/2026');
    const telefone = screen.getByLabelText(L.telefone);
    await user.type(telefone, '11987654321999');
    expect(telefone).toHaveValue('(11) 98765-4321');
    const documento = screen.getByLabelText(L.documento);
    await user.type(documento, '112223330001619');
    expect(documento).toHaveValue('11.222.333/0001-61');
    await user.clear(telefone);
    await user.type(telefone, '98765-4321');
    expect(telefone).toHaveValue('98765-4321');
    await user.tab();
    expect(telefone).toHaveAccessibleDescription(expect.stringContaining('DDD'));
  });

  it('says what is wrong next to each field, in the contract’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Valor do contrato'), '1');
    await user.type(screen.getByLabelText(L.email), 'ana@');
    await user.type(screen.getByLabelText(L.telefone), '20987654321');
    await user.type(screen.getByLabelText(L.documento), '11144477736');
    await user.type(screen.getByLabelText(L.inicioContrato), '01052026');
    await user.type(screen.getByLabelText(L.fimContrato), '30042026');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const message = (label: string) => screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    await waitFor(() => expect(screen.getByLabelText(L.email)).toHaveAttribute('aria-invalid', 'true'));
    expect(message(L.email)).toContain(said(MESSAGES.campoEmail('email')));
    expect(message(L.telefone)).toContain(said(MESSAGES.campoTelefoneDdd('telefone', '20')));
    expect(message(L.documento)).toContain(said(MESSAGES.campoCpf('documento')));
    expect(message(L.fimContrato)).toContain(said(MESSAGES.fimAntesDoInicio('fimContrato', 'inicioContrato')));
    expect(said(MESSAGES.campoCpf('documento'))).toBe('O campo “CNPJ ou CPF” não é um CPF válido: confira os dígitos.');
    // Focus on the first invalid field; nothing sent.
    expect(screen.getByLabelText(L.email)).toHaveFocus();
    expect(api.callsTo('POST', '/api/produtos')).toHaveLength(0);
  });

  it('checks a field on leaving it, and shows a readable value its way', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/cadastrarproduto');
    const tel = await screen.findByLabelText(L.telefone);
    await user.type(tel, '+55 11 3456 7890');
    await user.tab();
    expect(tel).toHaveValue('(11) 3456-7890');
    expect(tel).toHaveAttribute('aria-invalid', 'false');
    const doc = screen.getByLabelText(L.documento);
    await user.type(doc, '1234');
    await user.tab();
    expect(doc).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('editing the contact fields', () => {
  const loaded = {
    ...produto(2, 'Maria Souza', 1500.5, null, 7),
    email: 'maria@loja.com',
    telefone: '+5511987654321',
    documento: '11222333000181',
    observacoes: 'Nota',
    inicioContrato: '2026-01-01',
    fimContrato: '2026-12-31',
  };

  it('prefills them as people read them; an emptied one is sent as null; a 409 on the documento is said next to it', async () => {
    const user = userEvent.setup();
    const conflict = { mensagem: MESSAGES.documentoDuplicado('11.222.333/0001-81', 'Outra Empresa'), campo: 'documento' };
    const api = mockApi({ 'GET /api/produtos/2': json(200, loaded), 'GET /api/categorias': json(200, []), 'PUT /api/produtos': json(409, conflict) });
    renderApp('/atualizarproduto/2');
    await waitFor(() => expect(screen.getByLabelText(L.telefone)).toHaveValue('(11) 98765-4321'));
    expect(screen.getByLabelText(L.documento)).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText(L.inicioContrato)).toHaveValue('01/01/2026');
    expect(screen.getByLabelText(L.fimContrato)).toHaveValue('31/12/2026');
    expect(screen.getByLabelText(L.observacoes)).toHaveValue('Nota');
    await user.clear(screen.getByLabelText(L.email));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/produtos')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/produtos')[0]!.body).toMatchObject({ email: null, telefone: '+5511987654321', documento: '11222333000181', observacoes: 'Nota', inicioContrato: '2026-01-01', fimContrato: '2026-12-31' });
    await waitFor(() => expect(screen.getByLabelText(L.documento)).toHaveAttribute('aria-invalid', 'true'));
    const described = screen.getByLabelText(L.documento).getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(conflict.mensagem);
  });
});

describe('the client card and the list filter', () => {
  const LIST = [
    { ...produto(1, 'Padaria', 100), email: 'contato@padaria.com.br', telefone: '+5511987654321', documento: '11222333000181', fimContrato: '2026-12-31' },
    { ...produto(2, 'Escritório', 100), telefone: '+551134567890', documento: '52998224725', inicioContrato: '2025-01-01', fimContrato: '2026-12-18' },
    { ...produto(3, 'Oficina', 100), fimContrato: '2027-02-01' },
    produto(4, 'Sem nada', 100),
  ];

  it('shows mail, phone and WhatsApp links, the CNPJ/CPF masked, the dates, and the renewal badge by today’s date', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    vi.setSystemTime(new Date(2026, 11, 19, 9, 0));
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await settle();
    const padaria = cardNow('Padaria');
    expect(within(padaria).getByRole('link', { name: TC.clientes.emailLabel('contato@padaria.com.br') })).toHaveAttribute('href', 'mailto:contato@padaria.com.br');
    expect(within(padaria).getByRole('link', { name: TC.clientes.telefoneLabel('(11) 98765-4321') })).toHaveAttribute('href', 'tel:+5511987654321');
    expect(within(padaria).getByRole('link', { name: TC.clientes.whatsappLabel('(11) 98765-4321') })).toHaveAttribute('href', 'https://wa.me/5511987654321');
    expect(within(padaria).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(padaria).getByText('CNPJ')).toBeInTheDocument();
    expect(within(padaria).getByText('Renova em 12 dias')).toBeInTheDocument();
    const escritorio = cardNow('Escritório');
    // A landline: no WhatsApp.
    expect(within(escritorio).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(within(escritorio).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(escritorio).getByText('CPF')).toBeInTheDocument();
    expect(within(escritorio).getByText('01/01/2025 a 18/12/2026')).toBeInTheDocument();
    expect(within(escritorio).getByText(TC.clientes.vencido)).toBeInTheDocument();
    // More than 30 days ahead: no badge.
    expect(within(cardNow('Oficina')).queryByText(/Renova|Vencido/)).toBeNull();
    expect(within(cardNow('Sem nada')).queryByRole('link', { name: /e-mail|Ligar/ })).toBeNull();
  });

  it.each([
    ['11.222.333/0001', ['Padaria']],
    ['11222333', ['Padaria']],
    ['529.982', ['Escritório']],
    ['contato@padaria', ['Padaria']],
    ['PADARIA.COM', ['Padaria']],
    ['oficina', ['Oficina']],
  ])('the filter %j finds %j (on Buscar)', async (query, found) => {
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await cardOf('Padaria');
    const field = screen.getByLabelText(TC.clientes.filterLabel);
    fireEvent.change(field, { target: { value: query } });
    expect(cardNames()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: T.common.search }));
    await waitFor(() => expect(cardNames()).toEqual(found));
  });
});

describe('Contratos a renovar', () => {
  const LIST = [
    { ...produto(1, 'Em 40 dias', 100), fimContrato: '2027-01-28' },
    { ...produto(2, 'Hoje', 100), fimContrato: '2026-12-19' },
    { ...produto(3, 'Ontem', 100), fimContrato: '2026-12-18' },
    { ...produto(4, 'Em 10 dias B', 100), fimContrato: '2026-12-29' },
    { ...produto(5, 'Em 10 dias A', 100), fimContrato: '2026-12-29' },
    { ...produto(6, 'Em 80 dias', 100), fimContrato: '2027-03-09' },
    produto(7, 'Sem data', 100),
    { ...produto(8, 'Há 100 dias', 100), fimContrato: '2026-09-10' },
  ];

  it('lists the contracts ending in the next 30, 60 or 90 days, soonest first, from the menu', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    vi.setSystemTime(new Date(2026, 11, 19, 9, 0));
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await settle();
    fireEvent.click(screen.getByRole('link', { name: T.nav.renovacoes }));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: C.renovacoes.heading })).toBeInTheDocument();
    // A contract that ended yesterday is listed first, saying since when; one ended 100 days ago is not.
    expect(cardNames()).toEqual(['Ontem', 'Hoje', 'Em 10 dias A', 'Em 10 dias B']);
    expect(within(cardNow('Ontem')).getByText('Vencido há 1 dia')).toBeInTheDocument();
    expect(screen.getByText(C.renovacoes.count(3, 30), { exact: false }).textContent).toContain(C.renovacoes.overdue(1, 90));
    fireEvent.click(screen.getByRole('radio', { name: C.renovacoes.window(60) }));
    await settle();
    expect(cardNames()).toEqual(['Ontem', 'Hoje', 'Em 10 dias A', 'Em 10 dias B', 'Em 40 dias']);
    expect(currentSearch()).toBe('?dias=60');
    fireEvent.click(screen.getByRole('radio', { name: C.renovacoes.window(90) }));
    await settle();
    expect(cardNames()).toEqual(['Ontem', 'Hoje', 'Em 10 dias A', 'Em 10 dias B', 'Em 40 dias', 'Em 80 dias']);
  });

  it('opens on the window of its address, and says when nothing ends soon', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    // The last contract ended over 90 days before: not listed any more.
    vi.setSystemTime(new Date(2027, 6, 1, 9, 0));
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/contratos-a-renovar?dias=90');
    await settle();
    expect(screen.getByRole('radio', { name: C.renovacoes.window(90) })).toBeChecked();
    expect(cardNames()).toEqual([]);
    expect(screen.getByText(C.renovacoes.count(0, 90), { exact: false })).toHaveAttribute('role', 'status');
  });
});
