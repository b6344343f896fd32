/**
 * The session in the whole app with a fake Cognito: where the refresh token is kept,
 * the renewal timed on the token's expiry (fake timers), a 401 renewed and retried once and then
 * /entrar, Sair (RevokeToken, storage wiped, a new data cache, Back shows nothing), the guard and
 * its way back, the menu entries by role, and the open mode untouched.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../web/src/api/http.ts';
import { ADMIN_GROUP as CONTRACT_ADMIN_GROUP } from '@contract';
import { ADMIN_GROUP, SESSION_STORAGE_KEY, TOKEN_RENEW_RETRY } from '../../web/src/config.ts';
import { APP_TEXTS } from '../../web/src/texts/app.ts';
import { AUTH_TEXTS } from '../../web/src/texts/auth.ts';
import { CONFIG, fakeBackend, refused, tokens } from './auth-helpers.ts';
import { currentPath, currentSearch, FAKE_TIMERS, goBack, json, produto, renderApp, settle, tick, visibleToasts } from './helpers.tsx';
import { notifyError, notifySuccess } from '../../web/src/lib/toast.tsx';
import { CLIENTES_TEXTS } from '../../web/src/texts/clientes.ts';

const ANA = 'ana@empresa.com.br';
const UNAUTHORIZED = json(401, { message: 'Unauthorized' });

/** Fills /entrar and presses Entrar. */
async function signInThroughPage(email: string, password: string, remember = false) {
  fireEvent.change(await screen.findByLabelText(AUTH_TEXTS.common.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(AUTH_TEXTS.common.password), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText(AUTH_TEXTS.signIn.remember));
  fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signIn.submit }));
}

