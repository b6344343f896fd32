/**
 * Tarefas in Chromium against the production build and the real API: /agenda's sections (in the
 * company's time zone, whatever the browser's) with complete, reschedule and open-the-client; the
 * client page's next tarefa and one timeline (Nova tarefa, Registrar interação, Excluir and
 * Desfazer) at 375 and
 * 1440 px; the Agenda link's overdue badge in the administrator's bar at 1440 px and the phone menu
 * at 375 px, nothing overflowing; a disabled colleague's tarefa under "Sem responsável ativo",
 * reassigned by the administrator.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Cliente, Tarefa, TarefasResumo } from '../../lambdas/contract/index.ts';
import { API_BASE_PATH } from '../../lambdas/routes.ts';
import { callCognito } from '../support/cognito.ts';
import { createProduto, token } from './support/api.ts';
import { AUTH, signInOnPage } from './support/auth.ts';
import { browserDate, DESKTOP, describeBrowser, E2E, expectPath, heading, loaded, MOBILE, toast, useBrowser, visible } from './support/harness.ts';

/** The browser runs in a zone other than the company's (the server's default, São Paulo) on purpose. */
const OTHER_ZONE = 'Asia/Tokyo';

async function api<T>(method: string, path: string, body?: unknown, base = E2E.baseUrl, bearer?: string): Promise<T> {
  const res = await fetch(`${base}${API_BASE_PATH}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A tarefa `days` from today in the company's zone, at `time` there (São Paulo is UTC-3 all year). */
const quando = (days: number, time: string) => `${browserDate(days)}T${time}:00-03:00`;

const createTarefa = (cliente: Cliente, descricao: string, q: string, extra: Record<string, unknown> = {}) =>
  api<Tarefa>('POST', '/tarefas', { cliente: cliente.id, tipo: 'ligacao', descricao, quando: q, ...extra });

/** Everything that sticks out of the window sideways. */
async function overflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > w) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${w}`);
    for (const el of document.querySelectorAll('main *, header *')) {
      const r = el.getBoundingClientRect();
      // Text cut by an ellipsis inside a box that fits is not sticking out (its inline parts are laid out whole).
      const clipped = (() => {
        for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= w + 1) return true;
        return false;
      })();
      if (r.width > 0 && r.right > w + 1 && !clipped && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden')) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  }, width);
}

/** axe-core's serious and critical findings on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The agenda section titled `title` (its h2 starts with it). */
const secao = (page: Page, title: string) => page.locator('main section.agenda-secao').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) }) });

