/**
 * The clients an import's review compares a file with: the spec's whole list up to
 * LIST_PAGED_ABOVE clients; above it only those having one of the file's names or CPFs/CNPJs
 * (POST /produtos/existentes, split by the route's limits), never the whole list.
 */
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/index.ts';
import { fetcher } from '../../web/src/api/http.ts';
import { LIST_PAGED_ABOVE } from '../../web/src/config.ts';
import { useExistingClientes } from '../../web/src/features/importacao/existentes.ts';
import type { RowCheck } from '../../web/src/lib/csv/rows.ts';
import { json, mockApi, produto } from './helpers.tsx';

const resumo = (clientes: number) => ({ clientes, vips: 0, soma: 0, categorias: [], semCategoria: { clientes, vips: 0, soma: 0 } });
const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{children}</SWRConfig>;

/** Valid rows of a file: a name each, a CPF on every third. */
const rows = (n: number): RowCheck[] =>
  Array.from({ length: n }, (_, i) => ({
    linha: i + 2,
    cells: [],
    problems: [],
    row: { nome: `Cliente ${i % 500}`, segmento: '', pontoFocal: '', valorContrato: 1, categoria: '', ...(i % 3 === 0 ? { documento: String(10_000_000_000 + i) } : {}) },
  }));

describe('useExistingClientes', () => {
  it('above LIST_PAGED_ABOVE clients asks the server for the file’s names and CPFs/CNPJs in bounded requests, never the whole list', async () => {
    const bia = produto(7, 'Cliente 3', 500);
    const ana = { ...produto(2, 'Cliente 1', 500), documento: '10000000003' };
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'POST /api/produtos/existentes': [json(200, [bia]), json(200, [ana, bia]), json(200, []), json(200, [])],
    });
    const checks = rows(1_200);
    const { result } = renderHook(() => useExistingClientes(checks), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    // Merged by id, sorted by id.
    expect(result.current.data!.map((c) => c.id)).toEqual([2, 7]);
    expect(api.callsTo('GET', '/api/produtos')).toEqual([]);
    const bodies = api.callsTo('POST', '/api/produtos/existentes').map((c) => c.body as { nomes: string[]; documentos: string[] });
    // 500 distinct names and 400 CPFs: 3 requests of at most the route's limits, each asked once.
    expect(bodies.length).toBe(Math.ceil(500 / LIMITS.existentes.nomesMax));
    for (const b of bodies) {
      expect(b.nomes.length).toBeLessThanOrEqual(LIMITS.existentes.nomesMax);
      expect(b.documentos.length).toBeLessThanOrEqual(LIMITS.existentes.documentosMax);
    }
    expect(new Set(bodies.flatMap((b) => b.nomes)).size).toBe(500);
    expect(bodies.flatMap((b) => b.nomes)).toHaveLength(500);
    expect(bodies.flatMap((b) => b.documentos)).toHaveLength(400);
  });

  it('asks again only when the file’s names or CPFs/CNPJs change; an error is handed to the page', async () => {
    const api = mockApi({
      'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE + 1)),
      'POST /api/produtos/existentes': [json(200, []), json(503, { mensagem: 'A lista de clientes está sendo preparada.' })],
    });
    let checks = rows(10);
    const { result, rerender } = renderHook(() => useExistingClientes(checks), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    // The same rows checked again (a new array): no new request.
    checks = rows(10);
    rerender();
    expect(result.current.data).toEqual([]);
    expect(api.callsTo('POST', '/api/produtos/existentes')).toHaveLength(1);
    checks = rows(11);
    rerender();
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(api.callsTo('POST', '/api/produtos/existentes')).toHaveLength(2);
  });

  it('up to LIST_PAGED_ABOVE clients uses the spec’s whole list, as before', async () => {
    const list = [produto(1, 'Cliente 1', 10), produto(2, 'Outro', 20)];
    const api = mockApi({ 'GET /api/resumo': json(200, resumo(LIST_PAGED_ABOVE)), 'GET /api/produtos': json(200, list) });
    const { result } = renderHook(() => useExistingClientes(rows(5)), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(api.callsTo('POST', '/api/produtos/existentes')).toEqual([]);
  });
});