const nav = () => screen.getByRole('navigation', { name: APP_TEXTS.nav.label });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing in', () => {
  it('sends an anonymous visit to /entrar and, signed in, back to the page asked for (query included)', async () => {
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA) }, api: { 'GET /api/produtos': json(200, [produto(1, 'Acme', 500)]) } });
    renderApp('/clientes?filtro=acme', { auth: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(currentPath()).toBe('/entrar');
    expect(currentSearch()).toBe(`?destino=${encodeURIComponent('/clientes?filtro=acme')}`);
    expect(be.apiCalls).toEqual([]);
    await signInThroughPage('  Ana@Empresa.com.br ', 'Senha-Forte-123');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(currentPath()).toBe('/clientes');
    expect(currentSearch()).toBe('?filtro=acme');
    const [call] = be.calls('InitiateAuth');
    expect(call!.body).toEqual({ ClientId: CONFIG.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: ANA, PASSWORD: 'Senha-Forte-123' } });
    expect(be.apiCalls[0]!.authorization).toMatch(/^Bearer ey/);
  });

  it('never goes back to another site: an outside destino lands on the client list', async () => {
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA) }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp(`/entrar?destino=${encodeURIComponent('//evil.example/x')}`, { auth: CONFIG });
    await signInThroughPage(ANA, 'Senha-Forte-123');
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(currentPath()).toBe('/clientes');
  });

  it('keeps the refresh token in sessionStorage, or in localStorage with "Manter conectado"', async () => {
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: 'r-1' }) }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/entrar', { auth: CONFIG });
    await signInThroughPage(ANA, 'Senha-Forte-123');
    await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('r-1');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    fireEvent.click(within(nav()).getByRole('button', { name: APP_TEXTS.nav.signOut }));
    await signInThroughPage(ANA, 'Senha-Forte-123', true);
    await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('r-1');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('resumes a kept session at start (REFRESH_TOKEN_AUTH) and keeps the refresh token, as the answer brings none', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) }, api: { 'GET /api/produtos': json(200, [produto(1, 'Acme', 500)]) } });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(be.calls('InitiateAuth').map((c) => c.body)).toEqual([{ ClientId: CONFIG.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'kept-1' } }]);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept-1');
    expect(within(nav()).getByRole('link', { name: new RegExp(ANA) })).toHaveAttribute('href', '/minha-conta');
  });

  it('a kept session Cognito refuses: /entrar says it expired, and the token is wiped', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'revoked');
    fakeBackend({ cognito: { InitiateAuth: refused('NotAuthorizedException', 'Refresh Token has been revoked') } });
    renderApp('/categorias', { auth: CONFIG });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.signIn.expired);
    expect(currentPath()).toBe('/entrar');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('tokens', () => {
  it('renews the access token 5 minutes before it expires, and the API then gets the new one', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/clientes', { auth: CONFIG });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(be.calls('InitiateAuth')).toHaveLength(1);
    const first = be.apiCalls[0]!.authorization;

    await tick(55 * 60_000 - 1);
    expect(be.calls('InitiateAuth')).toHaveLength(1);
    await tick(1);
    expect(be.calls('InitiateAuth')).toHaveLength(2);
    expect(be.calls('InitiateAuth')[1]!.body).toMatchObject({ AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'kept-1' } });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept-1');

    await act(() => apiRequest('/produtos'));
    const last = be.apiCalls.at(-1)!.authorization;
    expect(last).toMatch(/^Bearer /);
    expect(last).not.toBe(first);
    // Nothing moved: same page, no sign-in.
    expect(currentPath()).toBe('/clientes');
  });

  it('a renewal Cognito throttles or fails (429, 500) keeps the session and its token, and is tried again 30 s later', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({
      cognito: {
        InitiateAuth: [
          () => tokens(ANA, { refresh: null }),
          refused('TooManyRequestsException', 'Rate exceeded'),
          refused('InternalErrorException', 'Internal server error', 500),
          json(503, {}),
          () => tokens(ANA, { refresh: null }),
        ],
      },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/clientes', { auth: CONFIG });
    await settle();
    await tick(55 * 60_000);
    for (let refusal = 2; refusal <= 4; refusal++) {
      expect(be.calls('InitiateAuth')).toHaveLength(refusal);
      expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept-1');
      expect(currentPath()).toBe('/clientes');
      expect(within(nav()).getByRole('link', { name: new RegExp(ANA) })).toBeInTheDocument();
      await tick(TOKEN_RENEW_RETRY);
    }
    expect(be.calls('InitiateAuth')).toHaveLength(5);
    await act(() => apiRequest('/produtos'));
    expect(be.apiCalls.at(-1)!.authorization).toMatch(/^Bearer /);
    expect(currentPath()).toBe('/clientes');
  });

  it.each([
    ['NotAuthorizedException', 'Refresh Token has expired'],
    ['UserNotFoundException', 'User does not exist.'],
  ])('a renewal refused with %s ends the session', async (type, message) => {
    vi.useFakeTimers(FAKE_TIMERS);
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({ cognito: { InitiateAuth: [() => tokens(ANA, { refresh: null }), refused(type, message)] }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/clientes', { auth: CONFIG });
    await settle();
    await tick(55 * 60_000);
    await settle();
    expect(screen.getByText(AUTH_TEXTS.signIn.expired)).toBeInTheDocument();
    expect(currentPath()).toBe('/entrar');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a kept session Cognito fails to resume (500) is not wiped: /entrar says so, and the next try resumes it', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({
      cognito: { InitiateAuth: [refused('InternalErrorException', 'Internal server error', 500), () => tokens(ANA, { refresh: null })] },
      api: { 'GET /api/produtos': json(200, [produto(1, 'Acme', 500)]) },
    });
    renderApp('/clientes', { auth: CONFIG });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXTS.signIn.resumeFailed);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept-1');
    await tick(TOKEN_RENEW_RETRY);
    await settle();
    expect(be.calls('InitiateAuth')).toHaveLength(2);
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(currentPath()).toBe('/clientes');
  });

  it('a 401 (API Gateway\'s {"message"}) gets one renewal and one retry, unseen by the user', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) },
      api: { 'GET /api/produtos': [UNAUTHORIZED, json(200, [produto(1, 'Acme', 500)])] },
    });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    // The list's calls (the page also reads /api/resumo to choose the whole or the paged list).
    const [a, b] = be.apiCalls.filter((c) => c.path === '/api/produtos');
    expect(a!.authorization).not.toBe(b!.authorization);
    expect(be.calls('InitiateAuth')).toHaveLength(2);
    expect(currentPath()).toBe('/clientes');
  });

  it('calls refused together share one renewal, each retried once', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    let good: string | undefined;
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) },
      api: {
        'GET /api/produtos': (_b, auth) => (good && auth === good ? json(200, []) : UNAUTHORIZED),
        'GET /api/categorias': (_b, auth) => (good && auth === good ? json(200, []) : UNAUTHORIZED),
      },
    });
    renderApp('/home', { auth: CONFIG });
    await screen.findByRole('link', { name: new RegExp(ANA) });
    expect(be.calls('InitiateAuth')).toHaveLength(1);
    // From here on only the renewed token is accepted.
    const renewal = be.fetchMock.getMockImplementation()!;
    be.fetchMock.mockImplementation(async (input, init) => {
      const res = await renewal(input, init);
      if (String(init?.headers && (init.headers as Record<string, string>)['X-Amz-Target']).endsWith('InitiateAuth')) {
        const clone = res.clone();
        good = `Bearer ${((await clone.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken}`;
      }
      return res;
    });
    await act(() => Promise.all([apiRequest('/produtos'), apiRequest('/categorias')]));
    expect(be.calls('InitiateAuth')).toHaveLength(2);
    // The navbar's Agenda badge reads its count on its own (with the first token): not one of these.
    expect(be.apiCalls.filter((c) => c.path !== '/api/tarefas/resumo')).toHaveLength(4);
  });

  it('a second 401 ends the session: /entrar with "Sua sessão expirou. Entre novamente." and the way back', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) }, api: { 'GET /api/produtos': json(401, { mensagem: 'Sessão inválida.' }) } });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText(AUTH_TEXTS.signIn.expired)).toBeInTheDocument();
    expect(currentPath()).toBe('/entrar');
    expect(currentSearch()).toBe('?destino=%2Fclientes');
    expect(be.apiCalls.filter((c) => c.path === '/api/produtos')).toHaveLength(2);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(within(nav()).getByRole('link', { name: APP_TEXTS.nav.signIn })).toBeInTheDocument();
  });
});

