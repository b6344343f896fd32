/**
 * The sign-in suite's side door into the auth-on server's local user pool: users created as an
 * administrator would (cognito-local's admin API, as the users API calls it), the e-mails read
 * from its outbox, tokens for test data, and the sign-in page filled as a person does.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { localCognitoClientConfig, waitForMessage } from '../../../infra/local/user-pool.ts';
import type { Cliente } from '../../../lambdas/contract/index.ts';
import { API_BASE_PATH } from '../../../lambdas/routes.ts';
import { signIn } from '../../support/cognito.ts';
import { unspentTotpCode } from '../../support/totp.ts';
import { token } from './api.ts';
import { E2E } from './harness.ts';

export const AUTH = E2E.auth!;

let client: CognitoIdentityProviderClient | undefined;
const admin = () => (client ??= new CognitoIdentityProviderClient(localCognitoClientConfig(AUTH?.pool.endpoint ?? '')));

/** A fresh e-mail (lower case, as user names are). */
export const newEmail = (who = 'pessoa') => `${who}.${token()}@empresa.com.br`;

/** A password that meets the pool's policy. */
export const strongPassword = () => `Senha-${token()}-42A`;

/**
 * Invites `email` as AdminCreateUser with e-mail delivery does (what the users API does):
 * resolves with the temporary password cognito-local "e-mailed" (read from the outbox).
 */
export async function invite(email: string): Promise<string> {
  const since = Date.now() - 1_000;
  await admin().send(
    new AdminCreateUserCommand({
      UserPoolId: AUTH.pool.userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    }),
  );
  const message = await waitForMessage(AUTH.cognitoDir, email, since);
  if (!message.code) throw new Error(`the invitation to ${email} carries no temporary password`);
  return message.code;
}

/** A member who already chose a password (CONFIRMED). */
export async function member(email = newEmail(), password = strongPassword()): Promise<{ email: string; password: string }> {
  await admin().send(
    new AdminCreateUserCommand({
      UserPoolId: AUTH.pool.userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
    }),
  );
  await admin().send(new AdminSetUserPasswordCommand({ UserPoolId: AUTH.pool.userPoolId, Username: email, Password: password, Permanent: true }));
  return { email, password };
}

/** The next e-mail to `to` from `since` on (a code, a temporary password). */
export const mailTo = (to: string, since: number) => waitForMessage(AUTH.cognitoDir, to, since);

/** An access token of the administrator, for test data through the API. */
export const adminToken = async () => (await signIn(`${AUTH.baseUrl}/cognito/`, AUTH.pool.clientId, AUTH.admin.email, AUTH.admin.password, AUTH.admin.totpSecret)).AccessToken;

/** Creates a client through the auth-on server's API, as the administrator. */
export async function createCliente(nome: string): Promise<Cliente> {
  const res = await fetch(`${AUTH.baseUrl}${API_BASE_PATH}/produtos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ nome, segmento: 'Varejo', pontoFocal: 'Maria', valorContrato: 5000, categoria: null }),
  });
  if (!res.ok) throw new Error(`POST /produtos -> ${res.status}: ${await res.text()}`);
  return (await res.json()) as Cliente;
}

/**
 * Fills /entrar and presses Entrar. Waits for the sign-in form itself: the URL changes before the
 * page does (react-router renders a navigation in a transition), and the page being left may have
 * a field whose label also says "e-mail" ("Código recebido por e-mail").
 */
export async function signInOnPage(page: Page, email: string, password: string, keep = false): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Entrar na Clientela' }).waitFor();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  if (keep) await page.getByLabel('Manter conectado').check();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // The seeded administrator has an authenticator: a code of now the pool has not taken yet.
  if (email.trim().toLowerCase() === AUTH.admin.email && password === AUTH.admin.password && AUTH.admin.totpSecret) {
    await page.getByRole('heading', { level: 1, name: 'Verificação em duas etapas' }).waitFor();
    await page.getByLabel('Código', { exact: true }).fill(await unspentTotpCode(AUTH.admin.totpSecret, `${AUTH.pool.clientId} ${AUTH.admin.email.toLowerCase()}`));
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  }
}
