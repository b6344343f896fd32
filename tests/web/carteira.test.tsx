/**
 * The portfolio views with a fake API: the client list's sort (pt-BR), chips, totals
 * and URL state (Back walks the views); the category cards' totals, links and sort; the home's
 * portfolio block against a data set whose totals the test computes itself (KPIs, chart with
 * "Outras", its table alternative, renewals from `fimContrato`, recent changes), and the sign-in
 * invitation for a visitor; the list-view functions themselves.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Atividade, Resumo } from '../../lambdas/contract/index.ts';
import { parseView, viewSearch } from '../../web/src/lib/clientes-url.ts';
import { applyView, orderOf, prepare } from '../../web/src/lib/clientes-view.ts';
import { sortKey } from '../../web/src/lib/sort-key.ts';
import { barsOf, CHART_TOP, RENEW_DAYS, RENEW_SHOWN } from '../../web/src/pages/home/Portfolio.tsx';
import { renewalsWithin } from '../../web/src/lib/renovacoes.ts';
import { CARTEIRA_TEXTS } from '../../web/src/texts/carteira.ts';
import { LISTAS_TEXTS } from '../../web/src/texts/listas.ts';
import { CONFIG } from './auth-helpers.ts';
import { HOME_COOKIE } from '../../web/src/config.ts';
import { startSession } from '../../web/src/lib/session.ts';
import { readFileSync } from 'node:fs';
import * as vm from 'node:vm';
import { categoria, currentPath, currentSearch, goBack, json, mockApi, produto, renderApp } from './helpers.tsx';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (v: number) => brl.format(v);

const VAREJO = categoria(1, 'Varejo');
const SAUDE = categoria(2, 'Saúde');
const LIST = [
  produto(1, 'Loja 10', 25000, VAREJO),
  produto(2, 'Álvaro', 500.5, VAREJO),
  produto(3, 'Loja 2', 12000, SAUDE),
  produto(4, 'alvaro', 9000, SAUDE),
  produto(5, 'Avulso', 30000, null),
];

const cardNames = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const status = () => screen.getAllByRole('status').find((s) => s.classList.contains('result-count'))!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/clientes as a work tool', () => {
  it('sorts (pt-BR), filters by chips and Só VIP at once, totals what is shown, and keeps it all in the URL; Back walks it', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes');
    await screen.findByText('Loja 10');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status().textContent).toContain(money(76500.5));
    expect(status().textContent).toContain('3 VIPs');

    await user.selectOptions(screen.getByLabelText(LISTAS_TEXTS.clientes.sortLabel), 'nome');
    expect(cardNames()).toEqual(['alvaro', 'Álvaro', 'Avulso', 'Loja 2', 'Loja 10']);
    expect(currentSearch()).toBe('?ordem=nome');

    const varejo = screen.getByRole('button', { name: 'Varejo' });
    expect(varejo).toHaveAttribute('aria-pressed', 'false');
    await user.click(varejo);
    expect(varejo).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Álvaro', 'Loja 10']);
    expect(status().textContent).toBe(`2 de 5 resultados${money(25500.5)} em contratos1 VIP`);

    await user.click(screen.getByRole('button', { name: T_NONE }));
    expect(cardNames()).toEqual(['Álvaro', 'Avulso', 'Loja 10']);
    await user.click(screen.getByRole('button', { name: LISTAS_TEXTS.clientes.onlyVip }));
    expect(cardNames()).toEqual(['Avulso', 'Loja 10']);
    expect(currentSearch()).toBe('?ordem=nome&categoria=0%2C1&vip=1');

    // The name filter still applies on Buscar only.
    const field = screen.getByRole('searchbox');
    await user.type(field, 'loja');
    expect(cardNames()).toEqual(['Avulso', 'Loja 10']);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(cardNames()).toEqual(['Loja 10']);
    expect(currentSearch()).toBe('?q=loja&ordem=nome&categoria=0%2C1&vip=1');

    // Back: before Buscar (the field shows the filter of that view), before Só VIP, before Sem categoria.
    goBack();
    expect(cardNames()).toEqual(['Avulso', 'Loja 10']);
    expect(field).toHaveValue('');
    goBack();
    expect(cardNames()).toEqual(['Álvaro', 'Avulso', 'Loja 10']);
    goBack();
    expect(cardNames()).toEqual(['Álvaro', 'Loja 10']);
    expect(currentPath()).toBe('/clientes');
  });

  it('sorts by category (pt-BR, clients without one last, by name within one) and by last change (newest first, never changed last)', async () => {
    const user = userEvent.setup();
    const at = ['2026-11-02T10:00:00.000Z', undefined, '2026-11-20T09:30:00.000Z', '2026-11-02T10:00:00.001Z', undefined];
    mockApi({ 'GET /api/produtos': json(200, LIST.map((c, i) => (at[i] ? { ...c, atualizadoEm: at[i] } : c))) });
    renderApp('/clientes?ordem=categoria');
    await screen.findByText('Loja 10');
    expect(screen.getByLabelText(LISTAS_TEXTS.clientes.sortLabel)).toHaveValue('categoria');
    // Saúde (alvaro, Loja 2), Varejo (Álvaro, Loja 10), then Sem categoria.
    expect(cardNames()).toEqual(['alvaro', 'Loja 2', 'Álvaro', 'Loja 10', 'Avulso']);

    await user.selectOptions(screen.getByLabelText(LISTAS_TEXTS.clientes.sortLabel), 'alteracao');
    expect(currentSearch()).toBe('?ordem=alteracao');
    // By the instant (a millisecond apart counts); the two never changed by id, newest first.
    expect(cardNames()).toEqual(['Loja 2', 'alvaro', 'Loja 10', 'Avulso', 'Álvaro']);
  });

  it('opens a bookmarked view as it was sent', async () => {
    mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes?ordem=valor-desc&categoria=2&q=lo');
    await screen.findByText('Loja 2');
    expect(cardNames()).toEqual(['Loja 2']);
    expect(screen.getByRole('searchbox')).toHaveValue('lo');
    expect(screen.getByLabelText(LISTAS_TEXTS.clientes.sortLabel)).toHaveValue('valor-desc');
    expect(screen.getByRole('button', { name: 'Saúde' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('/clientes: the way out of a filtered view, and chips of unused categories', () => {
  const OUTRA = categoria(3, 'Outra');
  const WITH_OUTRA = [...LIST, produto(6, 'Pequena', 100, OUTRA)];

  it("chips and Só VIP that leave no client say so and offer 'Limpar filtros', which clears them (and the URL)", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/produtos': json(200, WITH_OUTRA) });
    renderApp('/clientes?categoria=3&vip=1');
    await screen.findByText(LISTAS_TEXTS.clientes.noMatch);
    expect(status()).toHaveTextContent(LISTAS_TEXTS.clientes.noMatch);
    expect(screen.getByText(LISTAS_TEXTS.clientes.noMatchHint)).toBeInTheDocument();
    expect(cardNames()).toEqual([]);
    await user.click(screen.getByRole('button', { name: LISTAS_TEXTS.clientes.clearView }));
    expect(currentSearch()).toBe('');
    expect(cardNames()).toHaveLength(WITH_OUTRA.length);
    expect(screen.getByRole('searchbox')).toHaveFocus();
    // No filter on: nothing to clear.
    expect(screen.queryByRole('button', { name: LISTAS_TEXTS.clientes.clearView })).toBeNull();
  });

  it("with results, any filter on (text, chips) gets 'Limpar filtros' beside the count; it clears text and chips", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/produtos': json(200, WITH_OUTRA) });
    renderApp('/clientes?q=loja&categoria=1');
    await screen.findByText('Loja 10');
    expect(cardNames()).toEqual(['Loja 10']);
    await user.click(screen.getByRole('button', { name: LISTAS_TEXTS.clientes.clearView }));
    expect(currentSearch()).toBe('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Varejo' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardNames()).toHaveLength(WITH_OUTRA.length);
  });

  it('a pressed category no client uses is named as the category list names it', async () => {
    const api = mockApi({ 'GET /api/produtos': json(200, LIST), 'GET /api/categorias': json(200, [VAREJO, SAUDE, categoria(7, 'Ainda vazia')]) });
    renderApp('/clientes?categoria=7');
    const chip = await screen.findByRole('button', { name: 'Ainda vazia' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Categoria 7' })).toBeNull();
    expect(api.callsTo('GET', '/api/categorias')).toHaveLength(1);
  });

  it('reads no category list while every pressed chip is a category some client uses', async () => {
    const api = mockApi({ 'GET /api/produtos': json(200, LIST) });
    renderApp('/clientes?categoria=1');
    await screen.findByText('Loja 10');
    expect(api.callsTo('GET', '/api/categorias')).toHaveLength(0);
  });
});

const T_NONE = 'Sem categoria';

describe('the list view (pure functions)', () => {
  it('reads and writes the URL query, ignoring unknown values', () => {
    const view = parseView(new URLSearchParams('q=%20ana%20&ordem=xyz&categoria=3,1,x&categoria=2&vip=1'));
    expect(view).toEqual({ q: 'ana', ordem: '', categorias: [1, 2, 3], vip: true });
    expect(viewSearch(view).toString()).toBe('q=ana&categoria=1%2C2%2C3&vip=1');
    expect(viewSearch({ q: '', ordem: '', categorias: [], vip: false }).toString()).toBe('');
  });

  it('orders names as pt-BR people expect: accents and case aside, numbers by value', () => {
    const names = ['Loja 10', 'loja 9', 'Álvaro', 'Alvaro', 'Zé', 'Ângela', 'Loja 010x'];
    const sorted = [...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    // "Álvaro" beside "Alvaro" (same key), both before "Ângela".
    expect(Math.abs(sorted.indexOf('Alvaro') - sorted.indexOf('Álvaro'))).toBe(1);
    expect(sorted.indexOf('Ângela')).toBe(2);
    expect(sorted.indexOf('loja 9')).toBeLessThan(sorted.indexOf('Loja 10'));
    expect(sorted.at(-1)).toBe('Zé');
  });

  it('totals in the same pass as the filter, in cents (exact), and caches each order', () => {
    const p = prepare([produto(1, 'a', 0.1), produto(2, 'b', 0.2), produto(3, 'c', 10000.01)]);
    const shown = applyView(p, { q: '', ordem: 'valor-desc', categorias: [], vip: false });
    expect(shown).toMatchObject({ clientes: 3, soma: 10000.31, vips: 1 });
    expect(shown.items.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(orderOf(p, 'valor-desc')).toBe(orderOf(p, 'valor-desc'));
    expect([...orderOf(p, 'alteracao')]).toEqual([2, 1, 0]);
  });
});

const RESUMO: Resumo = {
  clientes: 0,
  vips: 0,
  soma: 0,
  categorias: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, descricao: `Cat ${i + 1}`, clientes: i + 1, vips: i % 2, soma: (i + 1) * 1000 + 0.5 })),
  semCategoria: { clientes: 2, vips: 1, soma: 15000.25 },
};
// The whole, as the test computes it from the parts.
RESUMO.clientes = RESUMO.categorias.reduce((s, c) => s + c.clientes, RESUMO.semCategoria.clientes);
RESUMO.vips = RESUMO.categorias.reduce((s, c) => s + c.vips, RESUMO.semCategoria.vips);
RESUMO.soma = RESUMO.categorias.reduce((s, c) => s + Math.round(c.soma * 100), Math.round(RESUMO.semCategoria.soma * 100)) / 100;

const ATIVIDADES: Atividade[] = [
  { tipo: 'produto', id: 7, nome: 'Padaria', acao: 'alterado', em: '2026-11-20T13:05:00.000Z', por: 'ana@empresa.com.br', alteracoes: ['valorContrato', 'nome'] },
  { tipo: 'categoria', id: 3, nome: 'Velha', acao: 'excluido', em: '2026-11-19T10:00:00.000Z', por: 'rui@empresa.com.br' },
];

describe('the home for the team', () => {
  it('shows the portfolio first: totals, the chart (top 8 + Outras, links, table), renewals and recent changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00'));
    const renew = { ...produto(11, 'Vence logo', 4000.5), fimContrato: '2026-12-01' };
    const later = { ...produto(12, 'Vence depois', 1), fimContrato: '2027-03-01' };
    const past = { ...produto(13, 'Venceu', 1), fimContrato: '2026-11-01' };
    const longAgo = { ...produto(15, 'Venceu há muito', 1), fimContrato: '2026-08-01' };
    mockApi({ 'GET /api/resumo': json(200, RESUMO), 'GET /api/produtos': json(200, [renew, later, past, longAgo, produto(14, 'Sem data', 5)]), 'GET /api/atividades': json(200, ATIVIDADES) });
    renderApp('/');
    const kpis = await screen.findAllByText((_, el) => el?.classList.contains('kpi-value') ?? false);
    expect(kpis.map((k) => k.textContent)).toEqual([
      String(RESUMO.clientes),
      String(RESUMO.vips),
      money(RESUMO.soma),
      money(Math.round((RESUMO.soma / RESUMO.clientes) * 100) / 100),
    ]);
    expect(screen.getByText(CARTEIRA_TEXTS.portfolio.vipShare(new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(RESUMO.vips / RESUMO.clientes)))).toBeInTheDocument();

    // The chart: Sem categoria (15000.25) first, then Cat 10…Cat 4; the 3 smallest are "Outras".
    const links = screen.getAllByRole('link').filter((a) => a.classList.contains('chart-row'));
    expect(links).toHaveLength(CHART_TOP + 1);
    expect(links[0]).toHaveAttribute('href', '/clientes?categoria=0');
    expect(links[0]).toHaveAccessibleName(CARTEIRA_TEXTS.portfolio.barLink('Sem categoria', money(15000.25)));
    expect(links[1]).toHaveAttribute('href', '/clientes?categoria=10');
    expect(links.at(-1)).toHaveAttribute('href', '/clientes?categoria=1%2C2%2C3');
    expect(links.at(-1)).toHaveAccessibleName(CARTEIRA_TEXTS.portfolio.barLink(CARTEIRA_TEXTS.portfolio.others, money(6001.5)));
    const table = screen.getByRole('table', { name: CARTEIRA_TEXTS.portfolio.chartTable });
    expect(within(table).getByRole('row', { name: new RegExp(`^${CARTEIRA_TEXTS.portfolio.others}`) }).textContent).toBe(`${CARTEIRA_TEXTS.portfolio.others}6${money(6001.5)}`);

    // Renewals: only the contract ending within 30 days, with its value.
    const renewals = await screen.findByRole('region', { name: CARTEIRA_TEXTS.portfolio.renewTitle });
    await within(renewals).findByText('Vence logo');
    expect(within(renewals).queryByText('Vence depois')).toBeNull();
    // Ended 19 days ago: still to renew, first, saying since when; ended over 90 days ago: not listed.
    expect(within(renewals).getAllByRole('link').map((a) => a.textContent).slice(1, 3)).toEqual(['Venceu', 'Vence logo']);
    expect(within(renewals).getByText(CARTEIRA_TEXTS.portfolio.renewOverdue(19), { exact: false })).toBeInTheDocument();
    expect(within(renewals).queryByText('Venceu há muito')).toBeNull();
    expect(renewals.textContent).toContain(CARTEIRA_TEXTS.portfolio.renewTotal(2, money(4001.5)));

    // Recent changes: who, what, which fields, when; a deleted record is not a link.
    const recent = screen.getByRole('region', { name: CARTEIRA_TEXTS.portfolio.recentTitle });
    await within(recent).findByText('ana@empresa.com.br');
    expect(within(recent).getByRole('link', { name: 'Padaria' })).toHaveAttribute('href', '/atualizarproduto/7');
    // The fields by the form's labels (texts/campos.ts), not their wire names.
    expect(recent.textContent).toContain('alterou o cliente Padaria (Valor do contrato, Nome)');
    expect(within(recent).queryByRole('link', { name: 'Velha' })).toBeNull();
    expect(within(recent).getAllByRole('listitem')[0]!.querySelector('time')).toHaveAttribute('datetime', ATIVIDADES[0]!.em);

    // The hero is still there, below.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renewals: the heading and "e mais N" open Contratos a renovar; a failed read says so, and Tentar novamente reads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00'));
    const due = Array.from({ length: RENEW_SHOWN + 2 }, (_, i) => ({ ...produto(i + 1, `Vence ${i + 1}`, 100), fimContrato: '2026-12-01' }));
    const api = mockApi({ 'GET /api/resumo': json(200, RESUMO), 'GET /api/produtos': [json(500, { mensagem: 'falhou' }), json(200, due)], 'GET /api/atividades': json(200, []) });
    renderApp('/');
    const renewals = await screen.findByRole('region', { name: CARTEIRA_TEXTS.portfolio.renewTitle });
    await within(renewals).findByText(CARTEIRA_TEXTS.portfolio.renewError);
    // Not busy for ever: the read is over.
    expect(renewals).toHaveAttribute('aria-busy', 'false');
    expect(within(renewals).getByRole('link', { name: CARTEIRA_TEXTS.portfolio.renewTitle })).toHaveAttribute('href', '/contratos-a-renovar');

    await userEvent.setup().click(within(renewals).getByRole('button', { name: 'Tentar novamente' }));
    await within(renewals).findByText('Vence 1');
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(2);
    expect(within(renewals).getByRole('link', { name: CARTEIRA_TEXTS.portfolio.renewMore(2) })).toHaveAttribute('href', '/contratos-a-renovar');
  });

  it('with no change in the feed’s period, says so for that period (older changes are in each record’s Histórico)', async () => {
    mockApi({ 'GET /api/resumo': json(200, RESUMO), 'GET /api/produtos': json(200, []), 'GET /api/atividades': json(200, []) });
    renderApp('/');
    const recent = await screen.findByRole('region', { name: CARTEIRA_TEXTS.portfolio.recentTitle });
    expect(await within(recent).findByText('Nenhuma alteração nos últimos 90 dias.')).toBeInTheDocument();
  });

  it('a visitor (sign-in on, not signed in) gets a compact invitation to sign in, no data is read, and the next / is served as a visitor’s', async () => {
    const api = mockApi({});
    // The tokens' module loaded first (a chunk the open mode never loads): the session is then
    // already anonymous at the home's first render, the case this test is about.
    await startSession(CONFIG);
    renderApp('/', { auth: CONFIG });
    const title = await screen.findByText(CARTEIRA_TEXTS.portfolio.signInTitle);
    expect(title.closest('.portfolio-body')).toHaveClass('portfolio-compact');
    expect(api.callsTo('GET', '/api/resumo')).toHaveLength(0);
    // The hint the edge reads (lib/inicio.ts): one word, no personal data.
    expect(document.cookie).toContain(`${HOME_COOKIE}=visitante`);
  });

  it('whoever may read the portfolio takes the visitor hint back (here the open mode)', async () => {
    document.cookie = `${HOME_COOKIE}=visitante; Path=/`;
    mockApi({ 'GET /api/resumo': json(200, RESUMO), 'GET /api/produtos': json(200, []), 'GET /api/atividades': json(200, []) });
    renderApp('/');
    await screen.findAllByText((_, el) => el?.classList.contains('kpi-value') ?? false);
    expect(document.cookie).not.toContain(HOME_COOKIE);
  });

  it('the edge reads the cookie the app writes (the CloudFront Function spells its name too)', () => {
    const sandbox: { handler?: (e: { request: { uri: string; cookies: Record<string, { value: string }> } }) => { uri: string } } = {};
    // The file CDK deploys (infra/constructs/site.ts, SPA_REWRITE_CODE_PATH), from the repository root.
    vm.runInNewContext(readFileSync(`${process.cwd()}/infra/cloudfront/spa-rewrite.js`, 'utf8'), sandbox);
    expect(sandbox.handler!({ request: { uri: '/', cookies: { [HOME_COOKIE]: { value: 'visitante' } } } }).uri).toBe('/prerender/inicio-visitante.html');
  });

  it('the layout a page was served with is the cookie as the app started, not as the session rewrites it', async () => {
    document.cookie = `${HOME_COOKIE}=visitante; Path=/`;
    vi.resetModules();
    const fresh = await import('../../web/src/lib/inicio.ts');
    document.cookie = `${HOME_COOKIE}=; Max-Age=0; Path=/`;
    expect(fresh.servedLayout()).toBe('visitante');
    fresh.rememberVisitor(true);
    expect(document.cookie).toContain(`${HOME_COOKIE}=visitante`);
    fresh.rememberVisitor(false);
    expect(document.cookie).not.toContain(HOME_COOKIE);
  });

  it('an empty portfolio invites to the first client', async () => {
    mockApi({ 'GET /api/resumo': json(200, { clientes: 0, vips: 0, soma: 0, categorias: [], semCategoria: { clientes: 0, vips: 0, soma: 0 } }) });
    renderApp('/');
    await screen.findByText(CARTEIRA_TEXTS.portfolio.emptyTitle);
  });

  it('bars and renewals (pure functions)', () => {
    expect(barsOf({ ...RESUMO, categorias: [], semCategoria: { clientes: 0, vips: 0, soma: 0 } })).toEqual([]);
    const list = [
      { ...produto(1, 'x', 1), fimContrato: '2026-03-01' },
      { ...produto(2, 'y', 1), fimContrato: '2026-01-30' },
      { ...produto(3, 'z', 1), fimContrato: '2026-01-29' },
      { ...produto(4, 'w', 1), fimContrato: '2025-11-01' },
      { ...produto(5, 'v', 1), fimContrato: '2025-10-31' },
    ];
    // Ended in the last 90 days: still to renew, listed first (the longest ended first); older ones not listed.
    expect(renewalsWithin(list, RENEW_DAYS, '2026-01-30').map((c) => c.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('/categorias cards', () => {
  it('show each category’s clients and total, link to its clients, and sort by total', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/categorias': json(200, [categoria(1, 'Varejo'), categoria(2, 'Atacado')]),
      'GET /api/resumo': json(200, { ...RESUMO, categorias: [{ id: 1, descricao: 'Varejo', clientes: 3, vips: 1, soma: 50000 }, { id: 2, descricao: 'Atacado', clientes: 1, vips: 0, soma: 10 }] }),
    });
    renderApp('/categorias');
    const link = await screen.findByRole('link', { name: new RegExp(`${LISTAS_TEXTS.categorias.cardLink('Varejo')}$`) }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', '/clientes?categoria=1');
    expect(link.textContent).toBe(`${LISTAS_TEXTS.categorias.cardClientes(3)} · ${LISTAS_TEXTS.categorias.cardSoma(money(50000))}, ${LISTAS_TEXTS.categorias.cardLink('Varejo')}`);
    expect(cardNames()).toEqual(['Atacado', 'Varejo']);
    await user.selectOptions(screen.getByLabelText(LISTAS_TEXTS.categorias.sortLabel), 'total');
    expect(currentSearch()).toBe('?ordem=total');
    expect(cardNames()).toEqual(['Varejo', 'Atacado']);
    await act(async () => {
      await user.click(screen.getByRole('link', { name: new RegExp(`${LISTAS_TEXTS.categorias.cardLink('Atacado')}$`) }));
    });
    expect(currentPath()).toBe('/clientes');
    expect(currentSearch()).toBe('?categoria=2');
  });

  it('link to their clients also when the totals can’t be read', async () => {
    mockApi({ 'GET /api/categorias': json(200, [categoria(1, 'Varejo')]), 'GET /api/resumo': json(500, { mensagem: 'falhou' }) });
    renderApp('/categorias');
    const link = await screen.findByRole('link', { name: `${LISTAS_TEXTS.categorias.cardClientesLink} ${LISTAS_TEXTS.categorias.cardClientesOf('Varejo')}` }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', '/clientes?categoria=1');
  });
});
