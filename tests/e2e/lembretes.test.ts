/**
 * Minha conta's reminders in Chromium, against the auth-on server: a person turns the private
 * calendar URL on, copies it, a calendar app (here: ical.js over a plain fetch, no token) reads
 * their pending tarefa from it, they revoke it (404 at once) and turn the morning e-mail off (kept
 * after a reload); at 375 px the URL and its button stay in the page. In the open mode there are
 * no such controls. A member signs in (no TOTP wait).
 */
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import type { Cliente, Tarefa } from '../../lambdas/contract/index.ts';
import { API_BASE_PATH } from '../../lambdas/routes.ts';
import { signIn } from '../support/cognito.ts';
import { AUTH, member, newEmail, signInOnPage } from './support/auth.ts';
import { describeBrowser, expectPath, MOBILE, toast, useBrowser, visible } from './support/harness.ts';

const TEXTS = {
  heading: 'Agenda no seu calendário',
  enable: 'Gerar endereço do calendário',
  url: 'Endereço privado do calendário',
  email: 'Receber às 07:30 um e-mail com as minhas tarefas atrasadas e as de hoje',
};

/** A member with a client and one pending tarefa of theirs, made through the API with their own token. */
async function personWithTarefa(): Promise<{ email: string; password: string; nome: string }> {
  const who = await member(newEmail('agenda'));
  const { AccessToken } = await signIn(`${AUTH.baseUrl}/cognito/`, AUTH.pool.clientId, who.email, who.password);
  const post = async <T,>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${AUTH.baseUrl}${API_BASE_PATH}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${AccessToken}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} -> ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const nome = `Padaria ${who.email.split('@')[0]}`;
  const cliente = await post<Cliente>('/produtos', { nome, valorContrato: 1000, categoria: null });
  await post<Tarefa>('/tarefas', { cliente: cliente.id, tipo: 'ligacao', descricao: 'Retornar a proposta', quando: '2027-03-10T13:00:00.000Z', duracaoMin: 30, responsavel: who.email });
  return { ...who, nome };
}

describeBrowser('Minha conta: the calendar feed and the morning e-mail (sign-in on)', () => {
  const { open } = useBrowser();

  it('turns the calendar URL on, copies it, the feed holds the tarefa; revoked, it answers 404 at once; the morning e-mail turned off stays off', async () => {
    const who = await personWithTarefa();
    const { page, context } = await open({ baseURL: AUTH.baseUrl });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: AUTH.baseUrl });
    await page.goto('/minha-conta');
    await signInOnPage(page, who.email, who.password);
    await expectPath(page, '/minha-conta');
    const section = page.getByRole('region', { name: TEXTS.heading });
    await visible(section);
    await visible(section.getByText('Desativado.'));
    await visible(section.getByText('atualizam as assinaturas no ritmo deles: uma mudança pode levar até um dia'));

    await section.getByRole('button', { name: TEXTS.enable }).click();
    await visible(toast(page, 'Endereço do calendário gerado!'));
    const field = section.getByLabel(TEXTS.url);
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${AUTH.baseUrl}/api/calendario/[A-Za-z0-9_-]{43}\\.ics$`));
    await visible(section.getByText('não será mostrado de novo'));
    await section.getByRole('button', { name: 'Copiar endereço' }).click();
    await visible(toast(page, 'Endereço copiado!'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // A calendar app's fetch: no token, no cookie.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual([`Ligação: ${who.nome}`]);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2027-03-10T13:00:00.000Z');

    await section.getByRole('button', { name: 'Revogar endereço' }).click();
    await visible(section.getByText('Ele para de funcionar na hora'));
    await section.getByRole('button', { name: 'Confirmar' }).click();
    await visible(toast(page, 'Endereço do calendário revogado.'));
    await visible(section.getByText('Desativado.'));
    expect(await field.count()).toBe(0);
    expect((await fetch(url)).status).toBe(404);

    const email = page.getByRole('region', { name: 'E-mail da manhã' }).getByLabel(TEXTS.email);
    await expect.poll(() => email.isChecked()).toBe(true);
    await email.uncheck();
    await visible(toast(page, 'E-mail da manhã desativado.'));
    await page.reload();
    await visible(page.getByRole('region', { name: 'E-mail da manhã' }));
    await expect.poll(() => page.getByLabel(TEXTS.email).isChecked()).toBe(false);
  });

  it('at 375 px the new URL and its copy button stay inside the page', async () => {
    const who = await member(newEmail('agenda375'));
    const { page } = await open({ baseURL: AUTH.baseUrl, viewport: MOBILE });
    await page.goto('/minha-conta');
    await signInOnPage(page, who.email, who.password);
    await expectPath(page, '/minha-conta');
    await page.getByRole('button', { name: TEXTS.enable }).click();
    const field = page.getByLabel(TEXTS.url);
    await visible(field);
    for (const box of [await field.boundingBox(), await page.getByRole('button', { name: 'Copiar endereço' }).boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});

describeBrowser('Minha conta in the open mode', () => {
  const { open } = useBrowser();

  it('has no calendar or morning e-mail controls (the open mode has neither)', async () => {
    const { page } = await open();
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await page.goto('/minha-conta');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(TEXTS.heading).count()).toBe(0);
    expect(await page.getByText(TEXTS.email).count()).toBe(0);
  });
});