describe('Sair', () => {
  it('revokes the refresh token, wipes storage, drops every cached record; Back shows no client data', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }), RevokeToken: json(200, {}) },
      api: { 'GET /api/produtos': json(200, [produto(1, 'Acme Segredo', 500)]) },
    });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText('Acme Segredo')).toBeInTheDocument();

    fireEvent.click(within(nav()).getByRole('button', { name: APP_TEXTS.nav.signOut }));
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(currentPath()).toBe('/entrar');
    expect(screen.queryByText('Acme Segredo')).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(be.calls('RevokeToken').map((c) => c.body)).toEqual([{ ClientId: CONFIG.clientId, Token: 'kept-1' }]);

    goBack();
    await act(async () => {});
    expect(currentPath()).toBe('/entrar');
    expect(screen.queryByText('Acme Segredo')).toBeNull();

    // Signed in again, the list is read anew: nothing was kept from before.
    be.cognitoCalls.length = 0;
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA) }, api: { 'GET /api/produtos': json(200, [produto(1, 'Acme Segredo', 500)]) } });
    await signInThroughPage(ANA, 'Senha-Forte-123');
    expect(await screen.findByText('Acme Segredo')).toBeInTheDocument();
  });

  it('takes every toast down at once (a toast may name a client)', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({
      cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }), RevokeToken: json(200, {}) },
      api: { 'GET /api/produtos': json(200, [produto(1, 'Acme Segredo', 500)]) },
    });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText('Acme Segredo')).toBeInTheDocument();
    act(() => {
      notifySuccess('Acme Segredo: feito.', 60_000);
      notifyError('Acme Segredo: falhou.', 'motivo', 60_000);
    });
    // The toasts' chunk is in (the setup loads it): they show on the next turn.
    await waitFor(() => expect(visibleToasts()).toHaveLength(2));

    fireEvent.click(within(nav()).getByRole('button', { name: APP_TEXTS.nav.signOut }));
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(0);
    expect(screen.queryByText(/Acme Segredo/)).toBeNull();
  });
});

