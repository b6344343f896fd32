/**
 * The home's portfolio block is laid out once: its frame stays until the totals, the renewals
 * and the recent changes are all in (or failed), so no part arrives later and resizes it.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_FEED_DAYS } from '../../lambdas/contract/index.ts';
import '../../web/src/pages/Home.tsx';
import '../../web/src/pages/home/Portfolio.tsx';
import { CARTEIRA_TEXTS } from '../../web/src/texts/carteira.ts';
import { deferred, FAKE_TIMERS, json, mockApi, produto, renderApp, settle } from './helpers.tsx';

const P = CARTEIRA_TEXTS.portfolio;
const RESUMO = { clientes: 1, vips: 0, soma: 5000, categorias: [], semCategoria: { clientes: 1, vips: 0, soma: 5000 } };

describe('the home’s portfolio block', () => {
  it('keeps its frame until the renewals and the recent changes are in, then shows everything at once', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const atividades = deferred<Response>();
    const api = mockApi({
      'GET /api/resumo': json(200, RESUMO),
      'GET /api/produtos': json(200, [produto(1, 'Armazém Dois Irmãos', 5000)]),
      'GET /api/atividades': () => atividades.promise,
    });
    const { container } = renderApp('/');
    // The totals and the renewals' list are read; the recent changes not yet.
    await settle(10);
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(1);
    // Still the frame: no number shown.
    expect(container.querySelector('.portfolio .is-loading')).not.toBeNull();
    expect(container.querySelector('.portfolio .kpis .kpi-value')).toBeNull();
    expect(screen.getByText(P.loading)).toBeInTheDocument();
    atividades.resolve(json(200, []));
    await settle(10);
    expect(screen.getByText(P.renewNone)).toBeInTheDocument();
    expect(container.querySelector('.portfolio .is-loading')).toBeNull();
    expect(container.querySelector('.portfolio .kpis .kpi-value')?.textContent).toBe('1');
    expect(screen.getByText(P.recentNone(ACTIVITY_FEED_DAYS))).toBeInTheDocument();
  });

  it('a failed read of the recent changes does not hold the rest: the block shows with that part’s error', async () => {
    mockApi({
      'GET /api/resumo': json(200, RESUMO),
      'GET /api/produtos': json(200, []),
      'GET /api/atividades': json(500, { mensagem: 'falhou' }),
    });
    renderApp('/');
    await screen.findByText(P.recentError);
    expect(screen.getByText(P.renewNone)).toBeInTheDocument();
  });
});
