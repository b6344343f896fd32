/**
 * Returning to a list shows what is stored now: a client another tab (or a colleague) created
 * while the user was on another page shows when the user comes back, however soon.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../web/src/features/clientes/pages/ListaClientes.tsx';
import '../../web/src/features/categorias/pages/ListaCategorias.tsx';
import '../../web/src/features/categorias/pages/DeletarCategoria.tsx';
import { FAKE_TIMERS, categoria, currentPath, json, mockApi, produto, renderApp, settle, tick } from './helpers.tsx';

const VAREJO = categoria(1, 'Varejo');
const A = produto(1, 'Armazém Dois Irmãos', 5000, { id: 1, descricao: 'Varejo' });
const B = produto(2, 'Bazar da Esquina', 7000, null);
const resumo = (clientes: number) => ({
  clientes,
  vips: 0,
  soma: 5000,
  categorias: [{ id: 1, descricao: 'Varejo', clientes: 1, vips: 0, soma: 5000 }],
  semCategoria: { clientes: clientes - 1, vips: 0, soma: clientes > 1 ? 7000 : 0 },
});
/** Lets the fake clock run in small steps until `find` finds something (lazy pages, reads). */
async function until<T>(find: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const found = find();
    if (found) return found;
    await tick(20);
  }
  throw new Error('not found');
}
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('returning to /clientes', () => {
  it('a client created elsewhere while the user was on the category delete page shows at the return, a second later', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    let stored = [A];
    const api = mockApi({
      'GET /api/produtos': () => json(200, stored),
      'GET /api/resumo': () => json(200, resumo(stored.length)),
      'GET /api/categorias': json(200, [VAREJO]),
      'GET /api/categorias/1': json(200, VAREJO),
      'GET /api/atividades': json(200, []),
    });
    renderApp('/clientes');
    await until(() => screen.queryByRole('heading', { level: 2, name: A.nome }));
    expect(cardNames()).toEqual([A.nome]);

    // To the category delete page, through the menu and the category list.
    fireEvent.click(screen.getByRole('link', { name: 'Listar categorias' }));
    await settle();
    fireEvent.click(await until(() => screen.queryByRole('link', { name: /Deletar/ })));
    await until(() => screen.queryByRole('button', { name: 'Confirmar' }));
    expect(currentPath()).toBe('/deletarcategorias/1');

    // Another tab creates a client; the user goes back to the list within a second.
    stored = [A, B];
    const reads = api.callsTo('GET', '/api/produtos').length;
    await tick(300);
    fireEvent.click(screen.getByRole('link', { name: 'Listar clientes' }));
    await until(() => screen.queryByRole('heading', { level: 2 }));
    await tick(100);
    expect(currentPath()).toBe('/clientes');
    expect(api.callsTo('GET', '/api/produtos').length).toBeGreaterThan(reads);
    expect(cardNames()).toEqual([A.nome, B.nome]);
  });
});
