/**
 * The sign-in pages with a fake Cognito: /entrar's errors and every challenge (a new password
 * with the policy, a TOTP code, TOTP setup), the forgotten password, Minha conta, and /usuarios
 * with a stubbed users API.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '@contract';
import { SESSION_STORAGE_KEY } from '../../web/src/config.ts';
import { FORM_TEXTS } from '../../web/src/texts/forms.ts';
import { AUTH_TEXTS, DEV_TEXTS } from '../../web/src/texts/auth.ts';
import { CONFIG, fakeBackend, refused, tokens } from './auth-helpers.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { currentPath, json, renderApp, visibleToast } from './helpers.tsx';
import { CLIENTES_TEXTS } from '../../web/src/texts/clientes.ts';

const ANA = 'ana@empresa.com.br';
const GOOD = 'Nova-Senha-Forte-42';
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function submitCredentials(email = ANA, password = 'Temporaria-1') {
  await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading });
  type(AUTH_TEXTS.common.email, email);
  type(AUTH_TEXTS.common.password, password);
  press(AUTH_TEXTS.signIn.submit);
}

const challenge = (name: string, session = `s-${name}`) => json(200, { ChallengeName: name, Session: session, ChallengeParameters: {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('/entrar errors', () => {
  it.each([
    ['a wrong e-mail or password, next to the password', refused('NotAuthorizedException', 'Incorrect username or password.'), AUTH_TEXTS.errors.wrongCredentials, true],
    ['a disabled user', refused('NotAuthorizedException', 'User is disabled.'), AUTH_TEXTS.errors.disabled, false],
    ['too many attempts', refused('NotAuthorizedException', 'Password attempts exceeded'), AUTH_TEXTS.errors.tooMany, false],
    ['throttling', refused('TooManyRequestsException', 'Rate exceeded'), AUTH_TEXTS.errors.tooMany, false],
    ['an expired temporary password', refused('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'), AUTH_TEXTS.errors.temporaryExpired, false],
    ['a password reset by an administrator', refused('PasswordResetRequiredException', 'Password reset required for the user'), AUTH_TEXTS.errors.resetRequired, false],
  ])('%s', async (_what, answer, message, nextToField) => {
    fakeBackend({ cognito: { InitiateAuth: answer } });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    if (nextToField) {
      const password = screen.getByLabelText(AUTH_TEXTS.common.password);
      await waitFor(() => expect(password).toHaveAccessibleDescription(message));
      expect(password).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(password).toHaveFocus());
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    }
    expect(currentPath()).toBe('/entrar');
  });

  it.each([
    [7, 'Neste navegador, por até 7 dias. Não marque em computadores compartilhados.'],
    [1, 'Neste navegador, por até 1 dia. Não marque em computadores compartilhados.'],
    [undefined, 'Neste navegador. Não marque em computadores compartilhados.'],
  ])("'Manter conectado' says how long from config.json's sessionDays (%j)", async (sessionDays, help) => {
    fakeBackend({});
    renderApp('/entrar', { auth: { ...CONFIG, sessionDays: sessionDays as number } });
    const remember = await screen.findByLabelText(AUTH_TEXTS.signIn.remember);
    expect(remember).toHaveAccessibleDescription(help);
  });

  it('no network', async () => {
    const be = fakeBackend({});
    be.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.errors.network);
  });

  it('empty fields are said next to them, and nothing is sent', async () => {
    const be = fakeBackend({});
    renderApp('/entrar', { auth: CONFIG });
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading });
    press(AUTH_TEXTS.signIn.submit);
    const email = screen.getByLabelText(AUTH_TEXTS.common.email);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(FORM_TEXTS.form.required(AUTH_TEXTS.common.email));
    expect(be.cognitoCalls).toEqual([]);
  });

  it("in the dev server only, shows config.json's demo credentials and fills them in", async () => {
    expect(import.meta.env.DEV).toBe(true);
    fakeBackend({});
    renderApp('/entrar', { auth: { ...CONFIG, demo: { email: 'admin@clientela.local', password: 'Demo-Senha-123!' } } });
    expect(await screen.findByText(DEV_TEXTS.demo, { exact: false })).toHaveTextContent('admin@clientela.local');
    press(DEV_TEXTS.demoFill);
    expect(screen.getByLabelText(AUTH_TEXTS.common.email)).toHaveValue('admin@clientela.local');
    expect(screen.getByLabelText(AUTH_TEXTS.common.password)).toHaveValue('Demo-Senha-123!');
  });

  it("in the dev server, the demo administrator's TOTP step answers itself with the current code: Preencher, Entrar, signed in", async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const demoAdmin = 'admin@clientela.local';
    const be = fakeBackend({
      cognito: { InitiateAuth: challenge('SOFTWARE_TOKEN_MFA'), RespondToAuthChallenge: () => tokens(demoAdmin, { admin: true }), GetUser: json(200, { Username: demoAdmin, UserAttributes: [], UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }) },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: { ...CONFIG, demo: { email: demoAdmin, password: 'Demo-Senha-123!', totpSecret: secret } } });
    await screen.findByText(DEV_TEXTS.demo, { exact: false });
    press(DEV_TEXTS.demoFill);
    press(AUTH_TEXTS.signIn.submit);
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    const answers = be.calls('RespondToAuthChallenge').map((c) => (c.body.ChallengeResponses as Record<string, string>).SOFTWARE_TOKEN_MFA_CODE);
    expect(answers).toHaveLength(1);
    // The code of now (or of the 30-second step just before, if the clock turned meanwhile).
    expect([totpCode(secret), totpCode(secret, Date.now() - 30_000)]).toContain(answers[0]);
  });

  it("links 'Esqueci minha senha' with the e-mail typed", async () => {
    fakeBackend({});
    renderApp('/entrar', { auth: CONFIG });
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading });
    type(AUTH_TEXTS.common.email, ANA);
    fireEvent.click(screen.getByRole('link', { name: AUTH_TEXTS.signIn.forgot }));
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.forgot.heading })).toBeInTheDocument();
    expect(screen.getByLabelText(AUTH_TEXTS.common.email)).toHaveValue(ANA);
  });
});

describe('/entrar challenges', () => {
  it('NEW_PASSWORD_REQUIRED: a new password with the policy shown, checked before sending, then signed in', async () => {
    const be = fakeBackend({
      cognito: { InitiateAuth: challenge('NEW_PASSWORD_REQUIRED'), RespondToAuthChallenge: () => tokens(ANA) },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.newPassword.heading })).toBeInTheDocument();
    const password = screen.getByLabelText(AUTH_TEXTS.common.newPassword);
    const rule = (text: string) => within(password.parentElement!).getByText(text, { exact: false }).closest('li')!;
    expect(rule(AUTH_TEXTS.policy.length(PASSWORD_POLICY.minLength))).toHaveTextContent(AUTH_TEXTS.policy.missing);
    type(AUTH_TEXTS.common.newPassword, 'curta');
    expect(rule(AUTH_TEXTS.policy.lowercase)).toHaveTextContent(AUTH_TEXTS.policy.met);
    expect(rule(AUTH_TEXTS.policy.uppercase)).toHaveTextContent(AUTH_TEXTS.policy.missing);
    press(AUTH_TEXTS.newPassword.submit);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    type(AUTH_TEXTS.common.newPassword, GOOD);
    type(AUTH_TEXTS.common.confirmPassword, `${GOOD}x`);
    press(AUTH_TEXTS.newPassword.submit);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.common.confirmPassword)).toHaveAccessibleDescription(AUTH_TEXTS.common.mismatch));
    expect(be.calls('RespondToAuthChallenge')).toEqual([]);

    type(AUTH_TEXTS.common.confirmPassword, GOOD);
    press(AUTH_TEXTS.newPassword.submit);
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(be.calls('RespondToAuthChallenge')[0]!.body).toEqual({
      ClientId: CONFIG.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 's-NEW_PASSWORD_REQUIRED',
      ChallengeResponses: { USERNAME: ANA, NEW_PASSWORD: GOOD },
    });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe(`refresh-${ANA}`);
  });

  it('NEW_PASSWORD_REQUIRED whose session expired: back to the first step, saying so', async () => {
    fakeBackend({ cognito: { InitiateAuth: challenge('NEW_PASSWORD_REQUIRED'), RespondToAuthChallenge: refused('NotAuthorizedException', 'Invalid session for the user, session is expired.') } });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.newPassword.heading });
    type(AUTH_TEXTS.common.newPassword, GOOD);
    type(AUTH_TEXTS.common.confirmPassword, GOOD);
    press(AUTH_TEXTS.newPassword.submit);
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXTS.errors.challengeExpired);
  });

  it('SOFTWARE_TOKEN_MFA: the authenticator code; a wrong one is said next to the field', async () => {
    const be = fakeBackend({
      cognito: { InitiateAuth: challenge('SOFTWARE_TOKEN_MFA'), RespondToAuthChallenge: [refused('CodeMismatchException', 'Invalid code received for user'), tokens(ANA)] },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.mfa.heading });
    type(AUTH_TEXTS.common.code, '12 34 5x6');
    expect(screen.getByLabelText(AUTH_TEXTS.common.code)).toHaveValue('123456');
    press(AUTH_TEXTS.mfa.submit);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.common.code)).toHaveAccessibleDescription(`${AUTH_TEXTS.errors.codeMismatch} ${AUTH_TEXTS.common.codeHelp}`));
    type(AUTH_TEXTS.common.code, '654321');
    press(AUTH_TEXTS.mfa.submit);
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(be.calls('RespondToAuthChallenge').map((c) => (c.body.ChallengeResponses as Record<string, string>).SOFTWARE_TOKEN_MFA_CODE)).toEqual(['123456', '654321']);
  });

  it('a session begun by answering a challenge keeps the refresh token of the cloud-shaped answer, and renews with it', async () => {
    const be = fakeBackend({
      cognito: {
        InitiateAuth: [challenge('SOFTWARE_TOKEN_MFA'), tokens(ANA, { refresh: null })],
        RespondToAuthChallenge: () => tokens(ANA, { refresh: 'r-depois-do-codigo' }),
      },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.mfa.heading });
    type(AUTH_TEXTS.common.code, '123456');
    press(AUTH_TEXTS.mfa.submit);
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('r-depois-do-codigo');
    // A reload resumes the session with that refresh token (REFRESH_TOKEN_AUTH), not a sign-in.
    cleanup();
    renderApp('/clientes', { auth: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    await waitFor(() => expect(be.calls('InitiateAuth')).toHaveLength(2));
    expect(be.calls('InitiateAuth')[1]!.body).toEqual({ ClientId: CONFIG.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r-depois-do-codigo' } });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('r-depois-do-codigo');
  });

  it('an administrator without an authenticator is led to Minha conta to turn it on; with one, on to the page asked for', async () => {
    const noTotp = json(200, { Username: ANA, UserAttributes: [{ Name: 'email', Value: ANA }] });
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA, { admin: true }), GetUser: noTotp }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.account.heading })).toBeInTheDocument();
    expect(currentPath()).toBe('/minha-conta');
    expect(screen.getByText(AUTH_TEXTS.account.adminNeedsMfa)).toBeInTheDocument();
    expect(be.calls('GetUser').length).toBeGreaterThan(0);
    cleanup();
    sessionStorage.clear();
    fakeBackend({
      cognito: { InitiateAuth: () => tokens(ANA, { admin: true }), GetUser: json(200, { Username: ANA, UserAttributes: [], UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }) },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
  });

  it('a member is never asked about an authenticator after signing in', async () => {
    const be = fakeBackend({ cognito: { InitiateAuth: () => tokens(ANA) }, api: { 'GET /api/produtos': json(200, []) } });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(be.calls('GetUser')).toEqual([]);
  });

  it('MFA_SETUP: the QR code and the secret, the first code verified, then signed in', async () => {
    const be = fakeBackend({
      cognito: {
        InitiateAuth: challenge('MFA_SETUP', 's-1'),
        AssociateSoftwareToken: json(200, { SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Session: 's-2' }),
        VerifySoftwareToken: json(200, { Status: 'SUCCESS', Session: 's-3' }),
        RespondToAuthChallenge: () => tokens(ANA),
      },
      api: { 'GET /api/produtos': json(200, []) },
    });
    renderApp('/entrar', { auth: CONFIG });
    await submitCredentials();
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.mfaSetup.heading });
    expect(await screen.findByRole('img', { name: AUTH_TEXTS.mfaSetup.qr })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    type(AUTH_TEXTS.common.code, '123456');
    press(AUTH_TEXTS.mfaSetup.submit);
    expect(await screen.findByRole('heading', { level: 1, name: CLIENTES_TEXTS.clientes.heading })).toBeInTheDocument();
    expect(be.calls('AssociateSoftwareToken')[0]!.body).toEqual({ Session: 's-1' });
    expect(be.calls('VerifySoftwareToken')[0]!.body).toEqual({ Session: 's-2', UserCode: '123456', FriendlyDeviceName: 'Clientela' });
    expect(be.calls('RespondToAuthChallenge')[0]!.body).toMatchObject({ ChallengeName: 'MFA_SETUP', Session: 's-3', ChallengeResponses: { USERNAME: ANA } });
  });
});

describe('/esqueci-senha', () => {
  it('someone still on the invitation\'s temporary password is told to use it, or ask for the invitation again', async () => {
    fakeBackend({ cognito: { ForgotPassword: refused('NotAuthorizedException', 'User password cannot be reset in the current state.') } });
    renderApp('/esqueci-senha', { auth: CONFIG });
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.forgot.heading });
    type(AUTH_TEXTS.common.email, ANA);
    press(AUTH_TEXTS.forgot.send);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.errors.invitationPending);
    expect(AUTH_TEXTS.errors.invitationPending).toMatch(/peça a um administrador que reenvie o convite/);
    expect(screen.queryByLabelText(AUTH_TEXTS.forgot.codeLabel)).toBeNull();
  });

  it('sends the code, then sets the new password with it and goes back to /entrar', async () => {
    const be = fakeBackend({
      cognito: {
        ForgotPassword: json(200, { CodeDeliveryDetails: { Destination: 'a***@empresa.com.br', DeliveryMedium: 'EMAIL' } }),
        ConfirmForgotPassword: [refused('CodeMismatchException', 'Invalid verification code provided, please try again.'), json(200, {})],
      },
    });
    renderApp('/esqueci-senha?destino=%2Fcategorias', { auth: CONFIG });
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.forgot.heading });
    type(AUTH_TEXTS.common.email, 'Ana@Empresa.com.br');
    press(AUTH_TEXTS.forgot.send);
    expect(await screen.findByText(AUTH_TEXTS.forgot.sent('a***@empresa.com.br'))).toBeInTheDocument();
    expect(be.calls('ForgotPassword')[0]!.body).toEqual({ ClientId: CONFIG.clientId, Username: ANA });
    type(AUTH_TEXTS.forgot.codeLabel, '111111');
    type(AUTH_TEXTS.common.newPassword, GOOD);
    type(AUTH_TEXTS.common.confirmPassword, GOOD);
    press(AUTH_TEXTS.forgot.submit);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.forgot.codeLabel)).toHaveAttribute('aria-invalid', 'true'));
    type(AUTH_TEXTS.forgot.codeLabel, '222222');
    press(AUTH_TEXTS.forgot.submit);
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.heading })).toBeInTheDocument();
    expect(visibleToast(AUTH_TEXTS.forgot.done)).toBeDefined();
    expect(be.calls('ConfirmForgotPassword')[1]!.body).toEqual({ ClientId: CONFIG.clientId, Username: ANA, ConfirmationCode: '222222', Password: GOOD });
  });
});

describe('Minha conta', () => {
  beforeEach(() => sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1'));

  it('changes the password with the access token; a wrong current one is said next to it', async () => {
    const be = fakeBackend({
      cognito: {
        InitiateAuth: () => tokens(ANA, { refresh: null }),
        GetUser: json(200, { Username: ANA, UserMFASettingList: [] }),
        ChangePassword: [refused('NotAuthorizedException', 'Incorrect username or password.'), json(200, {})],
      },
    });
    renderApp('/minha-conta', { auth: CONFIG });
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.account.heading });
    expect(await screen.findByText(AUTH_TEXTS.account.mfaOff)).toBeInTheDocument();
    type(AUTH_TEXTS.account.current, 'Errada-123456');
    type(AUTH_TEXTS.common.newPassword, GOOD);
    type(AUTH_TEXTS.common.confirmPassword, GOOD);
    press(AUTH_TEXTS.account.changePassword);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.account.current)).toHaveAccessibleDescription(AUTH_TEXTS.errors.wrongCurrent));
    type(AUTH_TEXTS.account.current, 'Certa-1234567');
    press(AUTH_TEXTS.account.changePassword);
    await waitFor(() => expect(visibleToast(AUTH_TEXTS.account.passwordChanged)).toBeDefined());
    const call = be.calls('ChangePassword')[1]!.body;
    expect(call).toMatchObject({ PreviousPassword: 'Certa-1234567', ProposedPassword: GOOD });
    expect(call.AccessToken).toMatch(/^ey/);
    expect(screen.getByLabelText(AUTH_TEXTS.account.current)).toHaveValue('');
  });

  it('turns TOTP on (QR code, secret, first code) and off only with the password typed again', async () => {
    const be = fakeBackend({
      cognito: {
        // The session's renewal, then the password checked again: wrong, then right (TOTP is on: a challenge).
        InitiateAuth: [
          () => tokens(ANA, { refresh: null }),
          refused('NotAuthorizedException', 'Incorrect username or password.'),
          challenge('SOFTWARE_TOKEN_MFA'),
        ],
        GetUser: json(200, { Username: ANA }),
        AssociateSoftwareToken: json(200, { SecretCode: 'ABCDEFGHIJKLMNOP' }),
        VerifySoftwareToken: json(200, { Status: 'SUCCESS' }),
        SetUserMFAPreference: json(200, {}),
      },
    });
    renderApp('/minha-conta', { auth: CONFIG });
    await screen.findByText(AUTH_TEXTS.account.mfaOff);
    press(AUTH_TEXTS.account.enable);
    expect(await screen.findByRole('img', { name: AUTH_TEXTS.mfaSetup.qr })).toBeInTheDocument();
    expect(screen.getByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    type(AUTH_TEXTS.common.code, '123456');
    press(AUTH_TEXTS.account.enableSubmit);
    expect(await screen.findByText(AUTH_TEXTS.account.mfaOn)).toBeInTheDocument();
    expect(be.calls('SetUserMFAPreference')[0]!.body).toMatchObject({ SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });

    // Cancelar goes back with nothing sent.
    press(AUTH_TEXTS.account.disable);
    press(AUTH_TEXTS.common.cancel);
    expect(await screen.findByText(AUTH_TEXTS.account.mfaOn)).toBeInTheDocument();

    press(AUTH_TEXTS.account.disable);
    expect(screen.getByText(AUTH_TEXTS.account.confirmDisable)).toBeInTheDocument();
    const password = screen.getByLabelText(AUTH_TEXTS.account.confirmPassword);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // Nothing typed: said next to the field, nothing sent.
    press(AUTH_TEXTS.account.disable);
    await waitFor(() => expect(password).toHaveAccessibleDescription(FORM_TEXTS.form.required(AUTH_TEXTS.account.confirmPassword)));
    expect(be.calls('InitiateAuth')).toHaveLength(1);
    // A wrong password: said next to it, and TOTP stays on.
    type(AUTH_TEXTS.account.confirmPassword, 'Errada-123456');
    press(AUTH_TEXTS.account.disable);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.account.confirmPassword)).toHaveAccessibleDescription(AUTH_TEXTS.errors.wrongCurrent));
    expect(be.calls('SetUserMFAPreference')).toHaveLength(1);
    type(AUTH_TEXTS.account.confirmPassword, 'Certa-1234567');
    press(AUTH_TEXTS.account.disable);
    expect(await screen.findByText(AUTH_TEXTS.account.mfaOff)).toBeInTheDocument();
    expect(visibleToast(AUTH_TEXTS.account.disabled)).toBeDefined();
    expect(be.calls('InitiateAuth').slice(1).map((c) => c.body)).toEqual([
      { ClientId: CONFIG.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: ANA, PASSWORD: 'Errada-123456' } },
      { ClientId: CONFIG.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: ANA, PASSWORD: 'Certa-1234567' } },
    ]);
    expect(be.calls('SetUserMFAPreference')[1]!.body).toMatchObject({ SoftwareTokenMfaSettings: { Enabled: false } });
    // The challenge was left unanswered; the session kept its own tokens.
    expect(be.calls('RespondToAuthChallenge')).toEqual([]);
    expect(currentPath()).toBe('/minha-conta');
    expect(be.calls('RevokeToken')).toEqual([]);
  });
});

describe('/usuarios (administrators)', () => {
  const ADMIN = 'chefe@empresa.com.br';
  const list = [
    { email: ADMIN, status: 'CONFIRMED', ativo: true, admin: true, criadoEm: '2026-11-20T12:00:00Z' },
    { email: ANA, status: 'FORCE_CHANGE_PASSWORD', ativo: true, admin: false, criadoEm: '2026-11-21T12:00:00Z' },
    { email: 'bia@empresa.com.br', status: 'CONFIRMED', ativo: false, admin: false, criadoEm: '2026-11-22T12:00:00Z' },
  ];
  beforeEach(() => sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept-1'));
  const cardOf = (email: string) => screen.getByRole('heading', { level: 2, name: new RegExp(email) }).closest('article')!;

  it('lists e-mail, status in pt-BR, ativo, admin and the date; no way to take away one\'s own access', async () => {
    fakeBackend({ cognito: { InitiateAuth: () => tokens(ADMIN, { admin: true, refresh: null }) }, api: { 'GET /api/usuarios': json(200, list) } });
    renderApp('/usuarios', { auth: CONFIG });
    await screen.findByRole('heading', { level: 2, name: new RegExp(ANA) });
    const ana = within(cardOf(ANA));
    expect(ana.getByText(AUTH_TEXTS.usuarios.statuses.FORCE_CHANGE_PASSWORD!)).toBeInTheDocument();
    expect(ana.getByText('21/11/2026')).toBeInTheDocument();
    expect(ana.getByRole('button', { name: AUTH_TEXTS.usuarios.actionLabel(AUTH_TEXTS.usuarios.actions.resend, ANA) })).toBeInTheDocument();
    const me = within(cardOf(ADMIN));
    expect(me.getByText(`(${AUTH_TEXTS.usuarios.you})`, { exact: false })).toBeInTheDocument();
    expect(me.queryByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.remove) })).toBeNull();
    expect(me.queryByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.disable) })).toBeNull();
    expect(me.queryByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.unmakeAdmin) })).toBeNull();
    expect(within(cardOf('bia@empresa.com.br')).getByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.enable) })).toBeInTheDocument();
  });

  it('asks before deleting, sends DELETE with the e-mail encoded, toasts and reads the list again', async () => {
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ADMIN, { admin: true, refresh: null }) },
      api: { 'GET /api/usuarios': [json(200, list), json(200, list.slice(0, 1))], [`DELETE /api/usuarios/${encodeURIComponent(ANA)}`]: new Response(null, { status: 204 }) },
    });
    renderApp('/usuarios', { auth: CONFIG });
    await screen.findByRole('heading', { level: 2, name: new RegExp(ANA) });
    fireEvent.click(within(cardOf(ANA)).getByRole('button', { name: AUTH_TEXTS.usuarios.actionLabel(AUTH_TEXTS.usuarios.actions.remove, ANA) }));
    const question = within(cardOf(ANA)).getByText(AUTH_TEXTS.usuarios.confirms.remove(ANA));
    expect(question).toHaveFocus();
    expect(be.apiCalls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(cardOf(ANA)).getByRole('button', { name: AUTH_TEXTS.common.confirm }));
    await waitFor(() => expect(visibleToast(AUTH_TEXTS.usuarios.done.remove(ANA))).toBeDefined());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: new RegExp(ANA) })).toBeNull());
    expect(be.apiCalls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/usuarios/${encodeURIComponent(ANA)}`]);
  });

  it("disables after a confirmation; the API's mensagem is shown when it refuses", async () => {
    const bia = 'bia@empresa.com.br';
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ADMIN, { admin: true, refresh: null }) },
      api: { 'GET /api/usuarios': json(200, list), [`PUT /api/usuarios/${encodeURIComponent(ANA)}/ativo`]: json(409, { mensagem: 'Não foi possível desativar.' }) },
    });
    renderApp('/usuarios', { auth: CONFIG });
    await screen.findByRole('heading', { level: 2, name: new RegExp(bia) });
    fireEvent.click(within(cardOf(ANA)).getByRole('button', { name: AUTH_TEXTS.usuarios.actionLabel(AUTH_TEXTS.usuarios.actions.disable, ANA) }));
    fireEvent.click(within(cardOf(ANA)).getByRole('button', { name: AUTH_TEXTS.common.confirm }));
    await waitFor(() => expect(visibleToast(AUTH_TEXTS.usuarios.failed.action)).toHaveTextContent('Não foi possível desativar.'));
    expect(be.apiCalls.find((c) => c.method === 'PUT')!.body).toEqual({ ativo: false });
  });

  it("'Redefinir autenticador' asks first, then sends DELETE …/autenticador; never on one's own card", async () => {
    const bia = 'bia@empresa.com.br';
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ADMIN, { admin: true, refresh: null }) },
      api: { 'GET /api/usuarios': json(200, list), [`DELETE /api/usuarios/${encodeURIComponent(bia)}/autenticador`]: new Response(null, { status: 204 }) },
    });
    renderApp('/usuarios', { auth: CONFIG });
    await screen.findByRole('heading', { level: 2, name: new RegExp(bia) });
    expect(within(cardOf(ADMIN)).queryByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.resetMfa) })).toBeNull();
    // Still on the invitation: no authenticator yet.
    expect(within(cardOf(ANA)).queryByRole('button', { name: new RegExp(AUTH_TEXTS.usuarios.actions.resetMfa) })).toBeNull();
    fireEvent.click(within(cardOf(bia)).getByRole('button', { name: AUTH_TEXTS.usuarios.actionLabel(AUTH_TEXTS.usuarios.actions.resetMfa, bia) }));
    expect(within(cardOf(bia)).getByText(AUTH_TEXTS.usuarios.confirms.resetMfa(bia))).toHaveFocus();
    expect(be.apiCalls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(cardOf(bia)).getByRole('button', { name: AUTH_TEXTS.common.confirm }));
    await waitFor(() => expect(visibleToast(AUTH_TEXTS.usuarios.done.resetMfa(bia))).toBeDefined());
    expect(be.apiCalls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/usuarios/${encodeURIComponent(bia)}/autenticador`]);
  });

  it('invites a user (optionally as administrator) from /usuarios/convidar', async () => {
    const be = fakeBackend({
      cognito: { InitiateAuth: () => tokens(ADMIN, { admin: true, refresh: null }) },
      api: { 'GET /api/usuarios': json(200, list), 'POST /api/usuarios': json(201, { ...list[1], email: 'caio@empresa.com.br' }) },
    });
    renderApp('/usuarios', { auth: CONFIG });
    fireEvent.click(await screen.findByRole('link', { name: AUTH_TEXTS.usuarios.new }));
    await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.usuarios.invite.heading });
    type(AUTH_TEXTS.common.email, 'caio@');
    press(AUTH_TEXTS.usuarios.invite.submit);
    await waitFor(() => expect(screen.getByLabelText(AUTH_TEXTS.common.email)).toHaveAttribute('aria-invalid', 'true'));
    type(AUTH_TEXTS.common.email, ' Caio@Empresa.com.br ');
    fireEvent.click(screen.getByLabelText(AUTH_TEXTS.usuarios.invite.admin));
    press(AUTH_TEXTS.usuarios.invite.submit);
    await waitFor(() => expect(visibleToast(AUTH_TEXTS.usuarios.done.invited('caio@empresa.com.br'))).toBeDefined());
    expect(be.apiCalls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'caio@empresa.com.br', admin: true });
    expect(await screen.findByRole('heading', { level: 1, name: AUTH_TEXTS.usuarios.heading })).toBeInTheDocument();
  });
});
