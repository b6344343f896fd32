/**
 * Child processes of the benchmark (preview servers, DynamoDB Local, node probes): started in
 * their own process group so the whole tree stops with them, and stopped on exit whatever happens.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

process.on('exit', () => {
  for (const c of running) killGroup(c, 'SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    for (const c of running) killGroup(c, 'SIGKILL');
    process.exit(130);
  });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
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

export interface Started {
  child: ChildProcess;
  /** Everything the process printed so far (for error messages). */
  output: () => string;
  /** Stops the process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
}

/** Starts a long-running command in its own process group. */
export function startProcess(command: string, args: string[], options: SpawnOptions = {}): Started {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
  running.add(child);
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  return {
    child,
    output: () => out,
    stop: async (graceMs = 5_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers (any HTTP status below 500) or the process dies or time runs out. */
export async function waitForHttp(url: string, started: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`process exited (${started.child.exitCode}) before ${url} answered:\n${started.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${started.output()}`);
}

/** Runs a command to completion; rejects with its output on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    running.add(child);
    let out = '';
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${out.slice(-4000)}`));
    });
  });
}
