/**
 * The trash and the history in the web, with a stubbed API: the 'Desfazer' bar after a delete, the Lixeira page
 * (restore, the purge after a confirmation, the empty state) and the edit page's "Atualizado por"
 * and history timeline in pt-BR.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../web/src/config.ts';
import { APP_TEXTS } from '../../web/src/texts/app.ts';
import { HISTORICO_TEXTS } from '../../web/src/texts/historico.ts';
import { CONFIG, fakeBackend, tokens } from './auth-helpers.ts';
import { categoria, currentPath, currentSearch, goBack, json, mockApi, produto, renderApp, visibleToast } from './helpers.tsx';
import { ACOES_TEXTS } from '../../web/src/texts/acoes.ts';
import { CLIENTES_TEXTS } from '../../web/src/texts/clientes.ts';
import { CATEGORIAS_TEXTS } from '../../web/src/texts/categorias.ts';

const NBSP = '\u00a0';
const CAT = categoria(1, 'Varejo');
const AUDIT = { criadoEm: '2026-11-20T12:00:00.000Z', criadoPor: 'ana@empresa.com.br', atualizadoEm: '2026-11-23T17:05:00.000Z', atualizadoPor: 'maria@empresa.com.br' };
/** An instant on the company's clock (São Paulo by default), as the pages write it whatever the browser's zone. */
const when = (iso: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

describe("the 'Desfazer' bar after a delete", () => {
  it('shows after the spec toast, restores on one click (toast), puts the card back and goes away', async () => {
    const user = userEvent.setup();
    const p = produto(5, 'Padaria', 1500, { id: 1, descricao: 'Varejo' });
    const api = mockApi({
      'GET /api/produtos/5': json(200, p),
      'DELETE /api/produtos/5': new Response(null, { status: 204 }),
      'GET /api/produtos': json(200, []),
      'POST /api/lixeira/produto/5/restaurar': json(200, { tipo: 'produto', registro: { ...p, versao: 2 } }),
    });
    renderApp('/deletarproduto/5');
    await user.click(await screen.findByRole('button', { name: CLIENTES_TEXTS.clientes.yes }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    // The spec's toast, as it is.
    await waitFor(() => expect(visibleToast(ACOES_TEXTS.toast.clienteDeleted)?.dataset.duration).toBe('2000'));
    const bar = await screen.findByText(ACOES_TEXTS.undo.cliente);
    expect(bar.closest('.undo-bar')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: ACOES_TEXTS.undo.actionLabel('Padaria') }));
    await waitFor(() => expect(visibleToast(ACOES_TEXTS.toast.restored)).toBeDefined());
    expect(api.callsTo('POST', '/api/lixeira/produto/5/restaurar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(ACOES_TEXTS.undo.cliente)).toBeNull());
    // The card is back in the list (the list cache got the restored record: no reload needed).
    expect((await screen.findByRole('heading', { name: 'Padaria' })).closest('article')).not.toBeNull();
    expect(api.callsTo('GET', '/api/produtos')).toHaveLength(1);
  });

  it('stays while the list view changes (Buscar, a chip), and once used it is gone from every view, Back included', async () => {
    const user = userEvent.setup();
    const p = produto(5, 'Padaria', 1500, { id: 1, descricao: 'Varejo' });
    mockApi({
      'GET /api/produtos/5': json(200, p),
      'DELETE /api/produtos/5': new Response(null, { status: 204 }),
      'GET /api/produtos': json(200, [produto(6, 'Mercado', 20000, { id: 1, descricao: 'Varejo' })]),
      'POST /api/lixeira/produto/5/restaurar': json(200, { tipo: 'produto', registro: { ...p, versao: 2 } }),
    });
    renderApp('/deletarproduto/5');
    await user.click(await screen.findByRole('button', { name: CLIENTES_TEXTS.clientes.yes }));
    await screen.findByText(ACOES_TEXTS.undo.cliente);
    await user.type(screen.getByRole('searchbox'), 'merc');
    await user.click(screen.getByRole('button', { name: APP_TEXTS.common.search }));
    await waitFor(() => expect(currentSearch()).toBe('?q=merc'));
    await user.click(screen.getByRole('button', { name: 'Varejo' }));
    await waitFor(() => expect(currentSearch()).toBe('?q=merc&categoria=1'));
    expect(screen.getByText(ACOES_TEXTS.undo.cliente)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ACOES_TEXTS.undo.actionLabel('Padaria') }));
    await waitFor(() => expect(screen.queryByText(ACOES_TEXTS.undo.cliente)).toBeNull());
    // The earlier views carry the same delete: restored, it shows in none of them.
    await goBack();
    await waitFor(() => expect(currentSearch()).toBe('?q=merc'));
    expect(screen.queryByText(ACOES_TEXTS.undo.cliente)).toBeNull();
  });

  it('ends when the page is left: Back to the list shows none', async () => {
    const user = userEvent.setup();
    const p = produto(5, 'Padaria', 1500);
    const api = mockApi({
      'GET /api/produtos/5': json(200, p),
      'DELETE /api/produtos/5': new Response(null, { status: 204 }),
      'GET /api/produtos': json(200, [produto(6, 'Mercado', 20000)]),
      'GET /api/produtos/6': json(200, produto(6, 'Mercado', 20000)),
    });
    renderApp('/deletarproduto/5');
    await user.click(await screen.findByRole('button', { name: CLIENTES_TEXTS.clientes.yes }));
    await screen.findByText(ACOES_TEXTS.undo.cliente);
    // A view change is no leaving.
    await screen.findByRole('heading', { name: 'Mercado' });
    await user.click(screen.getByRole('button', { name: 'Sem categoria' }));
    await waitFor(() => expect(currentSearch()).toBe('?categoria=0'));
    expect(screen.getByText(ACOES_TEXTS.undo.cliente)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Editar Mercado' }));
    await waitFor(() => expect(currentPath()).toBe('/atualizarproduto/6'));
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    await screen.findByRole('heading', { name: 'Mercado' });
    expect(screen.queryByText(ACOES_TEXTS.undo.cliente)).toBeNull();
    await goBack();
    await waitFor(() => expect(currentSearch()).toBe(''));
    expect(screen.queryByText(ACOES_TEXTS.undo.cliente)).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/lixeira'))).toBe(false);
  });

  it('is dismissed with its close button, restoring nothing', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/categorias/3': json(200, categoria(3, 'Serviços')),
      'DELETE /api/categorias/3': new Response(null, { status: 204 }),
      'GET /api/categorias': json(200, [CAT]),
    });
    renderApp('/deletarcategorias/3');
    await user.click(await screen.findByRole('button', { name: CATEGORIAS_TEXTS.categorias.confirm }));
    await screen.findByText(ACOES_TEXTS.undo.categoria);
    await user.click(screen.getByRole('button', { name: ACOES_TEXTS.undo.dismiss }));
    await waitFor(() => expect(screen.queryByText(ACOES_TEXTS.undo.categoria)).toBeNull());
    expect(api.calls.some((c) => c.path.startsWith('/api/lixeira'))).toBe(false);
  });
});

