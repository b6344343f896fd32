/**
 * CSV imports in the web, with a stubbed API: the imports made so far on /clientes/importar, so an
 * import is undone or continued after the page that ran it was closed (nothing of it lives in
 * the page): 'Desfazer importação' after a confirmation, step by step until nothing is left;
 * 'Continuar' asks for the same file; one past its period offers no undo.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Importacao } from '../../lambdas/contract/index.ts';
import { C } from '../../web/src/texts-csv.ts';
import { json, mockApi, renderApp } from './helpers.tsx';

const job = (id: number, fields: Partial<Importacao> = {}): Importacao => ({
  id,
  autor: 'ana@empresa.com.br',
  criadoEm: '2026-11-23T17:05:00.000Z',
  atualizadoEm: '2026-11-23T17:06:00.000Z',
  estado: 'importando',
  total: 400,
  criados: 200,
  categorias: 1,
  arquivo: `planilha-${id}.csv`,
  desfazerAte: '2999-12-23T17:05:00.000Z',
  ...fields,
});

const lists = { 'GET /api/produtos': json(200, []), 'GET /api/categorias': json(200, []) };

describe('Importações on /clientes/importar', () => {
  it('lists the imports with where each stands; an undo asks first, then runs its steps until nothing is left', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...lists,
      'GET /api/importacoes': json(200, { itens: [job(7), job(5, { estado: 'concluida', autor: 'bia@empresa.com.br', criados: 3, total: 3, categorias: 0 })], cursor: null }),
      'POST /api/importacoes/7/desfazer': [
        json(200, { excluidos: 100, restantes: 101, estado: 'desfazendo' }),
        json(200, { excluidos: 100, restantes: 1, estado: 'desfazendo' }),
        json(200, { excluidos: 1, restantes: 0, estado: 'desfeita' }),
      ],
    });
    renderApp('/clientes/importar');
    const list = await screen.findByRole('list', { name: C.jobs.listLabel });
    const [seven, five] = within(list).getAllByRole('article');
    expect(seven!.textContent).toContain(C.jobs.estado.importando);
    expect(seven!.textContent).toContain(C.jobs.counts(200, 400, 1));
    expect(five!.textContent).toContain(C.jobs.estado.concluida);
    expect(five!.textContent).toContain('bia@empresa.com.br');
    // Only an import that stopped midway is continued.
    expect(within(five!).queryByRole('button', { name: C.jobs.resumeLabel('planilha-5.csv') })).toBeNull();

    await user.click(within(seven!).getByRole('button', { name: C.jobs.undoLabel('planilha-7.csv') }));
    expect(within(seven!).getByText(C.jobs.undoQuestion(200, 1))).toBeDefined();
    expect(api.callsTo('POST', '/api/importacoes/7/desfazer')).toHaveLength(0);
    await user.click(within(seven!).getByRole('button', { name: C.jobs.undoConfirm }));
    expect(await within(seven!).findByText(C.summary.undone(201))).toBeDefined();
    expect(api.callsTo('POST', '/api/importacoes/7/desfazer')).toHaveLength(3);
    expect(seven!.textContent).toContain(C.jobs.estado.desfeita);
    expect(within(seven!).queryByRole('button', { name: C.jobs.undoLabel('planilha-7.csv') })).toBeNull();
    // The lists and the imports are read again.
    await waitFor(() => expect(api.callsTo('GET', '/api/importacoes').length).toBeGreaterThan(1));
  });

  it("'Continuar' asks for the same file again (the imports list steps aside); another import can still be started", async () => {
    const user = userEvent.setup();
    mockApi({ ...lists, 'GET /api/importacoes': json(200, { itens: [job(7)], cursor: null }) });
    renderApp('/clientes/importar');
    await user.click(await screen.findByRole('button', { name: C.jobs.resumeLabel('planilha-7.csv') }));
    expect(screen.getByTestId('import-resuming').textContent).toContain(C.resume.choose('planilha-7.csv'));
    expect(screen.queryByRole('list', { name: C.jobs.listLabel })).toBeNull();
    expect(screen.getByLabelText(C.choose.label)).toBeDefined();
    await user.click(screen.getByRole('button', { name: C.resume.abandon }));
    expect(screen.queryByTestId('import-resuming')).toBeNull();
    expect(await screen.findByRole('list', { name: C.jobs.listLabel })).toBeDefined();
  });

  it('an import past its period, or undone, offers no undo; more pages on request', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...lists,
      'GET /api/importacoes': [
        json(200, { itens: [job(9, { estado: 'concluida', desfazerAte: '2020-01-01T00:00:00.000Z' }), job(8, { estado: 'desfeita' })], cursor: 'c2' }),
        json(200, { itens: [job(7, { estado: 'desfeita' })] }),
      ],
    });
    renderApp('/clientes/importar');
    const [nine, eight] = within(await screen.findByRole('list', { name: C.jobs.listLabel })).getAllByRole('article');
    expect(nine!.textContent).toContain(C.jobs.undoExpired);
    expect(within(nine!).queryByRole('button', { name: C.jobs.undoLabel('planilha-9.csv') })).toBeNull();
    expect(eight!.textContent).toContain(C.jobs.estado.desfeita);
    // Undone: no undo, but its records can be restored together.
    expect(within(eight!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([C.jobs.restoreLabel('planilha-8.csv')]);
    const before = api.callsTo('GET', '/api/importacoes').length;
    await user.click(screen.getByRole('button', { name: C.jobs.more }));
    await waitFor(() => expect(api.callsTo('GET', '/api/importacoes').length).toBe(before + 1));
    // The next page follows the first, and no more is offered after the last.
    await waitFor(() => expect(within(screen.getByRole('list', { name: C.jobs.listLabel })).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: C.jobs.more })).toBeNull();
  });
});
