import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../lambdas/contract/index.ts';
import { SESSION_STORAGE_KEY, TOAST_DURATION } from '../../web/src/config.ts';
import { APP_TEXTS } from '../../web/src/texts/app.ts';
import { mayDeleteTarefa } from '../../web/src/lib/tarefas.ts';
import type { Session } from '../../web/src/lib/session.ts';
import { ACOES_TEXTS } from '../../web/src/texts/acoes.ts';
import { CONFIG, fakeBackend, tokens } from './auth-helpers.ts';
import { currentPath, currentSearch, json, mockApi, renderApp, visibleToast } from './helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nav = () => screen.getByRole('navigation', { name: 'Navegação principal' });

const tarefa = (id: number, descricao: string, quando: string, over: Record<string, unknown> = {}) => ({
  id,
  cliente: 7,
  clienteNome: 'Padaria Sol',
  tipo: 'ligacao',
  descricao,
  quando,
  responsavel: 'anônimo',
  concluida: false,
  versao: 1,
  ...over,
});

describe('the Agenda link', () => {
  it('shows the overdue count as a badge, described in words; past 99 it says 99+', async () => {
    mockApi({ 'GET /api/tarefas/resumo': json(200, { atrasadas: 120, hoje: 2 }) });
    renderApp('/sobre-nos');
    const link = within(nav()).getByRole('link', { name: 'Agenda' });
    expect(link).toHaveAttribute('href', '/agenda');
    await waitFor(() => expect(link).toHaveAccessibleDescription('99 ou mais tarefas atrasadas'));
    expect(link.querySelector('.nav-badge')).toHaveTextContent('99+');
  });

  it('shows no badge when nothing is overdue', async () => {
    const api = mockApi({ 'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 3 }) });
    renderApp('/sobre-nos');
    await waitFor(() => expect(api.callsTo('GET', '/api/tarefas/resumo')).toHaveLength(1));
    const link = within(nav()).getByRole('link', { name: 'Agenda' });
    expect(link.querySelector('.nav-badge')).toBeNull();
    expect(link).not.toHaveAttribute('aria-describedby');
  });
});

describe('/agenda (open mode: the team’s)', () => {
  it('lists Atrasadas first and counted, then Hoje, Próximos 7 dias, Depois, by the company day', async () => {
    // 21:00 of 27/11/2026 in São Paulo (00:00 of the 28th in UTC).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T00:00:00Z') });
    const api = mockApi({
      'GET /api/tarefas/resumo': json(200, { atrasadas: 2, hoje: 1 }),
      'GET /api/tarefas': json(200, {
        itens: [
          tarefa(1, 'Cobrar proposta', '2026-11-20T13:00:00.000Z'),
          tarefa(2, 'Ligar de volta', '2026-11-27T02:59:00.000Z'),
          tarefa(3, 'Reunião tarde', '2026-11-28T02:30:00.000Z', { tipo: 'reuniao' }),
          tarefa(4, 'Visita semana', '2026-12-01T13:00:00.000Z', { tipo: 'visita' }),
          tarefa(5, 'Retorno longe', '2027-01-10T13:00:00.000Z'),
        ],
        cursor: null,
      }),
    });
    renderApp('/agenda');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
    await screen.findByText('Cobrar proposta');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Atrasadas (2): 2 tarefas', 'Hoje (1): 1 tarefa', 'Próximos 7 dias (1): 1 tarefa', 'Depois (1): 1 tarefa']);
    const section = (name: RegExp) => screen.getByRole('region', { name });
    expect(within(section(/^Atrasadas/)).getAllByRole('article').map((a) => within(a).getByText(/Cobrar|Ligar/).textContent)).toEqual(['Cobrar proposta', 'Ligar de volta']);
    // 23:30 in São Paulo, though 02:30 of the 28th in UTC.
    expect(within(section(/^Hoje/)).getByText(/27\/11\/2026 às 23:30/)).toBeInTheDocument();
    expect(within(section(/^Próximos 7 dias/)).getByText('(em 4 dias)')).toBeInTheDocument();
    // The team's (nobody is "me" with sign-in off): no Minhas / Da equipe choice.
    expect(api.callsTo('GET', '/api/tarefas')).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'De quem' })).toBeNull();
  });

  it('completes a tarefa with its resultado, sending the version it read', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 1 }),
      'GET /api/tarefas': json(200, { itens: [tarefa(9, 'Ligar hoje', new Date(Date.now() + 60_000).toISOString(), { versao: 3 })], cursor: null }),
      'PUT /api/tarefas/9': json(200, tarefa(9, 'Ligar hoje', new Date().toISOString(), { versao: 4, concluida: true })),
    });
    renderApp('/agenda');
    await user.click(await screen.findByRole('button', { name: 'Concluir: Ligar hoje' }));
    await user.type(screen.getByLabelText('Resultado (opcional)'), 'Pediu retorno em janeiro.');
    await user.click(screen.getByRole('button', { name: 'Concluir tarefa' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/tarefas/9')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/tarefas/9')[0]!.body).toEqual({ versao: 3, concluida: true, resultado: 'Pediu retorno em janeiro.' });
  });
});

