/**
 * `npm run api` and `npm run seed` as real processes on an on-disk DATA_DIR: the API answers on
 * its printed URL, data (and the user pool, its administrator's password printed at each start)
 * survives a restart, a second process on the same DATA_DIR is refused with a clear message
 * (seeding then goes through the running JVM with DYNAMODB_ENDPOINT), and SIGTERM stops
 * everything (no JVM nor cognito-local left, lock released). With sign-in on, the API answers
 * only the printed administrator's token. AUTH=off starts no cognito-local.
 */
import { afterAll, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../infra/local/dynamodb.ts';
import {
  cognitoLocalProcesses,
  cognitoLocalProcessesIn,
  descendantsOf,
  eventually,
  javaProcessesMentioning,
  runTs,
  type RunningCommand,
} from '../support/processes.ts';
import { signIn } from '../support/cognito.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clientela-cmd-'));
const started: RunningCommand[] = [];
afterAll(async () => {
  for (const c of started) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await eventually(() => javaProcessesMentioning(dataDir).length === 0, 15_000, 'no JVM on the test DATA_DIR');
  await eventually(() => cognitoLocalProcessesIn(dataDir).length === 0, 15_000, 'no cognito-local on the test DATA_DIR');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startApi(env: Record<string, string> = {}, tries = 3): Promise<{ cmd: RunningCommand; url: string }> {
  const port = await findFreePort();
  const cmd = runTs('infra/local/api.ts', [], { DATA_DIR: dataDir, PORT: String(port), TABLE_NAME: 'clientela', ...env });
  started.push(cmd);
  let url: string | undefined;
  try {
    [, url] = await cmd.waitFor(/ready at (http:\/\/\S+)/);
  } catch (e) {
    // The free port was taken by another process of the parallel suite between the pick and the
    // bind (the command refuses it, as it should): pick another.
    if (tries > 1 && /is already in use/.test(String(e))) return startApi(env, tries - 1);
    throw e;
  }
  expect(url).toBe(`http://127.0.0.1:${port}/api`);
  await cmd.waitFor(/Ctrl-C stops it/);
  return { cmd, url: url! };
}

/** The `authorization` header of the printed administrator, signed in through the command's /cognito/ proxy. */
async function signedIn(url: string, clientId: string, password: string, totpSecret?: string): Promise<{ authorization: string }> {
  const tokens = await signIn(new URL('/cognito/', url).href, clientId, 'admin@clientela.local', password, totpSecret);
  return { authorization: `Bearer ${tokens.AccessToken}` };
}

/** The administrator's password as the command printed it. */
function printedPassword(cmd: RunningCommand): string | undefined {
  return /Sign in as admin@clientela\.local with password (\S+)/.exec(cmd.output())?.[1];
}

/** The administrator's TOTP secret as the command printed it, beside the password. */
function printedTotpSecret(cmd: RunningCommand): string | undefined {
  return /with password \S+ and the TOTP secret ([A-Z2-7]+) in an authenticator app/.exec(cmd.output())?.[1];
}

async function stop(cmd: RunningCommand): Promise<void> {
  cmd.child.kill('SIGTERM');
  expect(await cmd.exited).toBe(0);
  expect(javaProcessesMentioning(dataDir)).toEqual([]);
  expect(cognitoLocalProcessesIn(dataDir)).toEqual([]);
  expect(existsSync(path.join(dataDir, 'clientela.lock'))).toBe(false);
}

it('serves the API, refuses a second process on its DATA_DIR, keeps data across restarts and seeds', async () => {
  const first = await startApi();
  expect(first.cmd.output()).toContain('(created)');
  // Sign-in is on by default: cognito-local runs on the DATA_DIR, the administrator is printed.
  const password = printedPassword(first.cmd);
  expect(password).toBeDefined();
  expect(cognitoLocalProcessesIn(path.join(dataDir, 'cognito'))).toHaveLength(1);
  const config = (await (await fetch(new URL('/config.json', first.url))).json()) as { auth: string; clientId: string };
  expect(config).toMatchObject({ auth: 'cognito', cognitoEndpoint: '/cognito/' });
  expect(config).not.toHaveProperty('demo');
  // The API is behind the JWT authorizer: the printed credentials open it.
  expect(await (await fetch(`${first.url}/categorias`)).json()).toEqual({ message: 'Unauthorized' });
  const totpSecret = printedTotpSecret(first.cmd);
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  const auth = await signedIn(first.url, config.clientId, password!, totpSecret);
  const created = await fetch(`${first.url}/categorias`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ descricao: 'Persistente' }),
  });
  expect(created.status).toBe(201);
  expect(javaProcessesMentioning(dataDir)).toHaveLength(1);

  // A second process on the same on-disk database is refused before any JVM starts, and told
  // how to go through the running instance instead.
  const seedWhileRunning = runTs('infra/local/seed.ts', ['--categorias', '2', '--clientes', '30'], { DATA_DIR: dataDir });
  started.push(seedWhileRunning);
  expect(await seedWhileRunning.exited).toBe(1);
  expect(seedWhileRunning.output()).toContain(`The database in ${dataDir} is in use by`);
  const [hint, endpoint] = seedWhileRunning.output().match(/DYNAMODB_ENDPOINT=(http:\/\/127\.0\.0\.1:\d+) TABLE_NAME=clientela npm run seed/) ?? [];
  expect(hint).toBeDefined();
  expect(javaProcessesMentioning(dataDir)).toHaveLength(1);

  // Following the hint seeds through the running JVM (DYNAMODB_ENDPOINT: no JVM of its own).
  const seed = runTs('infra/local/seed.ts', ['--categorias', '2', '--clientes', '30'], {
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: endpoint!,
    TABLE_NAME: 'clientela',
  });
  started.push(seed);
  expect(await seed.exited).toBe(0);
  expect(seed.output()).toMatch(/Seeded 2 categorias and 30 clientes into "clientela"/);
  expect(javaProcessesMentioning(dataDir)).toHaveLength(1);

  await stop(first.cmd);

  const second = await startApi();
  expect(second.cmd.output()).not.toContain('(created)');
  // Same pool, same administrator.
  expect(printedPassword(second.cmd)).toBe(password);
  expect(await (await fetch(new URL('/config.json', second.url))).json()).toMatchObject({ clientId: config.clientId });
  // A new cognito-local port, so a new issuer: sign in again.
  expect(printedTotpSecret(second.cmd)).toBe(totpSecret);
  const again = await signedIn(second.url, config.clientId, password!, totpSecret);
  const categorias = (await (await fetch(`${second.url}/categorias`, { headers: again })).json()) as { id: number; descricao: string }[];
  expect(categorias.map((c) => c.descricao)[0]).toBe('Persistente');
  expect(categorias).toHaveLength(3);
  const produtos = (await (await fetch(`${second.url}/produtos`, { headers: again })).json()) as unknown[];
  expect(produtos).toHaveLength(30);
  await stop(second.cmd);
  // Two JVM starts and four Node processes on 2 shared cores.
}, 180_000);

