/**
 * The streaming CSV export of a large list holds one page at a time, whatever the size: the
 * download's Blob parts held stay under BLOB_PARTS_HELD and no page is read before the one before
 * it is written; with the File System Access API the file is written as it goes. Memory is
 * asserted by what is held (pages read ahead, parts), not by wall time; the bounds do not depend on
 * the size (100,000 clients here; 1,000,000 gave the same bounds in 108 s of jsdom, too long for
 * every run).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_WHOLE_LIST_MAX } from '../../web/src/config.ts';
import { exportClientesPaged, exportClientesView } from '../../web/src/lib/csv/export.ts';
import { BLOB_PARTS_HELD, blobSink, fileSink, type CsvSink } from '../../web/src/lib/csv/sink.ts';
import { json, mockApi, produto } from './helpers.tsx';

const VIEW = { ordem: 'nome', desc: false, vip: false, q: '' } as const;
const PAGE = 100;

/** The paged route for a view of `total` clients, each page made when asked (nothing kept here). */
function pagedRoute(total: number, notes: (id: number) => string | undefined = () => undefined) {
  let served = 0;
  const reply = () => {
    const first = served + 1;
    const itens = Array.from({ length: Math.min(PAGE, total - served) }, (_, i) => {
      const id = first + i;
      const observacoes = notes(id);
      return { ...produto(id, `Cliente ${id}`, 100 + (id % 50_000)), ...(observacoes ? { observacoes } : {}) };
    });
    served += itens.length;
    return json(200, { itens, cursor: served < total ? `c${served}` : null, totais: { clientes: total, vips: 0, soma: 0 } });
  };
  return Object.assign(reply, { pagesServed: () => Math.ceil(served / PAGE) });
}

afterEach(() => vi.unstubAllGlobals());