describe('the agenda by type', () => {
  it('a type chosen goes into the URL and the query (tipo=); Todos os tipos takes it out again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
      'GET /api/tarefas': json(200, { itens: [tarefa(1, 'Reunião de kick-off', '2030-01-10T13:00:00.000Z', { tipo: 'reuniao' })], cursor: null }),
    });
    const tipos = () =>
      api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/tarefas').map((u) => u.searchParams.get('tipo'));
    renderApp('/agenda');
    await screen.findByText('Reunião de kick-off');
    const select = screen.getByLabelText('Tipo');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos os tipos', 'Ligação', 'E-mail', 'Reunião', 'Visita', 'WhatsApp', 'Outro']);
    await user.selectOptions(select, 'reuniao');
    await waitFor(() => expect(currentSearch()).toBe('?tipo=reuniao'));
    await waitFor(() => expect(tipos()).toEqual([null, 'reuniao']));
    await user.selectOptions(screen.getByLabelText('Tipo'), '');
    await waitFor(() => expect(currentSearch()).toBe(''));
    expect(screen.getByLabelText('Tipo')).toHaveValue('');
  });
});

describe('rescheduling from /agenda', () => {
  it('+1 semana keeps the time of day in the company zone; another date is read in that zone too', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
      'GET /api/tarefas': json(200, { itens: [tarefa(5, 'Visitar loja', '2030-03-04T13:00:00.000Z', { versao: 2 })], cursor: null }),
      'PUT /api/tarefas/5': json(200, tarefa(5, 'Visitar loja', '2030-03-11T13:00:00.000Z', { versao: 3 })),
    });
    renderApp('/agenda');
    await user.click(await screen.findByRole('button', { name: 'Adiar: Visitar loja' }));
    await user.click(screen.getByRole('button', { name: '+1 semana' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/tarefas/5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/tarefas/5')[0]!.body).toEqual({ versao: 2, quando: '2030-03-11T10:00:00-03:00' });

    await user.click(await screen.findByRole('button', { name: 'Adiar: Visitar loja' }));
    await user.click(screen.getByRole('button', { name: 'Outra data' }));
    const dia = screen.getByLabelText('Nova data');
    await user.clear(dia);
    await user.type(dia, '2030-04-02');
    const hora = screen.getByLabelText('Hora');
    await user.clear(hora);
    await user.type(hora, '16:30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/tarefas/5')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/tarefas/5')[1]!.body).toEqual({ versao: 2, quando: '2030-04-02T16:30:00-03:00' });
  });
});