it('AUTH=off runs the open mode: no cognito-local, /config.json says so, no /cognito/ proxy', async () => {
  const before = new Set(cognitoLocalProcesses());
  const { cmd, url } = await startApi({ AUTH: 'off', DATA_DIR: 'memory' });
  expect(cmd.output()).toContain('Sign-in is off (AUTH=off)');
  expect(printedPassword(cmd)).toBeUndefined();
  const children = descendantsOf(cmd.child.pid!);
  expect(cognitoLocalProcesses().filter((pid) => !before.has(pid) && children.includes(pid))).toEqual([]);
  const config = await fetch(new URL('/config.json', url));
  expect(await config.json()).toEqual({ auth: 'off', timeZone: process.env.TIME_ZONE?.trim() || 'America/Sao_Paulo' });
  const proxy = await fetch(new URL('/cognito/', url), { method: 'POST', body: '{}' });
  expect(proxy.status).toBe(404);
  // The API is open, as the spec has it.
  expect((await fetch(`${url}/categorias`)).status).toBe(200);
  cmd.child.kill('SIGTERM');
  expect(await cmd.exited).toBe(0);
}, 120_000);

it('rejects bad seed arguments with the usage line', async () => {
  const bad = runTs('infra/local/seed.ts', ['--clientes', 'muitos'], { DATA_DIR: dataDir });
  started.push(bad);
  expect(await bad.exited).toBe(2);
  expect(bad.output()).toContain('Usage: npm run seed -- --categorias N --clientes M');
});