describeBrowser('agenda and the client timeline (open mode)', () => {
  const { open } = useBrowser();

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])(
    '/agenda at $viewport.width px, the browser in another time zone: sections by the company day, complete with a resultado, +1 dia, open the client',
    async ({ viewport }) => {
      const tok = token();
      const c = await createProduto({ nome: `Agenda ${tok}` });
      await createTarefa(c, `Atrasada ${tok}`, quando(-2, '09:00'));
      // 23:30 in São Paulo is already the next day in UTC and in Tokyo: still today's.
      await createTarefa(c, `Noite ${tok}`, quando(0, '23:30'));
      await createTarefa(c, `Semana ${tok}`, quando(3, '10:00'));
      await createTarefa(c, `Longe ${tok}`, quando(20, '10:00'));

      const { page } = await open({ viewport, timezoneId: OTHER_ZONE });
      await page.goto('/agenda');
      await visible(page.getByRole('heading', { level: 1, name: 'Agenda' }));
      await loaded(page);
      const names = await page.locator('main section.agenda-secao h2').allTextContents();
      // Atrasadas first; then Hoje, Próximos 7 dias, Depois.
      expect(names.map((n) => n.replace(/\s*\(.*$/s, ''))).toEqual(['Atrasadas', 'Hoje', 'Próximos 7 dias', 'Depois']);
      const atrasadas = secao(page, 'Atrasadas');
      await visible(atrasadas.getByText(`Atrasada ${tok}`));
      // Counted: the title's number is the API's count of the team's overdue ones.
      const resumo = await api<TarefasResumo>('GET', '/tarefas/resumo');
      expect(await atrasadas.locator('h2').textContent()).toContain(`(${resumo.atrasadas})`);
      const hoje = secao(page, 'Hoje');
      await visible(hoje.getByText(`Noite ${tok}`));
      await visible(hoje.locator('article', { hasText: `Noite ${tok}` }).getByText(`${browserDate(0).split('-').reverse().join('/')} às 23:30`));
      await visible(secao(page, 'Próximos 7 dias').getByText(`Semana ${tok}`));
      await visible(secao(page, 'Próximos 7 dias').locator('article', { hasText: `Semana ${tok}` }).getByText('(em 3 dias)'));
      await visible(secao(page, 'Depois').getByText(`Longe ${tok}`));
      expect(await overflow(page, viewport.width)).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);

      // Complete the overdue one, telling what happened.
      const late = atrasadas.locator('article', { hasText: `Atrasada ${tok}` });
      await late.getByRole('button', { name: `Concluir: Atrasada ${tok}` }).click();
      await late.getByLabel('Resultado (opcional)').fill('Cliente pediu proposta.');
      await late.getByRole('button', { name: 'Concluir tarefa' }).click();
      await visible(toast(page, 'Tarefa concluída!'));
      await expect.poll(() => page.getByText(`Atrasada ${tok}`).count()).toBe(0);
      const done = (await api<{ itens: Tarefa[] }>('GET', `/tarefas?cliente=${c.id}&status=concluida`)).itens;
      expect(done.map((t) => [t.descricao, t.resultado])).toEqual([[`Atrasada ${tok}`, 'Cliente pediu proposta.']]);

      // +1 dia: tomorrow at the same time in São Paulo, so into Próximos 7 dias.
      const night = secao(page, 'Hoje').locator('article', { hasText: `Noite ${tok}` });
      await night.getByRole('button', { name: `Adiar: Noite ${tok}` }).click();
      await night.getByRole('button', { name: '+1 dia' }).click();
      await visible(toast(page, `Tarefa adiada para ${browserDate(1).split('-').reverse().join('/')} às 23:30.`));
      await visible(secao(page, 'Próximos 7 dias').getByText(`Noite ${tok}`));
      const moved = (await api<{ itens: Tarefa[] }>('GET', `/tarefas?cliente=${c.id}&status=pendente`)).itens.find((t) => t.descricao === `Noite ${tok}`)!;
      expect(new Date(moved.quando).toISOString()).toBe(new Date(quando(1, '23:30')).toISOString());

      // Open the client.
      await secao(page, 'Próximos 7 dias').locator('article', { hasText: `Semana ${tok}` }).getByRole('link', { name: `Abrir o cliente ${c.nome}` }).first().click();
      await expectPath(page, `/clientes/${c.id}`);
      await visible(page.getByRole('heading', { level: 1, name: c.nome }));
    },
  );

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('the client page at $viewport.width px: next tarefa, Nova tarefa, Registrar interação, one timeline', async ({ viewport }) => {
    const tok = token();
    const c = await createProduto({ nome: `Linha ${tok}` });
    const { page } = await open({ viewport, timezoneId: OTHER_ZONE });
    await page.goto(`/clientes/${c.id}`);
    await visible(page.getByRole('heading', { level: 1, name: c.nome }));
    const main = page.locator('main');
    await visible(main.getByText('Sem próxima tarefa'));
    const timeline = main.locator('section.cliente-timeline');
    await visible(timeline.getByRole('heading', { name: 'Tarefas e histórico' }));
    await visible(timeline.getByText('criou o registro'));
    // Read-only until a form is asked for.
    expect(await main.locator('input, textarea, select').count()).toBe(0);

    // Nova tarefa: tomorrow at 10:00 in the company's zone.
    await timeline.getByRole('button', { name: 'Nova tarefa' }).click();
    const form = timeline.getByRole('form', { name: 'Nova tarefa' });
    await form.getByLabel('Descrição').fill(`Ligar ${tok}`);
    await form.getByLabel('Data').fill(browserDate(1));
    await form.getByLabel('Hora').fill('10:00');
    expect(await overflow(page, viewport.width)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await form.getByRole('button', { name: 'Salvar tarefa' }).click();
    await visible(toast(page, 'Tarefa criada!'));
    await visible(main.locator('.cliente-proxima').getByText('Ligação amanhã às 10:00'));
    await visible(timeline.locator('.timeline-pendentes').getByText(`Ligar ${tok}`));
    const created = (await api<{ itens: Tarefa[] }>('GET', `/tarefas?cliente=${c.id}`)).itens;
    expect(created.map((t) => [t.descricao, t.quando, t.concluida])).toEqual([[`Ligar ${tok}`, new Date(quando(1, '10:00')).toISOString(), false]]);

    // Registrar interação: a call an hour ago, done, with what came of it.
    await timeline.getByRole('button', { name: 'Registrar interação' }).click();
    const log = timeline.getByRole('form', { name: 'Registrar interação' });
    await log.getByLabel('Tipo').selectOption('reuniao');
    await log.getByLabel('Descrição').fill(`Reunião ${tok}`);
    await log.getByLabel('Data').fill(browserDate(-1));
    await log.getByLabel('Hora').fill('15:00');
    await log.getByLabel('Resultado').fill('Fechou a renovação.');
    await log.getByRole('button', { name: 'Registrar', exact: true }).click();
    await visible(toast(page, 'Interação registrada!'));
    const past = timeline.locator('ol.timeline > li');
    await visible(past.filter({ hasText: `Reunião ${tok}` }));
    // Newest first: the record was created today, after yesterday's meeting.
    const texts = await past.allTextContents();
    const meeting = texts.findIndex((t) => t.includes(`Reunião ${tok}`));
    const createdAt = texts.findIndex((t) => t.includes('criou o registro'));
    expect(meeting).toBeGreaterThan(createdAt);
    await visible(past.filter({ hasText: `Reunião ${tok}` }).getByText('Fechou a renovação.'));
    // The next tarefa is still tomorrow's call (a done one never is).
    await visible(main.locator('.cliente-proxima').getByText('Ligação amanhã às 10:00'));
    expect(await overflow(page, viewport.width)).toEqual([]);

    // Excluir the call: the clients' toast, the Desfazer bar, no next tarefa; Desfazer brings it all back.
    await timeline.getByRole('button', { name: `Excluir: Ligar ${tok}` }).click();
    await visible(toast(page, 'Tarefa apagada com sucesso'));
    const bar = timeline.locator('.undo-bar', { hasText: 'Tarefa deletada.' });
    await visible(bar);
    await visible(main.locator('.cliente-proxima').getByText('Sem próxima tarefa'));
    await expect.poll(() => timeline.locator('.timeline-pendentes').count()).toBe(0);
    expect(await overflow(page, viewport.width)).toEqual([]);
    await bar.getByRole('button', { name: `Desfazer: restaurar Ligar ${tok}` }).click();
    await visible(toast(page, 'Registro restaurado.'));
    await expect.poll(() => bar.count()).toBe(0);
    await visible(timeline.locator('.timeline-pendentes').getByText(`Ligar ${tok}`));
    await visible(main.locator('.cliente-proxima').getByText('Ligação amanhã às 10:00'));

    // The list's card says it too, and "Sem próxima tarefa" filters it out.
    await page.goto(`/clientes?q=${tok}`);
    await loaded(page);
    const card = main.getByRole('article').filter({ hasText: c.nome });
    await visible(card.getByText('Ligação amanhã às 10:00'));
    await page.getByRole('button', { name: 'Sem próxima tarefa' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('semProximaTarefa')).toBe('1');
    await expect.poll(() => card.count()).toBe(0);
  });

  it('the Agenda link counts the overdue tarefas; at 375 px the phone menu holds it without overflowing', async () => {
    const tok = token();
    const c = await createProduto({ nome: `Badge ${tok}` });
    await createTarefa(c, `Badge ${tok}`, quando(-1, '09:00'));
    const { atrasadas } = await api<TarefasResumo>('GET', '/tarefas/resumo');
    const { page } = await open({ viewport: MOBILE });
    await page.goto('/home');
    await visible(heading(page));
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('button', { name: /menu/i }).click();
    const link = nav.getByRole('link', { name: 'Agenda', exact: true });
    await visible(link);
    const shown = atrasadas > 99 ? '99+' : String(atrasadas);
    await visible(link.locator('.nav-badge', { hasText: shown }));
    expect(await link.getAttribute('aria-describedby')).toBeTruthy();
    expect(await overflow(page, MOBILE.width)).toEqual([]);
    await link.click();
    await expectPath(page, '/agenda');
    await visible(page.getByRole('heading', { level: 1, name: 'Agenda' }));
  });
});