describe('the Lixeira page', () => {
  const item = (tipo: 'produto' | 'categoria', id: number, nome: string, excluidoPor = 'maria@empresa.com.br') => ({
    tipo,
    id,
    nome,
    excluidoEm: '2026-11-23T17:05:00.000Z',
    excluidoPor,
    expiraEm: '2026-12-23T17:05:00.000Z',
  });

  it('lists who deleted what and when; restores; purges after a confirmation (administrator)', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/lixeira': [
        json(200, { itens: [item('produto', 5, 'Padaria'), item('categoria', 3, 'Serviços', 'anônimo')], cursor: null }),
        json(200, { itens: [item('categoria', 3, 'Serviços', 'anônimo')], cursor: null }),
        json(200, { itens: [], cursor: null }),
      ],
      'POST /api/lixeira/produto/5/restaurar': json(200, { tipo: 'produto', registro: produto(5, 'Padaria', 10, null, 2) }),
      'DELETE /api/lixeira/categoria/3': new Response(null, { status: 204 }),
    });
    renderApp('/lixeira');
    const padaria = await screen.findByRole('article', { name: 'Cliente: Padaria' });
    expect(padaria.textContent).toContain(`Deletado por maria@empresa.com.br em ${when('2026-11-23T17:05:00.000Z')}`);
    await user.click(within(padaria).getByRole('button', { name: HISTORICO_TEXTS.lixeira.restoreLabel('Padaria') }));
    await waitFor(() => expect(visibleToast(ACOES_TEXTS.toast.restored)).toBeDefined());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cliente: Padaria' })).toBeNull());

    const servicos = screen.getByRole('article', { name: 'Categoria: Serviços' });
    // The open mode's actor is a name, written as the timeline and "Atualizado por" write it.
    expect(servicos.textContent).toContain(`Deletado por Anônimo em ${when('2026-11-23T17:05:00.000Z')}`);
    await user.click(within(servicos).getByRole('button', { name: HISTORICO_TEXTS.lixeira.purgeLabel('Serviços') }));
    expect(within(servicos).getByText(HISTORICO_TEXTS.lixeira.purgeQuestion('Serviços'))).toBeDefined();
    expect(api.callsTo('DELETE', '/api/lixeira/categoria/3')).toHaveLength(0);
    await user.click(within(servicos).getByRole('button', { name: HISTORICO_TEXTS.lixeira.confirm }));
    await waitFor(() => expect(visibleToast(HISTORICO_TEXTS.lixeira.purged)).toBeDefined());
    expect(api.callsTo('DELETE', '/api/lixeira/categoria/3')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: HISTORICO_TEXTS.lixeira.emptyTitle })).toBeDefined();
  });

  it('lists a deleted tarefa by its descrição and restores it: the agenda’s counts and the clients read again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/lixeira': [json(200, { itens: [{ ...item('produto', 8, 'Ligar para a Padaria'), tipo: 'tarefa' }], cursor: null }), json(200, { itens: [], cursor: null })],
      'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
      'POST /api/lixeira/tarefa/8/restaurar': json(200, {
        tipo: 'tarefa',
        registro: { id: 8, cliente: 7, tipo: 'ligacao', descricao: 'Ligar para a Padaria', quando: '2030-01-10T13:00:00.000Z', responsavel: 'anônimo', concluida: false, versao: 2 },
      }),
    });
    renderApp('/lixeira');
    const card = await screen.findByRole('article', { name: 'Tarefa: Ligar para a Padaria' });
    await waitFor(() => expect(api.callsTo('GET', '/api/tarefas/resumo')).toHaveLength(1));
    await user.click(within(card).getByRole('button', { name: HISTORICO_TEXTS.lixeira.restoreLabel('Ligar para a Padaria') }));
    await waitFor(() => expect(visibleToast(ACOES_TEXTS.toast.restored)).toBeDefined());
    expect(api.callsTo('POST', '/api/lixeira/tarefa/8/restaurar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tarefa: Ligar para a Padaria' })).toBeNull());
    // The navbar's overdue badge counts it again.
    await waitFor(() => expect(api.callsTo('GET', '/api/tarefas/resumo')).toHaveLength(2));
  });

  it('offers a member Restaurar but no purge (sign-in on)', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({
      cognito: { InitiateAuth: () => tokens('membro@empresa.com.br', { refresh: null }) },
      api: { 'GET /api/lixeira': json(200, { itens: [item('produto', 5, 'Padaria')], cursor: null }) },
    });
    renderApp('/lixeira', { auth: CONFIG });
    const card = await screen.findByRole('article', { name: 'Cliente: Padaria' });
    expect(within(card).getByRole('button', { name: HISTORICO_TEXTS.lixeira.restoreLabel('Padaria') })).toBeDefined();
    expect(within(card).queryByRole('button', { name: HISTORICO_TEXTS.lixeira.purgeLabel('Padaria') })).toBeNull();
    sessionStorage.clear();
  });
});

