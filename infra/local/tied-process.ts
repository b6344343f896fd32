/**
 * Child processes tied to this one (DynamoDB Local's JVM, cognito-local): each runs under a tiny
 * `sh` wrapper whose watcher stops it when the stdin pipe held by this process closes. The kernel
 * closes that pipe however this process ends (exit, crash, SIGKILL), so a child never outlives it.
 * Also the small process helpers the local runtime shares (free ports, liveness, port owners).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

// The wrapper: the command in the background, its pid reported on fd 3, and a watcher that reads
// the parent's pipe (fd 4, a copy of stdin) until EOF, then TERMs the command (KILL after 5 s).
// The main shell waits for the command and exits with it, taking the watcher down.
const WRAPPER = `
exec 4<&0 0</dev/null
"$@" 3>&- 4<&- &
j=$!
echo "$j" >&3
exec 3>&-
( read -r _ <&4; kill -TERM "$j" 2>/dev/null; sleep 5; kill -KILL "$j" 2>/dev/null ) &
w=$!
exec 4<&-
trap 'kill -TERM "$j" 2>/dev/null' TERM INT HUP
while kill -0 "$j" 2>/dev/null; do wait "$j"; done
kill "$w" 2>/dev/null
`;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Asks the OS for a free TCP port (bind port 0 on every interface, read it, release it). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '0.0.0.0', exclusive: true }, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * True while a process with this pid runs (signal 0 probes without killing). A zombie (exited,
 * not yet reaped by whoever adopted it) counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/PID/stat: "pid (comm) S ..."; the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Linux: whether `pid` holds the listening socket of `port` (via /proc). Returns `undefined`
 * where /proc is not available, so callers fall back to a weaker check.
 */
export function ownsListeningPort(pid: number, port: number): boolean | undefined {
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) => {
    try {
      return readFileSync(f, 'utf8').split('\n').slice(1);
    } catch {
      return [];
    }
  });
  if (tables.length === 0) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const line of tables) {
    const cols = line.trim().split(/\s+/);
    // cols: sl local_address rem_address st ... inode (index 9)
    if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
  }
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1] && inodes.has(m[1])) return true;
      } catch {
        // fd closed meanwhile
      }
    }
  } catch {
    return undefined;
  }
  return false;
}

export interface TiedProcessOptions {
  /** Names the wrapper (`$0`) in `ps` and messages. */
  name: string;
  cwd: string;
  /** The command's whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Receives each non-empty output line (stdout and stderr). */
  onLine?: (line: string) => void;
  /** How many of the last lines to keep for error messages. */
  keepLines?: number;
}

export interface TiedProcess {
  /** Pid of the command itself. */
  readonly pid: number;
  /** Pid of the `sh` wrapper. */
  readonly wrapperPid: number;
  /** True once the wrapper has exited (the command is gone). */
  readonly exited: boolean;
  /** Resolves when the wrapper exits. */
  readonly exit: Promise<void>;
  /** The last output lines (for error messages). */
  recentOutput(): string[];
  /**
   * Once the command runs, it must not keep this process alive: drops the event loop's handles
   * on it (the output is still read while this process runs).
   */
  detach(): void;
  /** Stops the command (TERM, KILL after 8 s) and resolves when it has exited. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts `command args…` under the wrapper, in its own process group (a Ctrl-C in the terminal
 * reaches this process, which stops the child in order). Resolves once the command's pid is
 * known; rejects when the wrapper cannot start it.
 */
export async function spawnTied(command: string, args: string[], options: TiedProcessOptions): Promise<TiedProcess> {
  const { name, cwd, env = process.env, onLine, keepLines = 50 } = options;
  const child: ChildProcess = spawn('sh', ['-c', WRAPPER, name, command, ...args], {
    cwd,
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });

  const output: string[] = [];
  const collect = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > keepLines) output.shift();
        onLine?.(line);
      }
    };
  };
  child.stdout?.on('data', collect());
  child.stderr?.on('data', collect());

  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const pid = await new Promise<number>((resolve, reject) => {
    let buf = '';
    const pidStream = child.stdio[3] as NodeJS.ReadableStream | null;
    pidStream?.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /^(\d+)\n/.exec(buf);
      if (m?.[1]) resolve(Number(m[1]));
    });
    void spawnError.then(reject);
    void exit.then(() => reject(new Error(`${name}: the wrapper exited before starting ${command}`)));
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (!exited) {
        // Closing the pipe is the same path a crash takes: the watcher TERMs the command.
        child.stdin?.end();
        const done = await Promise.race([exit.then(() => true), sleep(8_000).then(() => false)]);
        if (!done) {
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // group already gone
          }
          await exit;
        }
      }
      // The wrapper waits for the command, but be certain before reporting "stopped".
      for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
    })();
    return stopping;
  };

  return {
    pid,
    wrapperPid: child.pid!,
    get exited() {
      return exited;
    },
    exit,
    recentOutput: () => [...output],
    detach: () => {
      child.unref();
      for (const s of child.stdio) (s as { unref?: () => void } | null)?.unref?.();
    },
    stop,
  };
}
