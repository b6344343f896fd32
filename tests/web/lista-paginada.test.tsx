import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_WHOLE_LIST_MAX, LIST_PAGED_ABOVE, LIST_PAGED_MAX_LOADED } from '../../web/src/config.ts';
import { CONTATO_TEXTS } from '../../web/src/texts/contato.ts';
import { CARTEIRA_TEXTS } from '../../web/src/texts/carteira.ts';
import { LISTAS_TEXTS } from '../../web/src/texts/listas.ts';
// Loaded up front so React.lazy resolves without waiting on module I/O.
import '../../web/src/features/clientes/pages/ListaClientes.tsx';
import '../../web/src/lib/csv/export.ts';
import '../../web/src/features/clientes/pages/ContratosARenovar.tsx';
import { deferred, json, mockApi, produto, renderApp, visibleToast } from './helpers.tsx';

const SERVICOS = { id: 2, descricao: 'Serviços' };
const resumo = (clientes: number) => ({
  clientes,
  vips: 1,
  soma: 123_456.78,
  categorias: [{ ...SERVICOS, clientes: 10, vips: 1, soma: 50_000 }],
  semCategoria: { clientes: clientes - 10, vips: 0, soma: 73_456.78 },
});
const PAGE_1 = [produto(1, 'Ana Souza', 1000, SERVICOS), produto(2, 'Bruno Lima', 20_000, SERVICOS)];
const PAGE_2 = [produto(3, 'Carla Dias', 3000, null)];

/** /clientes shown, 'Exportar' clicked: the one file downloaded, as its lines. */
async function exportedLines(): Promise<string[]> {
  const blobs: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), 'blob:x')), revokeObjectURL: vi.fn() }));
  renderApp('/clientes');
  await screen.findByRole('heading', { level: 2, name: 'Ana Souza' });
  fireEvent.click(screen.getByRole('button', { name: LISTAS_TEXTS.csv.exportar }));
  await waitFor(() => expect(blobs).toHaveLength(1));
  return (await blobs[0]!.text()).split('\r\n').filter(Boolean);
}

/** The query of each GET of the paged route, in order. */
const pagedQueries = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/produtos/pagina')
    .map((u) => Object.fromEntries(u.searchParams));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/clientes above LIST_PAGED_ABOVE clients', () => {
  it('reads the view from the paged route (never the whole list), with its exact totals', async () => {
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'GET /api/produtos/pagina': json(200, { itens: [PAGE_1[1]], cursor: null, totais: { clientes: 1, vips: 1, soma: 20_000 } }),
    });
    renderApp(`/clientes?q=bru&ordem=valor-desc&categoria=2&vip=1`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bruno Lima' })).toBeInTheDocument();
    expect(pagedQueries(api.fetchMock)).toEqual([{ limit: '24', ordem: 'valor', direcao: 'desc', categoria: '2', vip: '1', q: 'bru' }]);
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(0);
    const status = document.querySelector('.result-count')!;
    // Counts grouped as pt-BR writes them ("1 de 2.001").
    expect(status.textContent).toContain('1 de 2.001 resultados');
    expect(status.textContent).toContain(LISTAS_TEXTS.clientes.totalVips(1));
    // The chips come from the portfolio's totals; the sort offers no order of creation.
    expect(screen.getByRole('button', { name: 'Serviços', pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: LISTAS_TEXTS.clientes.sorts[''] })).not.toBeInTheDocument();
  });

  it('keeps the whole list (and "contains") at LIST_PAGED_ABOVE clients or fewer', async () => {
    const api = mockApi({ 'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE)), 'GET /api/produtos': json(200, [...PAGE_1, ...PAGE_2]) });
    renderApp('/clientes?q=ouza');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Souza' })).toBeInTheDocument();
    expect(pagedQueries(api.fetchMock)).toHaveLength(0);
  });

  it('pages when the whole list answers 413', async () => {
    const api = mockApi({
      'GET /api/produtos': json(413, { mensagem: 'grande demais' }),
      'GET /api/produtos/pagina': json(200, { itens: PAGE_1, cursor: null, totais: { clientes: 2, vips: 1, soma: 21_000 } }),
    });
    renderApp('/clientes');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Souza' })).toBeInTheDocument();
    expect(pagedQueries(api.fetchMock)).toHaveLength(1);
  });

  it('above EXPORT_WHOLE_LIST_MAX clients exports page by page with a progress bar, and Cancelar stops before the next page', async () => {
    const next = deferred<Response>();
    const totais = { clientes: 3, vips: 1, soma: 24_000 };
    mockApi({
      'GET /api/resumo': json(200, resumo(EXPORT_WHOLE_LIST_MAX + 1)),
      'GET /api/observacoes': json(200, { itens: [], cursor: null }),
      'GET /api/produtos/pagina': [json(200, { itens: PAGE_1, cursor: 'c1', totais }), json(200, { itens: PAGE_1, cursor: 'c1', totais }), () => next.promise],
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/clientes');
    await screen.findByRole('heading', { level: 2, name: 'Ana Souza' });
    fireEvent.click(screen.getByRole('button', { name: LISTAS_TEXTS.csv.exportar }));
    expect(await screen.findByText(LISTAS_TEXTS.csv.exportProgress(2, 3))).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: LISTAS_TEXTS.csv.exportando })).toHaveAttribute('value', '2');
    fireEvent.click(screen.getByRole('button', { name: LISTAS_TEXTS.csv.cancelar }));
    next.resolve(json(200, { itens: PAGE_2, cursor: null, totais }));
    await waitFor(() => expect(visibleToast(LISTAS_TEXTS.csv.exportCanceled)).toBeDefined());
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: LISTAS_TEXTS.csv.exportar })).toBeInTheDocument();
  });

  it('above EXPORT_WHOLE_LIST_MAX clients writes every page of the view into one file, each page read with its notes (no read of every note)', async () => {
    const totais = { clientes: 3, vips: 1, soma: 24_000 };
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(EXPORT_WHOLE_LIST_MAX + 1)),
      'GET /api/produtos/pagina': [
        json(200, { itens: PAGE_1, cursor: 'c1', totais }),
        json(200, { itens: PAGE_1, cursor: 'c1', totais }),
        json(200, { itens: [{ ...PAGE_2[0]!, observacoes: 'liga cedo' }], cursor: null, totais }),
      ],
    });
    const lines = await exportedLines();
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Ana Souza');
    expect(lines[3]).toContain('Carla Dias');
    expect(lines[3]).toContain('liga cedo');
    expect(api.callsTo('GET', '/api/observacoes')).toEqual([]);
    // The list's own page without notes; the export's two with them.
    expect(pagedQueries(api.fetchMock).map((q) => q.observacoes)).toEqual([undefined, '1', '1']);
  });

  it('up to EXPORT_WHOLE_LIST_MAX clients exports a view without a search from the whole list and the notes, in the view\'s order', async () => {
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      // A tenth of the portfolio or more: the whole list costs less than the view's pages.
      'GET /api/produtos/pagina': json(200, { itens: PAGE_1, cursor: 'c1', totais: { clientes: 300, vips: 1, soma: 24_000 } }),
      'GET /api/produtos': json(200, [...PAGE_2, ...PAGE_1].reverse()),
      'GET /api/observacoes': json(200, { itens: [{ id: PAGE_2[0]!.id, observacoes: 'liga cedo' }], cursor: null }),
    });
    const lines = await exportedLines();
    // By name, as the view's pages are.
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([...PAGE_1, ...PAGE_2].map((c) => c.nome).sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(lines.find((l) => l.startsWith('Carla Dias'))).toContain('liga cedo');
    expect(pagedQueries(api.fetchMock).map((q) => q.observacoes)).toEqual([undefined]);
  });

  it('a view under a tenth of the portfolio (its count from the list\'s first page) exports from its own pages, never the whole list', async () => {
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'GET /api/produtos/pagina': json(200, { itens: PAGE_1, cursor: null, totais: { clientes: PAGE_1.length, vips: 1, soma: 24_000 } }),
      'GET /api/produtos': json(200, [...PAGE_2, ...PAGE_1].reverse()),
      'GET /api/observacoes': json(200, { itens: [], cursor: null }),
    });
    const lines = await exportedLines();
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(PAGE_1.map((c) => c.nome));
    expect(api.callsTo('GET', '/api/produtos')).toEqual([]);
    // The list's own page, then the export's with the notes.
    expect(pagedQueries(api.fetchMock).map((q) => q.observacoes)).toEqual([undefined, '1']);
  });
});