describeBrowser('the Agenda link in the administrator’s bar (sign-in on)', () => {
  const { open } = useBrowser();

  it('at 1440 px every entry, the badge included, shows on one line inside the window', async () => {
    const { page } = await open({ viewport: DESKTOP, baseURL: AUTH.baseUrl });
    await page.goto('/entrar');
    await signInOnPage(page, AUTH.admin.email, AUTH.admin.password, true);
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/entrar');
    // The kept session's refresh token gives this test its own access token (no second code).
    const refresh = await page.evaluate(() => localStorage.getItem('clientela.sessao'));
    const auth = await callCognito<{ AuthenticationResult: { AccessToken: string } }>(`${AUTH.baseUrl}/cognito/`, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: AUTH.pool.clientId,
      AuthParameters: { REFRESH_TOKEN: refresh },
    });
    const bearer = auth.body.AuthenticationResult.AccessToken;
    const tok = token();
    const c = await api<Cliente>('POST', '/produtos', { nome: `Barra ${tok}`, segmento: 'Varejo', pontoFocal: 'Maria', valorContrato: 5000, categoria: null }, AUTH.baseUrl, bearer);
    await api<Tarefa>('POST', '/tarefas', { cliente: c.id, tipo: 'visita', descricao: `Visita ${tok}`, quando: quando(-3, '11:00') }, AUTH.baseUrl, bearer);

    await page.goto('/home');
    await visible(page.getByRole('button', { name: 'Sair' }));
    const nav = page.getByRole('navigation').first();
    const agenda = nav.getByRole('link', { name: 'Agenda', exact: true });
    await visible(agenda.locator('.nav-badge'));
    const entries = [
      ...['Sobre nós', 'Listar clientes', 'Cadastrar clientes', 'Listar categorias', 'Cadastrar categorias', 'Agenda', 'Contratos a renovar', 'Lixeira', 'Usuários'].map((name) =>
        nav.getByRole('link', { name, exact: true }),
      ),
      nav.getByRole('link', { name: new RegExp(AUTH.admin.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
      nav.getByRole('button', { name: 'Sair' }),
    ];
    const check = async () => {
      const boxes = [];
      for (const e of entries) {
        expect(await e.isVisible()).toBe(true);
        boxes.push((await e.boundingBox())!);
      }
      for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(Math.max(...boxes.map((b) => b.y))).toBeLessThan(Math.min(...boxes.map((b) => b.y + b.height)));
      expect(await overflow(page, DESKTOP.width)).toEqual([]);
    };
    await check();
    // The widest the badge gets ("99+", past 99 overdue) still fits.
    await agenda.locator('.nav-badge').evaluate((b) => (b.textContent = '99+'));
    await check();

    // "Sem responsável ativo": a colleague's tarefa due in 30 days (beyond the week the agenda reads
    // first), the colleague then disabled, is found by the server and gathers under its heading in
    // Da equipe, where the administrator reassigns it (back among the dates).
    const saiu = `saiu-${tok}@empresa.com.br`.toLowerCase();
    await api('POST', '/usuarios', { email: saiu }, AUTH.baseUrl, bearer);
    await api<Tarefa>('POST', '/tarefas', { cliente: c.id, tipo: 'ligacao', descricao: `Órfã ${tok}`, quando: quando(30, '10:00'), responsavel: saiu }, AUTH.baseUrl, bearer);
    await api('PUT', `/usuarios/${encodeURIComponent(saiu)}/ativo`, { ativo: false }, AUTH.baseUrl, bearer);
    const found = await api<{ itens: Tarefa[] }>('GET', '/tarefas?semResponsavelAtivo=1', undefined, AUTH.baseUrl, bearer);
    expect(found.itens.map((t) => t.descricao)).toContain(`Órfã ${tok}`);
    await page.goto('/agenda?escopo=equipe');
    const orfa = page.locator('section.secao-sem-responsavel article', { hasText: `Órfã ${tok}` });
    await visible(orfa);
    expect(await secao(page, 'Depois').getByText(`Órfã ${tok}`).count()).toBe(0);
    await orfa.getByLabel('Reatribuir para').selectOption(AUTH.admin.email);
    await orfa.getByRole('button', { name: 'Reatribuir', exact: true }).click();
    await visible(toast(page, `Tarefa reatribuída para ${AUTH.admin.email}.`));
    await visible(secao(page, 'Depois').getByText(`Órfã ${tok}`));
    await expect.poll(() => orfa.count()).toBe(0);
  });
});
