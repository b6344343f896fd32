/**
 * The local commands as real processes (Vite's own CLI for `npm start` and `npm run preview`,
 * infra/local/api.ts for `npm run api`), refusing what can't work with ONE line that names the
 * way out and no stack trace: `npm run preview` while `npm start` holds the DATA_DIR (also as
 * npm runs it, before its build), a second `npm start` on its port, any command on a port another
 * program holds, and no Java.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { findFreePort } from '../../infra/local/dynamodb.ts';
import { lockDataDir } from '../../infra/local/runtime.ts';
import { eventually, javaProcessesMentioning, runCommand, runTs, type RunningCommand } from '../support/processes.ts';
import { signIn } from '../support/cognito.ts';

/** What `vite` in package.json's scripts runs. */
const VITE = 'node_modules/vite/bin/vite.js';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'clientela-cmd-errors-'));
const dist = path.join(tmp, 'dist');
const started: RunningCommand[] = [];

beforeAll(() => {
  // A stand-in for web/dist, so `vite preview` has something to serve.
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"><body>shell</body></html>');
});

afterAll(async () => {
  for (const c of started) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await eventually(() => javaProcessesMentioning(tmp).length === 0, 15_000, 'no JVM on the test DATA_DIRs');
  rmSync(tmp, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>): RunningCommand {
  const cmd = runTs(script, args, { SEED: 'false', ...env });
  started.push(cmd);
  return cmd;
}

/** npm itself, as a person runs it (`npm run preview`: package.json's script line). */
function npm(args: string[], env: Record<string, string>): RunningCommand {
  const cmd = runCommand('npm', args, { SEED: 'false', ...env });
  started.push(cmd);
  return cmd;
}

/** The printed lines (stdout and stderr), blank ones left out. */
const linesOf = (cmd: RunningCommand) => cmd.output().split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');

/** A port held on every interface (IPv4 and IPv6) by something that is not Clientela. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::' }, resolve));
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((r) => server.close(() => r())) };
}

const COMMANDS = [
  ['npm start', VITE, []],
  ['npm run preview', VITE, ['preview', '--outDir', dist]],
  ['npm run api', 'infra/local/api.ts', []],
] as const;

describe('one line with the way out, no stack trace', () => {
  it('`npm run preview` while `npm start` holds the DATA_DIR names npm start’s URL and DATA_DIR=memory; a second `npm start` on its port names its URL', async () => {
    const dataDir = path.join(tmp, 'shared');
    const port = await findFreePort();
    const start = run(VITE, [], { DATA_DIR: dataDir, PORT: String(port) });
    const [, url] = await start.waitFor(/Local:\s+(http:\/\/\S+)/, 90_000);
    expect(url).toBe(`http://localhost:${port}/`);

    const preview = run(VITE, ['preview', '--outDir', dist], { DATA_DIR: dataDir, PORT: String(await findFreePort()) });
    expect(await preview.exited).toBe(1);
    expect(linesOf(preview)).toEqual([
      `The database in ${dataDir} is in use by \`npm start\` at ${url} (pid ${start.child.pid}): ` +
        'use that one, stop it first, or run `DATA_DIR=memory npm run preview` for a throwaway database.',
    ]);

    const again = run(VITE, [], { DATA_DIR: dataDir, PORT: String(port) });
    expect(await again.exited).toBe(1);
    expect(linesOf(again)).toEqual([`Clientela is already running at ${url} (\`npm start\`, pid ${start.child.pid}): use that one, or stop it first.`]);

    // Neither started a second JVM; the first one still serves (its dev config.json names the administrator).
    expect(javaProcessesMentioning(dataDir)).toHaveLength(1);
    const config = (await (await fetch(`${url}config.json`)).json()) as { clientId: string; demo: { email: string; password: string; totpSecret: string } };
    const tokens = await signIn(`${url}cognito/`, config.clientId, config.demo.email, config.demo.password, config.demo.totpSecret);
    expect((await fetch(`${url}api/categorias`, { headers: { authorization: `Bearer ${tokens.AccessToken}` } })).status).toBe(200);
    start.child.kill('SIGTERM');
    await start.exited;
    await eventually(() => javaProcessesMentioning(dataDir).length === 0, 15_000, 'npm start’s JVM gone');
  }, 180_000);

  it.each(COMMANDS)('`%s` on a port another program holds suggests a free PORT and starts nothing', async (command, script, args) => {
    const dataDir = path.join(tmp, `port-${command.replace(/\W/g, '')}`);
    const held = await holdPort();
    try {
      const cmd = run(script, [...args], { DATA_DIR: dataDir, PORT: String(held.port) });
      expect(await cmd.exited).toBe(1);
      const lines = linesOf(cmd);
      expect(lines).toHaveLength(1);
      const [, free] =
        new RegExp(`^Port ${held.port} is already in use by another program: run \`PORT=(\\d+) ${command}\` \\(\\d+ is free\\), or stop that program\\.$`).exec(
          lines[0]!,
        ) ?? [];
      expect(free, lines[0]).toBeDefined();
      expect(Number(free)).toBeGreaterThan(held.port);
      expect(javaProcessesMentioning(dataDir)).toEqual([]);
    } finally {
      await held.release();
    }
  }, 60_000);

  // `npm run preview` builds the site first: its checks run before the build, not after it.
  it('`npm run preview` refuses a taken port and a held DATA_DIR before building: one line, no build', async () => {
    const lines = (cmd: RunningCommand) => linesOf(cmd).filter((l) => !l.startsWith('>')); // npm's own echo of the script
    const held = await holdPort();
    try {
      const cmd = npm(['run', 'preview'], { DATA_DIR: 'memory', PORT: String(held.port) });
      expect(await cmd.exited).toBe(1);
      expect(lines(cmd)).toEqual([expect.stringMatching(new RegExp(`^Port ${held.port} is already in use by another program: run \`PORT=\\d+ npm run preview\``))]);
    } finally {
      await held.release();
    }
    const dataDir = path.join(tmp, 'held-by-start');
    const lock = lockDataDir(dataDir, 'npm start');
    try {
      lock.describe({ url: 'http://localhost:5999/' });
      const cmd = npm(['run', 'preview'], { DATA_DIR: dataDir, PORT: String(await findFreePort()) });
      expect(await cmd.exited).toBe(1);
      expect(lines(cmd)).toEqual([
        `The database in ${dataDir} is in use by \`npm start\` at http://localhost:5999/ (pid ${process.pid}): ` +
          'use that one, stop it first, or run `DATA_DIR=memory npm run preview` for a throwaway database.',
      ]);
    } finally {
      lock.release();
    }
  }, 60_000);

  it.each([COMMANDS[0], COMMANDS[2]])('`%s` without Java says what to install', async (_command, script, args) => {
    // A PATH with the shell tools DynamoDB Local's wrapper uses, and no java.
    const bin = path.join(tmp, 'bin-without-java');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['sh', 'sleep']) {
      const target = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
      try {
        symlinkSync(target, path.join(bin, tool));
      } catch {
        // linked by the other case
      }
    }
    const cmd = run(script, [...args], { DATA_DIR: 'memory', PORT: String(await findFreePort()), PATH: bin });
    expect(await cmd.exited).toBe(1);
    expect(linesOf(cmd)).toEqual([
      'DynamoDB Local needs a Java runtime (17 or newer) and `java` is not on the PATH. ' +
        'Install one, e.g. `apt-get install -y default-jre-headless` or `brew install openjdk@17`.',
    ]);
  }, 60_000);
});
