import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE, LIST_PAGED_ABOVE, LIST_PREFETCH } from '../../web/src/config.ts';
import { apiRequest, writeCount } from '../../web/src/api/http.ts';
import { nearPaths } from '../../web/src/features/clientes/read-ahead.ts';
import { keepPage, keptPage, readAheadStore } from '../../web/src/features/clientes/read-ahead-store.ts';
import { parseView } from '../../web/src/lib/clientes-url.ts';
// Loaded up front so React.lazy resolves without waiting on module I/O under fake timers.
import '../../web/src/features/clientes/pages/ListaClientes.tsx';
import '../../web/src/features/clientes/components/PagedBody.tsx';
import '../../web/src/features/clientes/components/PagedExport.tsx';
import '../../web/src/lib/csv/export.ts';
import { FAKE_TIMERS, deferred, json, produto, renderApp, settle, tick } from './helpers.tsx';

const SERVICOS = { id: 2, descricao: 'Serviços' };
const ALIMENTOS = { id: 3, descricao: 'Alimentos' };
const USED = { byId: new Map([[SERVICOS.id, SERVICOS.descricao], [ALIMENTOS.id, ALIMENTOS.descricao]]), none: true };
const RESUMO = {
  clientes: LIST_PAGED_ABOVE + 1,
  vips: 1,
  soma: 1_000_000,
  categorias: [
    { ...SERVICOS, clientes: 10, vips: 1, soma: 50_000 },
    { ...ALIMENTOS, clientes: 5, vips: 0, soma: 5_000 },
  ],
  semCategoria: { clientes: LIST_PAGED_ABOVE - 14, vips: 0, soma: 945_000 },
};

/** The query of a paged-route path, without the page size every read carries. */
const queryOf = (path: string) => {
  const s = new URL(path, 'http://localhost').searchParams;
  expect(s.get('limit')).toBe(String(LIST_PAGE_SIZE));
  s.delete('limit');
  return s.toString();
};

/**
 * A view's first page: one client named after the view's query (and `version` for a later read),
 * the view counted as the whole portfolio (so its export reads the whole list).
 */
const pageOf = (query: string, version = 1) => ({
  itens: [produto(version * 1000 + query.length, `${query || 'inicio'} v${version}`, 1000)],
  cursor: null,
  totais: { clientes: RESUMO.clientes, vips: 0, soma: 1000 },
});
const nameOf = (query: string, version = 1) => `${query || 'inicio'} v${version}`;

interface Read {
  query: string;
  priority: string | undefined;
  answer: (res: Response) => void;
}

/**
 * The API: /resumo above the paged threshold; each paged read held until the test answers it
 * (`reads`, in order), writes answered 204 at once.
 */
function heldApi() {
  const reads: Read[] = [];
  let wholeList: ReturnType<typeof deferred<Response>> | undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') return new Response(null, { status: 204 });
    if (url.pathname === '/api/resumo') return json(200, RESUMO);
    // The export's reads: the whole list held until the test answers it.
    if (url.pathname === '/api/produtos') return (wholeList ??= deferred<Response>()).promise;
    if (url.pathname === '/api/observacoes') return json(200, { itens: [], cursor: null });
    if (url.pathname !== '/api/produtos/pagina') return json(404, { mensagem: 'sem rota' });
    const held = deferred<Response>();
    reads.push({ query: queryOf(url.pathname + url.search), priority: init?.priority, answer: held.resolve });
    return held.promise;
  });
  vi.stubGlobal('fetch', fetchMock);
  const pending = () => reads.filter((r) => !answered.has(r));
  const answered = new Set<Read>();
  const answer = async (read: Read, version = 1) => {
    answered.add(read);
    read.answer(json(200, pageOf(read.query, version)));
    await settle();
  };
  const answerWholeList = async () => {
    wholeList!.resolve(json(200, [produto(1, 'Exportado', 1000)]));
    await settle();
  };
  return { reads, pending, answer, exporting: () => wholeList !== undefined, answerWholeList };
}

/** Moves the clock `ms` and lets the idle-time starts (a 0 ms timeout where the browser has no requestIdleCallback) run. */
async function pass(ms: number) {
  await tick(ms);
  await tick(5);
  await settle();
}

const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const sortBy = (value: string) => act(() => void fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value } }));