describe("the home's today block", () => {
  it('lists the overdue tarefas first, then today’s, each to its client, and counts the rest on /agenda', async () => {
    // 10:00 of 27/11/2026 in São Paulo.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T13:00:00Z') });
    const api = mockApi({
      'GET /api/resumo': json(200, { clientes: 1, vips: 0, soma: 100, categorias: [], semCategoria: { clientes: 1, vips: 0, soma: 100 } }),
      'GET /api/atividades': json(200, []),
      'GET /api/produtos': json(200, []),
      'GET /api/tarefas/resumo': json(200, { atrasadas: 4, hoje: 3 }),
      'GET /api/tarefas': json(200, {
        itens: [
          tarefa(1, 'Cobrar proposta', '2026-11-25T12:00:00.000Z'),
          tarefa(2, 'Ligar às 14h', '2026-11-27T17:00:00.000Z', { tipo: 'reuniao' }),
        ],
        cursor: '2',
      }),
    });
    renderApp('/home');
    const panel = await screen.findByRole('region', { name: 'Suas tarefas de hoje' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Ligação Cobrar proposta · Padaria SolAtrasada · 25/11/2026 às 09:00', 'Reunião Ligar às 14h · Padaria Sol14:00']);
    expect(within(rows[0]!).getByRole('link', { name: 'Padaria Sol' })).toHaveAttribute('href', '/clientes/7');
    expect(within(panel).getByRole('link', { name: 'e mais 5 tarefas na agenda' })).toHaveAttribute('href', '/agenda');
    expect(api.callsTo('GET', '/api/tarefas')).toHaveLength(1);
  });
});

describe('/agenda signed in', () => {
  afterEach(() => sessionStorage.clear());

  it('shows Minhas (responsavel=me) first; Da equipe reads the team’s and says so in the URL', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens('ana@empresa.com.br', { refresh: null }) },
      api: {
        'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
        'GET /api/tarefas': json(200, { itens: [tarefa(1, 'Ligar', '2030-01-10T13:00:00.000Z', { responsavel: 'ana@empresa.com.br' })], cursor: null }),
        'GET /api/equipe': json(200, [{ email: 'ana@empresa.com.br' }]),
      },
    });
    renderApp('/agenda', { auth: CONFIG });
    await screen.findByText('Ligar');
    const all = () => be.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/tarefas');
    const urls = () => all().filter((u) => !u.searchParams.has('semResponsavelAtivo'));
    expect(urls().map((u) => u.searchParams.get('responsavel'))).toEqual(['me']);
    expect(urls()[0]!.searchParams.get('status')).toBe('pendente');
    const minhas = screen.getByRole('button', { name: 'Minhas' });
    expect(minhas).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Da equipe' }));
    await waitFor(() => expect(currentSearch()).toBe('?escopo=equipe'));
    await waitFor(() => expect(urls()).toHaveLength(2));
    expect(urls()[1]!.searchParams.has('responsavel')).toBe(false);
    // And the tarefas of people no longer active, found by the server (never in Minhas).
    await waitFor(() => expect(all().filter((u) => u.searchParams.get('semResponsavelAtivo') === '1')).toHaveLength(1));
    // The team's view names who does each.
    expect(await screen.findByText('Responsável: ana@empresa.com.br')).toBeInTheDocument();
  });
});

