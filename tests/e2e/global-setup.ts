/**
 * Browser suite setup, once per run: build the production site, serve it with the API through
 * `vite preview` (the production security headers on, in-memory DynamoDB Local, no demo data) on
 * a free port, and start ONE Chromium (Debian's) that every test file connects to. Two servers
 * share the build: the first wave's suites run in the open mode (AUTH=off), the sign-in suite
 * against a second one with sign-in on (cognito-local; its pool, client, administrator and
 * outbox handed to the tests).
 *
 * Chromium missing: under CI=true the run fails; elsewhere the suite is skipped with a loud banner.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import type { E2eAuthContext, E2eContext } from './support/env.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const DIE_WITH_PARENT = new URL('./support/die-with-parent.mjs', import.meta.url).href;
const READY_TIMEOUT_MS = 90_000;

/** A port the OS says is free right now (vite is started with --strictPort, so a race fails loudly). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Every live descendant of `pid` (from /proc), so nothing the server started (DynamoDB Local's
 * java, whatever its process group) outlives the run. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) comes after the ")" that closes the command name.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended while we read /proc.
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop() as number;
    for (const c of children.get(p) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopTree(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const pids = [child.pid, ...descendants(child.pid)];
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), sig); // the whole process group (spawned detached)
    } catch {
      // Group already gone.
    }
    for (const p of pids) {
      try {
        process.kill(p, sig);
      } catch {
        // Already gone.
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (pids.some(alive)) signal('SIGKILL');
}

/**
 * Waits until the server's API answers: 200, or (sign-in on, once the local authorizer checks
 * tokens) 401 to a request without one. DynamoDB Local and the table are up by then.
 */
async function waitUntilReady(preview: Preview): Promise<void> {
  const { baseUrl, server, output } = preview;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/categorias`);
      await res.arrayBuffer();
      if (res.ok || res.status === 401) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`vite preview did not answer ${baseUrl}/api/categorias within ${READY_TIMEOUT_MS} ms (${last}):\n${output()}`);
}

interface Preview {
  baseUrl: string;
  server: ChildProcess;
  output: () => string;
}

/** `vite preview` of the build in `outDir` on a free port, with `env` (DATA_DIR, AUTH, …). */
async function startPreview(outDir: string, env: Record<string, string>): Promise<Preview> {
  const port = await freePort();
  let output = '';
  const server = spawn(
    process.execPath,
    ['--import', DIE_WITH_PARENT, VITE_BIN, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: ROOT,
      // Own process group: teardown signals the server and everything it started at once.
      detached: true,
      // stdin stays open for the server's life: its end tells the server this process is gone.
      stdio: ['pipe', 'pipe', 'pipe'],
      // No demo data: each test creates its own uniquely named records.
      env: { ...process.env, PORT: String(port), SEED: 'false', BROWSER: 'none', ...env },
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  return { baseUrl: `http://127.0.0.1:${port}`, server, output: () => output };
}

/** What the sign-in suite needs of the auth-on server's local user pool (its data folder and log). */
function authContext(preview: Preview, dataDir: string): E2eAuthContext {
  const cognitoDir = path.join(dataDir, 'cognito');
  const state = JSON.parse(readFileSync(path.join(cognitoDir, 'clientela.json'), 'utf8')) as {
    userPoolId: string;
    clientId: string;
    admin: { email: string; password: string; totpSecret?: string };
  };
  const endpoint = /local Cognito: (http:\/\/\S+?\/) /.exec(preview.output())?.[1];
  if (!endpoint) throw new Error(`no cognito-local endpoint in the auth server's output:\n${preview.output()}`);
  return {
    enabled: true,
    baseUrl: preview.baseUrl,
    cognitoDir,
    pool: { userPoolId: state.userPoolId, clientId: state.clientId, endpoint },
    admin: { email: state.admin.email, password: state.admin.password, totpSecret: state.admin.totpSecret },
  };
}

const BANNER = [
  '',
  '#'.repeat(78),
  `#  BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}.`,
  '#  Install it with `apt-get install -y chromium` (CI=true makes this an error).',
  '#'.repeat(78),
  '',
].join('\n');

/** Vitest globalSetup: returns the teardown. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI === 'true') throw new Error(`CI=true and no Chromium at ${CHROMIUM_PATH}: the browser suite cannot run.`);
    console.warn(BANNER);
    project.provide('e2e', { enabled: false, baseUrl: '', wsEndpoint: '' } satisfies E2eContext);
    return undefined;
  }

  // Build once: the suite runs against what ships. Into a folder of its own: a `vite build` run
  // by someone else meanwhile would replace web/dist's hashed chunks under the running server.
  const outDir = mkdtempSync(path.join(tmpdir(), 'clientela-e2e-dist-'));
  const build = spawnSync(process.execPath, [VITE_BIN, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`vite build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  }

  // The first wave's journeys run in the open mode (AUTH=off); sign-in has a server of its own,
  // its data on disk in a folder of its own (the pool's state and outbox are read from there).
  const authDataDir = mkdtempSync(path.join(tmpdir(), 'clientela-e2e-auth-'));
  // A third, open-mode server is a company on its first day: its data is one test file's alone
  // (the home as its first records arrive: none, one category, eleven).
  const [open, auth, firstDay] = await Promise.all([
    startPreview(outDir, { DATA_DIR: 'memory', AUTH: 'off' }),
    startPreview(outDir, { DATA_DIR: authDataDir, AUTH: 'on' }),
    startPreview(outDir, { DATA_DIR: 'memory', AUTH: 'off' }),
  ]);

  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => undefined);
    await Promise.all([stopTree(open.server), stopTree(auth.server), stopTree(firstDay.server)]);
    rmSync(outDir, { recursive: true, force: true });
    rmSync(authDataDir, { recursive: true, force: true });
  };
  let authCtx: E2eAuthContext;
  try {
    await Promise.all([waitUntilReady(open), waitUntilReady(auth), waitUntilReady(firstDay)]);
    authCtx = authContext(auth, authDataDir);
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
  } catch (e) {
    await teardown();
    throw e;
  }
  const baseUrl = open.baseUrl;
  project.provide('e2e', { enabled: true, baseUrl, firstDayUrl: firstDay.baseUrl, wsEndpoint: browser.wsEndpoint(), auth: authCtx } satisfies E2eContext);
  return teardown;
}