/** /clientes shown with its own first page answered; nothing read ahead yet. */
async function shown() {
  vi.useFakeTimers(FAKE_TIMERS);
  const api = heldApi();
  renderApp('/clientes');
  await settle(10);
  expect(api.reads.map((r) => r.query)).toEqual(['']);
  await api.answer(api.reads[0]!);
  expect(cardNames()).toEqual([nameOf('')]);
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the views one click away', () => {
  it('are the other direction, the other sorts, the two chips, then each category chip in the chips order', () => {
    expect(nearPaths(parseView(new URLSearchParams()), USED).map(queryOf)).toEqual([
      'direcao=desc',
      'ordem=valor&direcao=desc',
      'ordem=valor',
      'ordem=categoria',
      'ordem=alteracao&direcao=desc',
      'ordem=proxima',
      'vip=1',
      'semProximaTarefa=1',
      'categoria=3',
      'categoria=2',
      'categoria=0',
    ]);
    // A pressed chip is released (its other chips replace it).
    expect(nearPaths(parseView(new URLSearchParams('ordem=valor-desc&categoria=2')), USED).map(queryOf)).toEqual([
      'ordem=valor&categoria=2',
      'categoria=2',
      'direcao=desc&categoria=2',
      'ordem=categoria&categoria=2',
      'ordem=alteracao&direcao=desc&categoria=2',
      'ordem=proxima&categoria=2',
      'ordem=valor&direcao=desc&categoria=2&vip=1',
      'ordem=valor&direcao=desc&categoria=2&semProximaTarefa=1',
      'ordem=valor&direcao=desc&categoria=3',
      'ordem=valor&direcao=desc',
      'ordem=valor&direcao=desc&categoria=0',
    ]);
    // A search reads every match again on each read: nothing is read ahead from one.
    expect(nearPaths(parseView(new URLSearchParams('q=ana&ordem=valor')), USED)).toEqual([]);
  });

  it(`are at most LIST_PREFETCH.perView (${LIST_PREFETCH.perView})`, () => {
    const many = { byId: new Map(Array.from({ length: 60 }, (_, i) => [i + 1, `Categoria ${String(i).padStart(2, '0')}`] as const)), none: true };
    const paths = nearPaths(parseView(new URLSearchParams()), many);
    expect(paths).toHaveLength(LIST_PREFETCH.perView);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the read-ahead store', () => {
  it('gives a page only while no write has been answered since its read began, and keeps at most LIST_PREFETCH.kept', async () => {
    const store = readAheadStore({});
    const page = pageOf('x');
    keepPage(store, '/a', page, writeCount());
    expect(keptPage(store, '/a')).toBe(page);
    // A write from anywhere (no list mounted to hear it), even one whose answer was lost.
    const before = writeCount();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/produtos/1', { method: 'DELETE' })).rejects.toThrow();
    expect(writeCount()).toBe(before + 1);
    expect(keptPage(store, '/a')).toBeUndefined();
    // A read begun before it is not kept.
    keepPage(store, '/b', page, before);
    expect(keptPage(store, '/b')).toBeUndefined();
    // The oldest go first.
    for (let i = 0; i < LIST_PREFETCH.kept + 5; i++) keepPage(store, `/p${i}`, page, writeCount());
    expect(store.pages.size).toBe(LIST_PREFETCH.kept);
    expect(keptPage(store, '/p4')).toBeUndefined();
    expect(keptPage(store, '/p5')).toBe(page);
    expect(keptPage(store, `/p${LIST_PREFETCH.kept + 4}`)).toBe(page);
    // One store per SWR cache (a session's cache goes with the session).
    expect(readAheadStore({}).pages.size).toBe(0);
  });
});

describe('reading ahead on the paged /clientes', () => {
  it('waits for the pause, then reads the near views in order, two at a time, at low priority', async () => {
    const api = await shown();
    await tick(LIST_PREFETCH.delayMs - 1);
    expect(api.reads).toHaveLength(1);
    await pass(1);
    expect(api.pending().map((r) => r.query)).toEqual(['direcao=desc', 'ordem=valor&direcao=desc']);
    expect(api.pending().every((r) => r.priority === 'low')).toBe(true);
    // One answered: the next one starts; never more than LIST_PREFETCH.concurrency at once.
    await api.answer(api.pending()[0]!);
    await pass(1);
    expect(api.pending().map((r) => r.query)).toEqual(['ordem=valor&direcao=desc', 'ordem=valor']);
    for (let i = 0; i < 20 && api.pending().length > 0; i++) {
      expect(api.pending().length).toBeLessThanOrEqual(LIST_PREFETCH.concurrency);
      await api.answer(api.pending()[0]!);
      await pass(1);
    }
    expect(api.reads.map((r) => r.query)).toEqual(['', 'direcao=desc', 'ordem=valor&direcao=desc', 'ordem=valor', 'ordem=categoria', 'ordem=alteracao&direcao=desc', 'ordem=proxima', 'vip=1', 'semProximaTarefa=1', 'categoria=3', 'categoria=2', 'categoria=0']);
    // Nothing more once they are all in.
    await tick(10_000);
    expect(api.reads).toHaveLength(12);
  });

  it('shows a view read ahead at once, and its own read replaces it when it answers', async () => {
    const api = await shown();
    await pass(LIST_PREFETCH.delayMs);
    const valor = api.pending().find((r) => r.query === 'ordem=valor&direcao=desc')!;
    await api.answer(valor);
    await sortBy('valor-desc');
    // The read-ahead page at once, while the view's own read is still out.
    expect(cardNames()).toEqual([nameOf('ordem=valor&direcao=desc')]);
    // Read again behind it (SWR starts that read on the next animation frame).
    await pass(50);
    expect(cardNames()).toEqual([nameOf('ordem=valor&direcao=desc')]);
    const own = api.pending().filter((r) => r.query === 'ordem=valor&direcao=desc');
    expect(own).toHaveLength(1);
    await api.answer(own[0]!, 2);
    expect(cardNames()).toEqual([nameOf('ordem=valor&direcao=desc', 2)]);
  });

  it('starts no more reads once the view changes, lets those out finish and keeps them, then goes on from the new view', async () => {
    const api = await shown();
    await pass(LIST_PREFETCH.delayMs);
    const out = api.pending();
    expect(out.map((r) => r.query)).toEqual(['direcao=desc', 'ordem=valor&direcao=desc']);
    await sortBy('categoria');
    // A view not read ahead: the previous cards stay until its page comes; nothing new read meanwhile.
    expect(cardNames()).toEqual([nameOf('')]);
    await api.answer(out[0]!);
    await pass(LIST_PREFETCH.delayMs * 4);
    expect(api.reads.map((r) => r.query)).toEqual(['', 'direcao=desc', 'ordem=valor&direcao=desc', 'ordem=categoria']);
    await api.answer(api.pending().find((r) => r.query === 'ordem=categoria')!);
    expect(cardNames()).toEqual([nameOf('ordem=categoria')]);
    // From the new view: '' is cached (shown before), 'direcao=desc' kept, the value sort still out:
    // one slot is free.
    await pass(LIST_PREFETCH.delayMs);
    expect(api.pending().map((r) => r.query)).toEqual(['ordem=valor&direcao=desc', 'ordem=valor']);
    // The read that finished after the view changed shows at once.
    await sortBy('nome-desc');
    expect(cardNames()).toEqual([nameOf('direcao=desc')]);
  });

  it('drops what it read after a write, and never keeps a read that began before it', async () => {
    const api = await shown();
    await pass(LIST_PREFETCH.delayMs);
    const [desc, valor] = api.pending();
    await api.answer(desc!);
    // A write (any non-GET answer: here a client's delete) while `valor` is out.
    await act(async () => void (await apiRequest('/produtos/7', { method: 'DELETE' })));
    await api.answer(valor!);
    // Neither shows at once: the list waits for the view's own read.
    await sortBy('nome-desc');
    expect(cardNames()).toEqual([nameOf('')]);
    await api.answer(api.pending().find((r) => r.query === 'direcao=desc')!, 2);
    expect(cardNames()).toEqual([nameOf('direcao=desc', 2)]);
    await sortBy('valor-desc');
    expect(cardNames()).toEqual([nameOf('direcao=desc', 2)]);
  });

  it('starts no reads while an export runs (those out finish) and goes on when it ends', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = await shown();
    await pass(LIST_PREFETCH.delayMs);
    const out = api.pending();
    expect(out).toHaveLength(2);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Exportar' })));
    await pass(10);
    expect(api.exporting()).toBe(true);
    for (const read of out) await api.answer(read);
    await pass(LIST_PREFETCH.delayMs * 10);
    expect(api.reads).toHaveLength(3);
    // The export's read answers: the file is made, and reading ahead goes on where it was.
    await api.answerWholeList();
    await pass(LIST_PREFETCH.delayMs);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.pending().map((r) => r.query)).toEqual(['ordem=valor', 'ordem=categoria']);
  });

  it('reads nothing ahead on a data-saving connection', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: true } }));
    const api = await shown();
    await tick(LIST_PREFETCH.delayMs * 10);
    await settle();
    expect(api.reads.map((r) => r.query)).toEqual(['']);
  });

  it('starts no reads while the tab is hidden and goes on when it shows again', async () => {
    const api = await shown();
    await pass(LIST_PREFETCH.delayMs);
    const out = api.pending();
    expect(out).toHaveLength(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    for (const read of out) await api.answer(read);
    await pass(LIST_PREFETCH.delayMs * 10);
    expect(api.reads).toHaveLength(3);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(LIST_PREFETCH.delayMs);
    expect(api.pending().map((r) => r.query)).toEqual(['ordem=valor', 'ordem=categoria']);
  });
});
