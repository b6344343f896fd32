/**
 * The streaming CSV export of a large list holds one page at a time, whatever the size: the
 * download's Blob parts held stay under BLOB_PARTS_HELD and no page is read before the one before
 * it is written; with the File System Access API the file is written as it goes. Memory is
 * asserted by what is held (pages read ahead, parts), not by wall time; the bounds do not depend on
 * the size (100,000 clients here; 1,000,000 gave the same bounds in 108 s of jsdom, too long for
 * every run).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportClientesPaged } from '../../web/src/lib/csv/export.ts';
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
});