describe('deleting a tarefa, with Desfazer as for clients', () => {
  it('Excluir on /agenda: the client-style toast, the Desfazer bar, the trash restore, and the tarefa back in every read', async () => {
    const user = userEvent.setup();
    const t = tarefa(9, 'Ligar hoje', '2030-01-10T13:00:00.000Z', { versao: 3 });
    const api = mockApi({
      'GET /api/tarefas/resumo': [json(200, { atrasadas: 0, hoje: 1 }), json(200, { atrasadas: 0, hoje: 0 }), json(200, { atrasadas: 0, hoje: 1 })],
      'GET /api/tarefas': [json(200, { itens: [t], cursor: null }), json(200, { itens: [], cursor: null }), json(200, { itens: [{ ...t, versao: 4 }], cursor: null })],
      'DELETE /api/tarefas/9': new Response(null, { status: 204 }),
      'POST /api/lixeira/tarefa/9/restaurar': json(200, { tipo: 'tarefa', registro: { ...t, versao: 4 } }),
    });
    renderApp('/agenda?tipo=ligacao');
    await user.click(await screen.findByRole('button', { name: 'Excluir: Ligar hoje' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/tarefas/9')).toHaveLength(1));
    // The clients' toast style and lifetime (TOAST_DURATION.app), then the bar on the same page and view.
    await waitFor(() => expect(visibleToast('Tarefa apagada com sucesso')?.dataset.duration).toBe(String(TOAST_DURATION.app)));
    const bar = await screen.findByText(ACOES_TEXTS.undo.tarefa);
    expect(bar.closest('.undo-bar')).not.toBeNull();
    expect(currentPath()).toBe('/agenda');
    expect(currentSearch()).toBe('?tipo=ligacao');
    await waitFor(() => expect(screen.queryByText('Ligar hoje')).toBeNull());
    // The badge's and the sections' counts read again after the delete.
    await waitFor(() => expect(api.callsTo('GET', '/api/tarefas/resumo').length).toBeGreaterThanOrEqual(2));

    await user.click(screen.getByRole('button', { name: ACOES_TEXTS.undo.actionLabel('Ligar hoje') }));
    await waitFor(() => expect(visibleToast(ACOES_TEXTS.toast.restored)).toBeDefined());
    expect(api.callsTo('POST', '/api/lixeira/tarefa/9/restaurar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(ACOES_TEXTS.undo.tarefa)).toBeNull());
    expect(await screen.findByText('Ligar hoje')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tarefas/resumo').length).toBeGreaterThanOrEqual(3);
  });

  it('a refused delete says why with the error toast, keeps the tarefa and shows no bar', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
      'GET /api/tarefas': json(200, { itens: [tarefa(4, 'Visitar', '2030-01-10T13:00:00.000Z')], cursor: null }),
      'DELETE /api/tarefas/4': json(403, { mensagem: 'Só o responsável pela tarefa ou um administrador pode fazer isso.' }),
    });
    renderApp('/agenda');
    await user.click(await screen.findByRole('button', { name: 'Excluir: Visitar' }));
    await waitFor(() => expect(visibleToast('Erro ao deletar a tarefa')).toBeDefined());
    expect(screen.queryByText(ACOES_TEXTS.undo.tarefa)).toBeNull();
    expect(screen.getByText('Visitar')).toBeInTheDocument();
  });

  it('signed in, Excluir shows on one’s own tarefas and, for an administrator, on everyone’s', () => {
    const t = { responsavel: 'ana@empresa.com.br' };
    const signed = (email: string, admin: boolean) => ({ status: 'signedIn', user: { email, admin } }) as unknown as Session;
    expect(mayDeleteTarefa(signed('Ana@Empresa.com.br', false), t)).toBe(true);
    expect(mayDeleteTarefa(signed('bia@empresa.com.br', false), t)).toBe(false);
    expect(mayDeleteTarefa(signed('bia@empresa.com.br', true), t)).toBe(true);
    expect(mayDeleteTarefa({ status: 'off' } as Session, t)).toBe(true);
  });

  it('signed in as a colleague: no Excluir on another’s tarefa in Da equipe, Excluir on one’s own', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({
      cognito: { InitiateAuth: () => tokens('bia@empresa.com.br', { refresh: null }) },
      api: {
        'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
        'GET /api/tarefas': (_body, _auth, url) =>
          json(200, {
            itens: url.searchParams.has('semResponsavelAtivo')
              ? []
              : [
                  tarefa(1, 'Da Ana', '2030-01-10T13:00:00.000Z', { responsavel: 'ana@empresa.com.br' }),
                  tarefa(2, 'Da Bia', '2030-01-11T13:00:00.000Z', { responsavel: 'bia@empresa.com.br' }),
                ],
            cursor: null,
          }),
        'GET /api/equipe': json(200, [{ email: 'ana@empresa.com.br' }, { email: 'bia@empresa.com.br' }]),
      },
    });
    renderApp('/agenda?escopo=equipe', { auth: CONFIG });
    await screen.findByText('Da Ana');
    expect(screen.queryByRole('button', { name: 'Excluir: Da Ana' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir: Da Bia' })).toBeInTheDocument();
    sessionStorage.clear();
  });
});

describe('"Sem responsável ativo" in Da equipe', () => {
  afterEach(() => sessionStorage.clear());
  const orfa = tarefa(3, 'Visitar a loja', '2030-01-12T13:00:00.000Z', { responsavel: 'saiu@empresa.com.br', versao: 5 });
  // Far beyond the agenda's first pages: only the server's filter finds it.
  const longe = tarefa(8, 'Renovar contrato', '2030-03-20T13:00:00.000Z', { responsavel: 'nunca@empresa.com.br' });
  const ativa = tarefa(1, 'Ligar', '2030-01-10T13:00:00.000Z', { responsavel: 'ana@empresa.com.br' });
  /** The team's pages and, for `semResponsavelAtivo=1`, `orfas` (pages by cursor). */
  const backend = (email: string, admin: boolean, orfas: Record<string, { itens: unknown[]; cursor: string | null }> = { '': { itens: [orfa, longe], cursor: null } }) => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    return fakeBackend({
      cognito: { InitiateAuth: () => tokens(email, { admin, refresh: null }) },
      api: {
        'GET /api/tarefas/resumo': json(200, { atrasadas: 0, hoje: 0 }),
        'GET /api/tarefas': (_body, _auth, url) =>
          url.searchParams.get('semResponsavelAtivo') === '1'
            ? json(200, orfas[url.searchParams.get('cursor') ?? '']!)
            : json(200, { itens: [ativa, orfa], cursor: 'mais-da-equipe' }),
        'GET /api/equipe': json(200, [{ email: 'ana@empresa.com.br' }, { email: 'chefe@empresa.com.br' }]),
        'PUT /api/tarefas/3': json(200, { ...orfa, responsavel: 'ana@empresa.com.br', versao: 6 }),
      },
    });
  };
  const orfasUrls = (be: ReturnType<typeof backend>) =>
    be.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/tarefas' && u.searchParams.has('semResponsavelAtivo'));

  it('reads them from the server (semResponsavelAtivo=1, pending, the type too), whatever their date, out of the date sections; an administrator reassigns one', async () => {
    const user = userEvent.setup();
    const be = backend('chefe@empresa.com.br', true);
    renderApp('/agenda?escopo=equipe&tipo=ligacao', { auth: CONFIG });
    const secao = await screen.findByRole('region', { name: /^Sem responsável ativo \(2\)/ });
    expect(within(secao).getAllByRole('article').map((a) => within(a).getByText(/Visitar|Renovar/).textContent)).toEqual(['Visitar a loja', 'Renovar contrato']);
    const [url] = orfasUrls(be);
    expect(Object.fromEntries(url!.searchParams)).toEqual({ status: 'pendente', tipo: 'ligacao', semResponsavelAtivo: '1', limit: String(LIMITS.tarefa.page.max) });
    expect(within(screen.getByRole('region', { name: /^Depois/ })).queryByText('Visitar a loja')).toBeNull();
    expect(within(screen.getByRole('region', { name: /^Depois/ })).getByText('Ligar')).toBeInTheDocument();
    const para = within(secao).getAllByLabelText('Reatribuir para')[0]!;
    expect(within(para).getAllByRole('option').map((o) => o.textContent)).toEqual(['Responsável', 'ana@empresa.com.br', 'chefe@empresa.com.br']);
    await user.selectOptions(para, 'ana@empresa.com.br');
    await user.click(within(secao).getAllByRole('button', { name: 'Reatribuir' })[0]!);
    await waitFor(() => expect(be.fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true));
    const put = be.fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(new URL(String(put[0]), 'http://localhost').pathname).toBe('/api/tarefas/3');
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ versao: 5, responsavel: 'ana@empresa.com.br' });
    // The section reads again after the reassignment.
    await waitFor(() => expect(orfasUrls(be).length).toBeGreaterThanOrEqual(2));
  });

  it('follows the cursor on its own through pages the server found none in, and no further than a page’s worth: then Mostrar mais', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: LIMITS.tarefa.page.max }, (_, i) => tarefa(100 + i, `Órfã ${i}`, `2030-02-${String(1 + (i % 28)).padStart(2, '0')}T13:00:00.000Z`, { responsavel: 'saiu@empresa.com.br' }));
    const be = backend('chefe@empresa.com.br', true, {
      '': { itens: [], cursor: 'c1' },
      c1: { itens: [orfa], cursor: 'c2' },
      c2: { itens: many, cursor: 'c3' },
      c3: { itens: [longe], cursor: null },
    });
    renderApp('/agenda?escopo=equipe', { auth: CONFIG });
    // (Text queries: role queries over a hundred items are slow in jsdom.)
    await screen.findByText(`Órfã ${many.length - 1}`, undefined, { timeout: 10_000 });
    const secao = document.getElementById('agenda-sem-responsavel')!.closest('section')!;
    // More on the server: the count says so.
    expect(secao.querySelector('h2')!.textContent).toBe(`Sem responsável ativo (${1 + many.length}+): ${1 + many.length} tarefas ou mais`);
    expect(orfasUrls(be).map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c1', 'c2']);
    expect(within(secao).queryByText('Renovar contrato')).toBeNull();
    await user.click(within(secao).getByText(APP_TEXTS.common.showMore).closest('button')!);
    expect(await within(secao).findByText('Renovar contrato', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(orfasUrls(be).map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c1', 'c2', 'c3']);
    expect(within(secao).queryByText(APP_TEXTS.common.showMore)).toBeNull();
    expect(secao.querySelector('h2')!.textContent).toBe(`Sem responsável ativo (${2 + many.length}): ${2 + many.length} tarefas`);
  });

  it('shows them to a colleague too, without the reassignment (only an administrator may)', async () => {
    backend('ana@empresa.com.br', false);
    renderApp('/agenda?escopo=equipe', { auth: CONFIG });
    const secao = await screen.findByRole('region', { name: /^Sem responsável ativo \(2\)/ });
    expect(within(secao).getByText('Visitar a loja')).toBeInTheDocument();
    expect(within(secao).getByText('Renovar contrato')).toBeInTheDocument();
    expect(within(secao).queryByLabelText('Reatribuir para')).toBeNull();
    expect(within(secao).queryByRole('button', { name: 'Excluir: Visitar a loja' })).toBeNull();
  });

  it('is not asked for in Minhas (the open mode reads /tarefas once: see above)', async () => {
    const be = backend('ana@empresa.com.br', false);
    renderApp('/agenda', { auth: CONFIG });
    await screen.findByText('Ligar');
    expect(orfasUrls(be)).toEqual([]);
    expect(screen.queryByRole('region', { name: /^Sem responsável ativo/ })).toBeNull();
    sessionStorage.clear();
  });
});