describe('the edit page: "Atualizado por" and the history', () => {
  it('a record never changed since it was created says who created it, not "Atualizado"', async () => {
    const created = { criadoEm: AUDIT.criadoEm, criadoPor: AUDIT.criadoPor, atualizadoEm: AUDIT.criadoEm, atualizadoPor: AUDIT.criadoPor };
    mockApi({
      'GET /api/produtos/8': json(200, { ...produto(8, 'Nova Ltda', 100), ...created }),
      'GET /api/categorias': json(200, [CAT]),
      'GET /api/produtos/8/historico': json(200, { itens: [{ acao: 'criado', em: AUDIT.criadoEm, por: AUDIT.criadoPor }], cursor: null }),
    });
    renderApp('/atualizarproduto/8');
    expect(await screen.findByText(`Criado por ana@empresa.com.br em ${when(AUDIT.criadoEm)}`)).toBeDefined();
    expect(screen.queryByText(/^Atualizado por/)).toBeNull();
  });

  it('shows the timeline in pt-BR, newest first, with money, categories and empties formatted, and pages on', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/produtos/7': json(200, { ...produto(7, 'Maria Ltda', 15000, { id: 1, descricao: 'Varejo' }, 3), ...AUDIT }),
      'GET /api/categorias': json(200, [CAT]),
      'GET /api/produtos/7/historico': [
        json(200, {
          itens: [
            {
              acao: 'alterado',
              em: '2026-11-23T17:05:00.000Z',
              por: 'maria@empresa.com.br',
              alteracoes: [{ campo: 'valorContrato', antes: 1500, depois: 15000 }],
            },
            {
              acao: 'alterado',
              em: '2026-11-22T10:00:00.000Z',
              por: 'anônimo',
              alteracoes: [
                { campo: 'segmento', antes: null, depois: 'Padaria' },
                { campo: 'categoria', antes: null, depois: { id: 1, descricao: 'Varejo' } },
                // The contact and contract fields, labelled and shown as the forms show them.
                { campo: 'telefone', antes: null, depois: '+5511987654321' },
                { campo: 'documento', antes: '11222333000181', depois: null },
                { campo: 'fimContrato', antes: null, depois: '2026-12-31' },
              ],
            },
          ],
          cursor: 'c2',
        }),
        json(200, { itens: [{ acao: 'criado', em: '2026-11-20T12:00:00.000Z', por: 'ana@empresa.com.br' }], cursor: null }),
      ],
    });
    renderApp('/atualizarproduto/7');
    expect(await screen.findByText(`Atualizado por maria@empresa.com.br em ${when(AUDIT.atualizadoEm)}`)).toBeDefined();
    const history = await screen.findByRole('region', { name: HISTORICO_TEXTS.historico.heading });
    // Structured lines: who and what, when; then one line per field, before → after.
    const entries = () => [...history.querySelectorAll('.timeline-item')];
    const head = (li: Element) => li.querySelector('.timeline-head')!.textContent;
    const changes = (li: Element) => [...li.querySelectorAll('.timeline-changes > li')].map((c) => c.textContent);
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [first, second] = entries();
    expect(head(first!)).toBe(`maria@empresa.com.br alterou — ${when('2026-11-23T17:05:00.000Z')}`);
    expect(changes(first!)).toEqual([`Valor do contrato: R$${NBSP}1.500,00 → R$${NBSP}15.000,00`]);
    expect(head(second!)).toBe(`Anônimo alterou — ${when('2026-11-22T10:00:00.000Z')}`);
    expect(changes(second!)).toEqual([
      'Segmento: (vazio) → “Padaria”',
      'Categoria: Sem categoria → “Varejo”',
      'Telefone: (vazio) → (11) 98765-4321',
      'CNPJ ou CPF: 11.222.333/0001-81 → (vazio)',
      'Fim do contrato: (vazio) → 31/12/2026',
    ]);
    await user.click(within(history).getByRole('button', { name: APP_TEXTS.common.showMore }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(head(entries()[2]!)).toBe(`ana@empresa.com.br criou o registro — ${when('2026-11-20T12:00:00.000Z')}`);
    expect(changes(entries()[2]!)).toEqual([]);
    expect(within(history).queryByRole('button', { name: APP_TEXTS.common.showMore })).toBeNull();
    expect(api.callsTo('GET', '/api/produtos/7/historico')).toHaveLength(2);
  });
});
