import { describe, expect, it } from 'vitest';
import type { Cliente } from '../../lambdas/contract/index.ts';
import { paginaPath } from '../../web/src/api/clientes-pagina.ts';
import { pagedViewOf } from '../../web/src/features/clientes/paged.ts';
import { parseView, viewHref, viewSearch } from '../../web/src/lib/clientes-url.ts';
import { applyView, prepare } from '../../web/src/lib/clientes-view.ts';

const cliente = (id: number, nome: string, quando?: string): Cliente =>
  ({
    id,
    nome,
    segmento: 'Varejo',
    pontoFocal: 'Ana',
    valorContrato: 1000,
    categoria: null,
    versao: 1,
    ...(quando ? { proximaTarefa: { id: id * 10, tipo: 'ligacao', descricao: 'Ligar', quando, responsavel: 'ana@empresa.com.br' } } : {}),
  }) as Cliente;

const list = [
  cliente(1, 'Zeta', '2026-12-01T13:00:00.000Z'),
  cliente(2, 'Alfa'),
  cliente(3, 'Beta', '2026-11-20T13:00:00.000Z'),
  cliente(4, 'Gama'),
  cliente(5, 'Delta', '2026-11-28T13:00:00.000Z'),
];

describe('the client list by next tarefa', () => {
  it('keeps "Sem próxima tarefa" and the next-tarefa sort in the URL', () => {
    const view = parseView(new URLSearchParams('ordem=proxima&semProximaTarefa=1'));
    expect(view.ordem).toBe('proxima');
    expect(view.semProxima).toBe(true);
    expect(viewSearch(view).toString()).toBe('ordem=proxima&semProximaTarefa=1');
    expect(viewHref('/clientes', { semProxima: true })).toBe('/clientes?semProximaTarefa=1');
    expect(parseView(new URLSearchParams('')).semProxima).toBeUndefined();
  });

  it('filters the clients without a next tarefa', () => {
    const shown = applyView(prepare(list), parseView(new URLSearchParams('semProximaTarefa=1&ordem=nome')));
    expect(shown.items.map((c) => c.nome)).toEqual(['Alfa', 'Gama']);
  });

  it('sorts by the soonest next tarefa (overdue first), those without one last by name', () => {
    const shown = applyView(prepare(list), parseView(new URLSearchParams('ordem=proxima')));
    expect(shown.items.map((c) => c.nome)).toEqual(['Beta', 'Delta', 'Zeta', 'Alfa', 'Gama']);
  });

  it('asks the paged route for the same view', () => {
    const path = paginaPath(pagedViewOf(parseView(new URLSearchParams('ordem=proxima&semProximaTarefa=1'))), 24);
    const q = new URL(path, 'http://x').searchParams;
    expect(q.get('ordem')).toBe('proxima');
    expect(q.get('semProximaTarefa')).toBe('1');
    // The route combines neither with a search: the search alone is asked for.
    const searched = new URL(paginaPath(pagedViewOf(parseView(new URLSearchParams('q=ana&ordem=proxima&semProximaTarefa=1'))), 24), 'http://x').searchParams;
    expect([searched.get('q'), searched.get('ordem'), searched.get('semProximaTarefa')]).toEqual(['ana', null, null]);
  });
});