describe('renewals above LIST_PAGED_ABOVE clients', () => {
  const due = (id: number, nome: string, fimContrato: string) => ({ ...produto(id, nome, 100), fimContrato });

  it('reads the period from the contract-end index, every page, and counts it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 19, 9, 0));
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'GET /api/produtos/pagina': [
        json(200, { itens: [due(3, 'Ontem', '2026-12-18'), due(2, 'Hoje', '2026-12-19')], cursor: 'c1' }),
        json(200, { itens: [due(5, 'Em 10 dias A', '2026-12-29')], cursor: null }),
      ],
    });
    renderApp('/contratos-a-renovar');
    await screen.findByRole('heading', { level: 2, name: 'Em 10 dias A' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ontem', 'Hoje', 'Em 10 dias A']);
    expect(screen.getByText(CONTATO_TEXTS.renovacoes.count(2, 30), { exact: false }).textContent).toContain(CONTATO_TEXTS.renovacoes.overdue(1, 90));
    expect(pagedQueries(api.fetchMock)).toEqual([
      { limit: '100', fimDe: '2026-09-20', fimAte: '2027-01-18' },
      { limit: '100', fimDe: '2026-09-20', fimAte: '2027-01-18', cursor: 'c1' },
    ]);
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(0);
  });

  it('stops at LIST_PAGED_MAX_LOADED contracts and says there are more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 19, 9, 0));
    let next = 1;
    const page = () => json(200, { itens: Array.from({ length: 100 }, () => due(next, `Cliente ${next++}`, '2026-12-20')), cursor: `c${next}` });
    const api = mockApi({ 'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)), 'GET /api/produtos/pagina': page });
    renderApp('/contratos-a-renovar');
    expect(await screen.findByText(CONTATO_TEXTS.renovacoes.capped(LIST_PAGED_MAX_LOADED), { exact: false }, { timeout: 15_000 })).toBeInTheDocument();
    expect(pagedQueries(api.fetchMock)).toHaveLength(LIST_PAGED_MAX_LOADED / 100);
  }, 30_000);

  it("fills the home's block from the same period", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 19, 9, 0));
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'GET /api/atividades': json(200, []),
      'GET /api/produtos/pagina': json(200, { itens: [due(2, 'Hoje', '2026-12-19')], cursor: null }),
    });
    renderApp('/');
    expect(await screen.findByText(CARTEIRA_TEXTS.portfolio.renewTotal(1, 'R$\u00a0100,00'), { normalizer: (t) => t })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(0);
  });
});
