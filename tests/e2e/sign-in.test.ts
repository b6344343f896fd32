/**
 * Sign-in in Chromium, against the production build served with sign-in on
 * (cognito-local behind the same-origin /cognito/ proxy, the production CSP): landing on the page
 * first asked for, a wrong password, a first sign-in with the invitation's temporary password, a
 * forgotten password with the e-mailed code, a member without "Usuários", a token renewed while
 * the app is open (page.clock), Sair then Back showing nothing, and an administrator inviting a
 * person through the users page who then signs in.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { token } from './support/api.ts';
import { AUTH, createCliente, invite, mailTo, member, newEmail, signInOnPage, strongPassword } from './support/auth.ts';
import { card, describeBrowser, expectPath, heading, search, toast, useBrowser, visible } from './support/harness.ts';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const STORAGE_KEY = 'clientela.sessao';
const kept = (page: Page) => page.evaluate((k) => [localStorage.getItem(k), sessionStorage.getItem(k)], STORAGE_KEY);

describeBrowser('sign-in (sign-in on)', () => {
  const { open } = useBrowser();
  const session = () => open({ baseURL: AUTH.baseUrl });

  it('sends an anonymous visit to /entrar and, signed in, lands on the page first asked for', async () => {
    const { page } = await session();
    const configLoads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/config.json') configLoads.push(r.resourceType());
    });
    await page.goto('/categorias?ordem=nome');
    await expectPath(page, '/entrar');
    expect(new URL(page.url()).searchParams.get('destino')).toBe('/categorias?ordem=nome');
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar na Clientela' }));
    // One request for the configuration: the page's preload (beside the scripts), which the app's fetch takes over.
    expect(configLoads).toEqual(['other']);
    await signInOnPage(page, AUTH.admin.email.toUpperCase(), AUTH.admin.password);
    await expectPath(page, '/categorias');
    expect(new URL(page.url()).search).toBe('?ordem=nome');
    await visible(nav(page).getByRole('button', { name: 'Sair' }));
    await visible(nav(page).getByRole('link', { name: new RegExp(AUTH.admin.email) }));
    // Signed in, the bar holds more: every entry it shows stays inside the window, on one line.
    const width = page.viewportSize()!.width;
    const boxes = await nav(page).locator('a:visible, button:visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (const b of boxes) expect(b.right, JSON.stringify(b)).toBeLessThanOrEqual(width);
    // Inside the bar's frame too: its padding is the page's gutter ('Sair' once stuck 26 px into it).
    const frameRight = await nav(page).evaluate((n) => n.getBoundingClientRect().right - parseFloat(getComputedStyle(n).paddingRight));
    expect(boxes).toHaveLength(12);
    for (const b of boxes) expect(b.right, JSON.stringify(b)).toBeLessThanOrEqual(frameRight);
    // One line: some horizontal line crosses every entry.
    expect(Math.max(...boxes.map((b) => b.top))).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
  });

  it('a wrong password is said next to the field, and nobody is signed in', async () => {
    const s = await session();
    s.allowFailures(/^\/cognito\//);
    await s.page.goto('/entrar');
    await signInOnPage(s.page, AUTH.admin.email, 'Senha-Errada-123');
    const password = s.page.getByLabel('Senha', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await visible(s.page.getByText('E-mail ou senha incorretos.'));
    expect(pathOf(s.page)).toBe('/entrar');
    expect(await kept(s.page)).toEqual([null, null]);
  });

  it('first sign-in with the temporary password of an invitation: a new password, then in, and still in after a reload', async () => {
    const email = newEmail('convidado');
    const temporary = await invite(email);
    const { page } = await session();
    await page.goto('/clientes');
    await expectPath(page, '/entrar');
    await signInOnPage(page, email, temporary);
    await visible(page.getByRole('heading', { level: 1, name: 'Crie sua senha' }));
    await visible(page.getByText('pelo menos 12 caracteres'));
    const password = strongPassword();
    await page.getByLabel('Nova senha', { exact: true }).fill(password);
    await page.getByLabel('Confirme a nova senha').fill(password);
    await page.getByRole('button', { name: 'Salvar e entrar' }).click();
    await expectPath(page, '/clientes');
    await visible(page.getByRole('heading', { level: 1, name: 'Busque seus clientes' }));
    // The session begun by answering the challenge renews like any other: a reload resumes it
    // with its refresh token instead of sending the colleague back to /entrar.
    const resumed = page.waitForResponse((r) => r.url().endsWith('/cognito/') && (r.request().postData() ?? '').includes('REFRESH_TOKEN_AUTH'));
    await page.reload();
    expect((await resumed).status()).toBe(200);
    await visible(page.getByRole('heading', { level: 1, name: 'Busque seus clientes' }));
    expect(pathOf(page)).toBe('/clientes');
    await visible(nav(page).getByRole('link', { name: new RegExp(email) }));
  });

  it('forgot password: the code from the e-mail sets a new one, which then signs in', async () => {
    const m = await member();
    const { page } = await session();
    await page.goto('/entrar');
    await page.getByLabel('E-mail', { exact: true }).fill(m.email);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expectPath(page, '/esqueci-senha');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(m.email);
    const since = Date.now() - 1_000;
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const mail = await mailTo(m.email, since);
    expect(mail.code).toMatch(/^\d{6}$/);
    const password = strongPassword();
    await page.getByLabel('Código recebido por e-mail').fill(mail.code!);
    await page.getByLabel('Nova senha', { exact: true }).fill(password);
    await page.getByLabel('Confirme a nova senha').fill(password);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await visible(toast(page, 'Senha alterada. Entre com a nova senha.'));
    await expectPath(page, '/entrar');
    await signInOnPage(page, m.email, password);
    await expectPath(page, '/clientes');
  });

  it('a member sees no "Usuários", and /usuarios tells them it is for administrators', async () => {
    const m = await member();
    const { page } = await session();
    await page.goto('/entrar');
    await signInOnPage(page, m.email, m.password);
    await expectPath(page, '/clientes');
    await visible(nav(page).getByRole('button', { name: 'Sair' }));
    expect(await nav(page).getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    await page.goto('/usuarios');
    await visible(page.getByRole('heading', { level: 1, name: 'Somente administradores' }));
  });

  it('renews a token that expires while the app is open, without a visible hiccup (page.clock); an administrator signed in with a TOTP code stays signed in across a reload', async () => {
    const nome = `Renovada ${token()}`;
    await createCliente(nome);
    const { page } = await session();
    await page.clock.install();
    const bearers: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) bearers.push(r.headers().authorization ?? '');
    });
    await page.goto('/clientes');
    await signInOnPage(page, AUTH.admin.email, AUTH.admin.password);
    await expectPath(page, '/clientes');
    await search(page, nome);
    await visible(card(page, nome));
    const first = bearers[0];
    expect(first).toMatch(/^Bearer ey/);

    // 10 minutes in (5 before the 15-minute token expires), the app renews it by itself.
    const renewal = page.waitForRequest((r) => r.url().endsWith('/cognito/') && (r.postData() ?? '').includes('REFRESH_TOKEN_AUTH'));
    await page.clock.runFor(10 * 60_000 + 1_000);
    await renewal;
    // Nothing moved: the same page, the same card, no sign-in page, no error.
    expect(pathOf(page)).toBe('/clientes');
    await visible(card(page, nome));
    await expect.poll(() => heading(page).textContent()).toBe('Busque seus clientes');

    // The next call carries the new token (the list page made several calls before the renewal).
    const seen = bearers.length;
    await nav(page).getByRole('link', { name: 'Cadastrar clientes' }).click();
    await expectPath(page, '/cadastrarproduto');
    await expect.poll(() => bearers.length).toBeGreaterThan(seen);
    expect(bearers.at(-1)).toMatch(/^Bearer ey/);
    expect(bearers.at(-1)).not.toBe(first);

    // The administrator signed in with an authenticator code (a challenge answer): after the
    // renewal, a reload resumes the session instead of asking for the password and code again.
    await page.reload();
    await expectPath(page, '/cadastrarproduto');
    await visible(nav(page).getByRole('link', { name: new RegExp(AUTH.admin.email) }));
  });

  it('Sair, then Back: no client data, no token kept', async () => {
    const nome = `Sigilosa ${token()}`;
    await createCliente(nome);
    const { page } = await session();
    await page.goto('/clientes');
    await signInOnPage(page, AUTH.admin.email, AUTH.admin.password, true);
    await expectPath(page, '/clientes');
    await search(page, nome);
    await visible(card(page, nome));
    expect((await kept(page))[0]).toBeTruthy();

    await nav(page).getByRole('button', { name: 'Sair' }).click();
    await expectPath(page, '/entrar');
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar na Clientela' }));
    expect(await kept(page)).toEqual([null, null]);

    await page.goBack();
    await expectPath(page, '/entrar');
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar na Clientela' }));
    expect(await page.evaluate((n) => document.body.innerText.includes(n), nome)).toBe(false);
    expect(await kept(page)).toEqual([null, null]);
  });

  it('an administrator invites a user who then signs in', async () => {
    const email = newEmail('convite');
    const admin = await session();
    await admin.page.goto('/entrar');
    await signInOnPage(admin.page, AUTH.admin.email, AUTH.admin.password);
    await expectPath(admin.page, '/clientes');
    await nav(admin.page).getByRole('link', { name: 'Usuários' }).click();
    await expectPath(admin.page, '/usuarios');
    await admin.page.getByRole('link', { name: 'Convidar usuário' }).first().click();
    await admin.page.getByLabel('E-mail', { exact: true }).fill(email);
    const since = Date.now() - 1_000;
    await admin.page.getByRole('button', { name: 'Convidar', exact: true }).click();
    await visible(toast(admin.page, `Convite enviado para ${email}!`));
    await expectPath(admin.page, '/usuarios');
    await visible(admin.page.getByRole('article').filter({ hasText: email }).getByText('Convite pendente'));
    const temporary = (await mailTo(email, since)).code!;

    const invited = await session();
    await invited.page.goto('/entrar');
    await signInOnPage(invited.page, email, temporary);
    const password = strongPassword();
    await invited.page.getByLabel('Nova senha', { exact: true }).fill(password);
    await invited.page.getByLabel('Confirme a nova senha').fill(password);
    await invited.page.getByRole('button', { name: 'Salvar e entrar' }).click();
    await expectPath(invited.page, '/clientes');
    expect(await nav(invited.page).getByRole('link', { name: 'Usuários' }).count()).toBe(0);
  });
});