describe('the streaming export', () => {
  it('exports 100,000 clients holding at most BLOB_PARTS_HELD parts and one page of records at a time', { timeout: 120_000 }, async () => {
    const total = 100_000;
    const route = pagedRoute(total, (id) => (id % 1000 === 0 ? 'liga cedo' : undefined));
    const api = mockApi({ 'GET /api/produtos/pagina': route });
    let file: Blob | undefined;
    const sink = blobSink((f) => (file = f));
    let maxHeld = 0;
    let pagesWritten = -1; // the header's write comes first
    let maxAhead = 0;
    const watched: CsvSink = {
      write: async (text) => {
        pagesWritten++;
        // Pages read from the server and not yet written (this one included).
        maxAhead = Math.max(maxAhead, route.pagesServed() - pagesWritten + 1);
        await sink.write(text);
        maxHeld = Math.max(maxHeld, sink.held());
      },
      close: () => sink.close(),
      abort: () => sink.abort(),
    };
    const feitos: number[] = [];
    const done = await exportClientesPaged(VIEW, new AbortController().signal, (n) => feitos.push(n), watched);
    expect(done).toBe(true);
    expect(pagesWritten).toBe(total / PAGE);
    expect(maxAhead).toBe(1);
    expect(maxHeld).toBeLessThanOrEqual(BLOB_PARTS_HELD);
    expect(feitos.at(-1)).toBe(total);
    expect(api.callsTo('GET', '/api/observacoes')).toEqual([]);
    expect(api.callsTo('GET', '/api/produtos/pagina')).toHaveLength(total / PAGE);
    // Every client once, in order, with its notes where it has them.
    const lines = (await file!.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + total);
    expect(lines[1]).toMatch(/^"?Cliente 1"?[;,]/);
    expect(lines[total]).toMatch(/^"?Cliente 100000"?[;,]/);
    expect(lines.filter((l) => l.includes('liga cedo'))).toHaveLength(total / 1000);
  });

  it('a canceled export keeps nothing: the parts are dropped and no file is made', async () => {
    mockApi({ 'GET /api/produtos/pagina': pagedRoute(10_000) });
    const finish = vi.fn();
    const sink = blobSink(finish);
    const controller = new AbortController();
    const done = await exportClientesPaged(VIEW, controller.signal, (feitos) => {
      if (feitos === 3 * PAGE) controller.abort();
    }, sink);
    expect(done).toBe(false);
    expect(finish).not.toHaveBeenCalled();
    expect(sink.held()).toBe(0);
  });

  it('with the File System Access API, writes each page to the chosen file as it goes (none held), and a closed picker writes nothing', async () => {
    mockApi({ 'GET /api/produtos/pagina': pagedRoute(1_000) });
    const written: number[] = [];
    const stream = { write: vi.fn(async (t: string) => void written.push(t.length)), close: vi.fn(async () => {}), abort: vi.fn(async () => {}) };
    const picker = vi.fn(async () => ({ createWritable: async () => stream }));
    vi.stubGlobal('showSaveFilePicker', picker);
    const sink = await fileSink('clientes-2026-11-27.csv');
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: 'clientes-2026-11-27.csv' }));
    expect(await exportClientesPaged(VIEW, new AbortController().signal, () => {}, sink!)).toBe(true);
    // The header, then one write per page of 100 clients.
    expect(stream.write).toHaveBeenCalledTimes(1 + 10);
    expect(stream.close).toHaveBeenCalledTimes(1);
    expect(stream.abort).not.toHaveBeenCalled();

    vi.stubGlobal('showSaveFilePicker', vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))));
    expect(await fileSink('clientes.csv')).toBeNull();
  });

  describe('up to EXPORT_WHOLE_LIST_MAX clients', () => {
    const loja = { id: 7, descricao: 'Lojas' };
    const whole = [produto(1, 'Zeca Bar', 12_000, loja), produto(2, 'ana Souza', 900, loja), produto(3, 'Álamo VIP', 30_000, loja), produto(4, 'Bruno', 50_000), produto(5, 'Loja 10', 20_000, loja)];
    const notes = json(200, { itens: [{ id: 3, observacoes: 'liga cedo' }], cursor: null });
    const lines = async (file: Blob | undefined) => (await file!.text()).split('\r\n').filter(Boolean).slice(1);

    it('a view the whole list serves comes from two reads (the list and the notes), the view\'s clients in its order', async () => {
      const api = mockApi({ 'GET /api/produtos': json(200, whole), 'GET /api/observacoes': notes, 'GET /api/produtos/pagina': pagedRoute(5) });
      let file: Blob | undefined;
      const feitos: [number, number | undefined][] = [];
      const view = { ordem: 'valor', desc: true, vip: true, categoria: loja.id, q: '' } as const;
      expect(await exportClientesView(view, EXPORT_WHOLE_LIST_MAX, new AbortController().signal, (n, t) => feitos.push([n, t]), blobSink((f) => (file = f)))).toBe(true);
      expect(api.callsTo('GET', '/api/produtos/pagina')).toEqual([]);
      expect(api.callsTo('GET', '/api/produtos')).toHaveLength(1);
      // Lojas' VIPs by value, highest first; Bruno (no category) and the two below 10,000 left out.
      const rows = await lines(file);
      expect(rows.map((l) => l.split(';')[0])).toEqual(['Álamo VIP', 'Loja 10', 'Zeca Bar']);
      expect(rows[0]).toContain('liga cedo');
      expect(feitos).toEqual([[3, 3]]);
    });

    it('a search, a larger portfolio, or a whole list that answers 413: page by page', async () => {
      const view = { ordem: 'nome', desc: false, vip: false, q: '' } as const;
      const cases = [
        { view: { ...view, q: 'ana' }, clientes: 10, list: json(200, whole) },
        { view, clientes: EXPORT_WHOLE_LIST_MAX + 1, list: json(200, whole) },
        { view, clientes: 10, list: json(413, { mensagem: 'grande demais' }) },
      ];
      for (const c of cases) {
        const api = mockApi({ 'GET /api/produtos': c.list, 'GET /api/observacoes': notes, 'GET /api/produtos/pagina': pagedRoute(250) });
        let file: Blob | undefined;
        expect(await exportClientesView(c.view, c.clientes, new AbortController().signal, () => {}, blobSink((f) => (file = f)))).toBe(true);
        expect(api.callsTo('GET', '/api/produtos/pagina'), JSON.stringify(c.view)).toHaveLength(3);
        expect(await lines(file)).toHaveLength(250);
      }
    });

    it('a view under a tenth of the portfolio (its count known from the list) comes from its own pages, the same rows as from the whole list', async () => {
      const view = { ordem: 'valor', desc: true, vip: true, categoria: loja.id, q: '' } as const;
      const fromWhole = async () => {
        mockApi({ 'GET /api/produtos': json(200, whole), 'GET /api/observacoes': notes });
        let file: Blob | undefined;
        expect(await exportClientesView(view, 30, new AbortController().signal, () => {}, blobSink((f) => (file = f)), 3)).toBe(true);
        return lines(file);
      };
      // 3 of 30: a tenth or more, the whole list.
      const expected = await fromWhole();
      expect(expected.map((l) => l.split(';')[0])).toEqual(['Álamo VIP', 'Loja 10', 'Zeca Bar']);
      // 3 of 10,000: one page.
      const rows = expected.map((l) => l.split(';')[0]!);
      const page = json(200, { itens: [whole[2], whole[4], whole[0]].map((c) => ({ ...c, ...(c!.id === 3 ? { observacoes: 'liga cedo' } : {}) })), cursor: null, totais: { clientes: 3, vips: 3, soma: 62_000 } });
      const api = mockApi({ 'GET /api/produtos': json(200, whole), 'GET /api/observacoes': notes, 'GET /api/produtos/pagina': page });
      let file: Blob | undefined;
      expect(await exportClientesView(view, 10_000, new AbortController().signal, () => {}, blobSink((f) => (file = f)), 3)).toBe(true);
      expect(api.callsTo('GET', '/api/produtos')).toEqual([]);
      expect(api.callsTo('GET', '/api/produtos/pagina')).toHaveLength(1);
      expect((await lines(file)).map((l) => l.split(';')[0])).toEqual(rows);
      expect(await lines(file)).toEqual(expected);
    });

    it('canceled while writing, or while reading: no file', async () => {
      const many = Array.from({ length: 2_500 }, (_, i) => produto(i + 1, `Cliente ${i + 1}`, 100));
      mockApi({ 'GET /api/produtos': json(200, many), 'GET /api/observacoes': notes });
      const finish = vi.fn();
      const sink = blobSink(finish);
      const controller = new AbortController();
      const view = { ordem: 'nome', desc: false, vip: false, q: '' } as const;
      expect(await exportClientesView(view, 2_500, controller.signal, (feitos) => feitos >= 1_000 && controller.abort(), sink)).toBe(false);
      expect(finish).not.toHaveBeenCalled();
      expect(sink.held()).toBe(0);

      // Canceled while the whole list is read: nothing written after it.
      const aborted = new AbortController();
      mockApi({ 'GET /api/produtos': () => (aborted.abort(), json(200, many)), 'GET /api/observacoes': notes });
      const other = blobSink(finish);
      expect(await exportClientesView(view, 2_500, aborted.signal, () => {}, other)).toBe(false);
      expect(finish).not.toHaveBeenCalled();
      expect(other.held()).toBe(0);
    });
  });
});