describe('other tabs of a kept session', () => {
  it('Sair in another tab signs this one out; a renewal there (the same token written again) does not', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) }, api: { 'GET /api/produtos': json(200, [produto(1, 'Acme', 500)]) } });
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    const storageEvent = (newValue: string | null) =>
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, oldValue: 'kept-1', newValue, storageArea: localStorage }));
      });
    storageEvent('kept-2');
    expect(screen.getByText('Acme')).toBeInTheDocument();
    localStorage.removeItem(SESSION_STORAGE_KEY);
    storageEvent(null);
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(screen.queryByText('Acme')).toBeNull();
  });

  it('a renewal here rewrites the kept token without removing it first (which other tabs would read as Sair)', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    localStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/clientes', { auth: CONFIG });
    await settle();
    const removed = vi.spyOn(Storage.prototype, 'removeItem');
    await tick(55 * 60_000);
    expect(removed.mock.contexts.filter((c) => c === localStorage)).toEqual([]);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept-1');
  });
});

describe('navbar and roles', () => {
  it("the app shell's admin group is the contract's", () => {
    expect(ADMIN_GROUP).toBe(CONTRACT_ADMIN_GROUP);
  });

  it('shows an administrator "Usuários", the e-mail and Sair', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { admin: true, refresh: null }) } });
    renderApp('/home', { auth: CONFIG });
    const link = await within(nav()).findByRole('link', { name: APP_TEXTS.nav.usuarios });
    expect(link).toHaveAttribute('href', '/usuarios');
    expect(within(nav()).getByRole('button', { name: APP_TEXTS.nav.signOut })).toBeInTheDocument();
  });

  it('a member sees no "Usuários", and typing /usuarios says it is for administrators only', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1');
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { refresh: null }) } });
    renderApp('/usuarios', { auth: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.usuarios.adminOnlyHeading })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: APP_TEXTS.nav.usuarios })).toBeNull();
    // Nothing but the navbar's Agenda badge (one's overdue count) is read.
    expect(be.apiCalls.filter((c) => c.path !== '/api/tarefas/resumo')).toEqual([]);
  });

  it('anonymous on a public page: the spec\'s links and Entrar; /sobre-nos needs no sign-in', async () => {
    fakeBackend({});
    renderApp('/sobre-nos', { auth: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre nós' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: APP_TEXTS.nav.signIn })).toHaveAttribute('href', '/entrar');
    expect(within(nav()).queryByRole('button', { name: APP_TEXTS.nav.signOut })).toBeNull();
  });

  it('with sign-in off (the open mode): no Entrar, no Sair, and /entrar does not exist', async () => {
    fakeBackend({});
    renderApp('/entrar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    // The brand, the spec's five links, Agenda, Contratos a renovar and Lixeira.
    expect(within(nav()).getAllByRole('link')).toHaveLength(9);
    expect(within(nav()).queryByRole('button', { name: APP_TEXTS.nav.signOut })).toBeNull();
  });

  it('config.json unreadable: a page that needs sign-in says so, with a way to reload', async () => {
    fakeBackend({});
    renderApp('/clientes', { auth: Promise.reject(new Error('offline')) });
    expect(await screen.findByRole('heading', { level: 1, name: APP_TEXTS.error.heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: APP_TEXTS.error.reload })).toBeInTheDocument();
  });
});
