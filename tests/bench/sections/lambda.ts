/**
 * Figures 3 and 4: each function's bundled file from `cdk synth`, and its module start (a fresh
 * `node` importing the bundle, minus a bare `node` start) with the AWS SDK bundled and with it
 * external (resolved from node_modules as the runtime's copy would be), plus the first call
 * against DynamoDB Local. Both variants come from the stack's own NodejsFunction options: the
 * shipped one from `cdk synth`, the other from the same stack synthesized with the switch flipped.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { STACK_NAME } from '../../../infra/app.ts';
import { BUNDLE_AWS_SDK } from '../../../infra/constructs/functions.ts';
import { buildEvent } from '../../../infra/local/adapter.ts';
import { ensureTable } from '../../../infra/local/table.ts';
import { seedDatabase } from '../../../tools/seed.ts';
import { matchRoute, routes, type RouteDef } from '../../../lambdas/routes.ts';
import type { BenchDb } from '../lib/db.ts';
import { judged, formatKb, formatMs, reported, type Figure } from '../lib/figures.ts';
import { run } from '../lib/proc.ts';
import { median } from '../lib/stats.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Inside the repository, so an external `@aws-sdk/*` resolves from its node_modules. */
const BUNDLES = fileURLToPath(new URL('../results/lambda/', import.meta.url));

export const MAX_BUNDLE_BYTES = 600 * 1024;
export const MAX_MODULE_START_MS = 80;
export const START_RUNS = 20;
export const FIRST_CALL_RUNS = 3;

type Variant = 'bundled' | 'external';
const ROUTE_TAG = 'clientela:route';

interface Bundle {
  route: RouteDef;
  file: string;
  bytes: number;
}

/** The app functions of a synthesized template: route name → bundled file in the assembly. */
function bundlesOf(outdir: string): Map<string, { dir: string; file: string }> {
  const template = JSON.parse(readFileSync(join(outdir, `${STACK_NAME}.template.json`), 'utf8')) as {
    Resources: Record<string, { Type: string; Properties?: { Handler?: string; Tags?: { Key: string; Value: string }[] }; Metadata?: Record<string, string> }>;
  };
  const found = new Map<string, { dir: string; file: string }>();
  for (const res of Object.values(template.Resources)) {
    if (res.Type !== 'AWS::Lambda::Function') continue;
    const name = res.Properties?.Tags?.find((t) => t.Key === ROUTE_TAG)?.Value;
    const assetPath = res.Metadata?.['aws:asset:path'];
    if (!name || !assetPath) continue;
    const dir = join(outdir, assetPath);
    const base = (res.Properties?.Handler ?? 'index.handler').split('.')[0]!;
    const file = readdirSync(dir).find((f) => f === `${base}.mjs` || f === `${base}.js`);
    if (!file) throw new Error(`no ${base}.mjs/.js in ${dir}`);
    found.set(name, { dir, file });
  }
  return found;
}

/** Copies each function's bundle to results/lambda/<variant>/<route>/ and returns them. */
function collect(outdir: string, variant: Variant): Bundle[] {
  const found = bundlesOf(outdir);
  return routes.map((route) => {
    const b = found.get(route.name);
    if (!b) throw new Error(`the ${variant} synth has no function tagged ${ROUTE_TAG}=${route.name}`);
    const destDir = join(BUNDLES, variant, route.name);
    mkdirSync(destDir, { recursive: true });
    const file = join(destDir, b.file);
    copyFileSync(join(b.dir, b.file), file);
    return { route, file, bytes: readFileSync(file).length };
  });
}

/** Wall time of one `node` process, in ms. */
function timeNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0) reject(new Error(`node ${args.join(' ').slice(0, 200)} exited ${code}: ${stderr.slice(-1500)}`));
      else resolve({ ms: elapsed, stdout });
    });
  });
}

/** The first-call probe: import, one call, timings on a BENCH: line, exit (SDK sockets stay open). */
const PROBE = `
import { readFileSync } from 'node:fs';
const [url, eventFile] = process.argv.slice(2);
const t0 = performance.now();
const mod = await import(url);
const t1 = performance.now();
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 };
const result = await mod.handler(event, context);
const t2 = performance.now();
process.stdout.write('\\nBENCH:' + JSON.stringify({ importMs: t1 - t0, callMs: t2 - t1, status: result.statusCode }) + '\\n');
process.exit(0);
`;

/** Runs the section. */
export async function lambdaFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const work = await mkdtemp(join(tmpdir(), 'clientela-bench-lambda-'));
  rmSync(BUNDLES, { recursive: true, force: true });
  try {
    if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
      log('web/dist is missing (the stack deploys it): vite build');
      await run('npx', ['vite', 'build'], { cwd: ROOT });
    }
    const shipped: Variant = BUNDLE_AWS_SDK ? 'bundled' : 'external';
    const other: Variant = BUNDLE_AWS_SDK ? 'external' : 'bundled';
    log(`synth of the stack with bundling (what ships: SDK ${shipped}), and again with the SDK ${other}…`);
    const outShipped = join(work, 'shipped');
    const outOther = join(work, 'other');
    const synthEnv = { ...process.env, CDK_DOCKER: 'false' };
    await run('npx', ['tsx', 'tests/bench/lib/synth-variant.ts', outShipped, 'default'], { cwd: ROOT, env: synthEnv });
    await run('npx', ['tsx', 'tests/bench/lib/synth-variant.ts', outOther, String(!BUNDLE_AWS_SDK)], { cwd: ROOT, env: synthEnv });
    const bundles: Record<Variant, Bundle[]> = { [shipped]: collect(outShipped, shipped), [other]: collect(outOther, other) } as Record<Variant, Bundle[]>;

    // Data for the first calls: a scratch table, with empty categories and clients to delete.
    const table = 'bench-cold';
    await db.drop(table);
    await ensureTable(db.client, table);
    const seeded = await seedDatabase({ doc: db.doc, tableName: table }, { categorias: 16, clientes: 200 });
    const empties = await seedDatabase({ doc: db.doc, tableName: table }, { categorias: 2 * FIRST_CALL_RUNS + 2, clientes: 0 });
    let nextEmpty = 0;
    let nextClient = seeded.clienteIds.first + 100;
    const idOf = (route: RouteDef) => {
      if (route.routeKey === 'DELETE /categorias/{id}') return empties.categoriaIds[nextEmpty++]!;
      if (route.routeKey === 'DELETE /produtos/{id}') return nextClient++;
      if (route.path.includes('/categorias')) return seeded.categoriaIds[0]!;
      return seeded.clienteIds.first;
    };
    const bodyOf = (route: RouteDef, id: number, n: number): unknown => {
      // Category names are unique: each run creates its own.
      if (route.routeKey === 'POST /categorias') return { descricao: `Categoria da primeira chamada ${n}` };
      if (route.routeKey === 'PUT /categorias') return { id, descricao: 'Categoria renomeada' };
      if (route.routeKey === 'POST /produtos' || route.routeKey === 'PUT /produtos') {
        return { ...(route.method === 'PUT' ? { id } : {}), nome: 'Cliente da primeira chamada', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1500.5, categoria: { id: seeded.categoriaIds[1] } };
      }
      return undefined;
    };
    const eventFile = (route: RouteDef, n: number) => {
      const id = idOf(route);
      const path = route.routeKey === '$default' ? '/api/nao-existe' : `/api${route.path.replace('{id}', String(id))}`;
      const method = route.method === 'ANY' ? 'GET' : route.method;
      const body = bodyOf(route, id, n);
      const data = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
      const event = buildEvent({
        method,
        url: path,
        rawHeaders: ['host', 'localhost', 'accept-encoding', 'gzip, deflate, br', ...(body ? ['content-type', 'application/json'] : [])],
        body: data,
        sourceIp: '127.0.0.1',
        route: matchRoute(method, path.slice('/api'.length))!,
      });
      const file = join(work, `event-${route.name}-${n}.json`);
      writeFileSync(file, JSON.stringify(event));
      return file;
    };
    const probeFile = join(work, 'probe.mjs');
    writeFileSync(probeFile, PROBE);
    // AUTH_MODE=off: the open mode, said explicitly (the functions refuse an unset one).
    const env = { ...process.env, ...db.env, TABLE_NAME: table, AUTH_MODE: 'off', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '' };

    // Module start: interleaved rounds, so drifting machine load hits every variant alike.
    log(`module start: ${START_RUNS} rounds of a bare node + ${routes.length} functions × 2 variants…`);
    const bare: number[] = [];
    const bareCpu: number[] = [];
    const starts: Record<Variant, Record<string, number[]>> = { bundled: {}, external: {} };
    const cpus: Record<Variant, Record<string, number[]>> = { bundled: {}, external: {} };
    // The process's whole CPU time (all threads, start-up included), printed as it ends.
    const CPU = "const u = process.cpuUsage(); process.stdout.write('CPU:' + (u.user + u.system) / 1000);";
    const importOf = (file: string) => `await import(${JSON.stringify(pathToFileURL(file).href)}); ${CPU}`;
    const cpuOf = (stdout: string) => Number(/CPU:([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    for (let i = 0; i < START_RUNS; i++) {
      const b0 = await timeNode(['--input-type=module', '-e', CPU], env);
      bare.push(b0.ms);
      bareCpu.push(cpuOf(b0.stdout));
      for (const v of ['bundled', 'external'] as const) {
        for (const b of bundles[v]) {
          const r = await timeNode(['--input-type=module', '-e', importOf(b.file)], env);
          (starts[v][b.route.name] ??= []).push(r.ms);
          (cpus[v][b.route.name] ??= []).push(cpuOf(r.stdout));
        }
      }
    }
    const bareMs = median(bare);
    const bareCpuMs = median(bareCpu);
    log(`first calls against DynamoDB Local: ${FIRST_CALL_RUNS} fresh processes per function and variant…`);
    const first: Record<Variant, Record<string, { importMs: number; callMs: number; status: number }[]>> = { bundled: {}, external: {} };
    for (let i = 0; i < FIRST_CALL_RUNS; i++) {
      for (const v of ['bundled', 'external'] as const) {
        for (const b of bundles[v]) {
          const out = await timeNode([probeFile, pathToFileURL(b.file).href, eventFile(b.route, i)], env);
          const line = out.stdout.split('\n').find((l) => l.startsWith('BENCH:'));
          if (!line) throw new Error(`first-call probe of ${b.route.name} printed no result`);
          const r = JSON.parse(line.slice('BENCH:'.length)) as { importMs: number; callMs: number; status: number };
          if (r.status >= 500) throw new Error(`first call of ${v} ${b.route.name} answered ${r.status}`);
          (first[v][b.route.name] ??= []).push(r);
        }
      }
    }
    await db.drop(table);

    const startOf = (v: Variant, name: string) => Math.max(0, median(starts[v][name]!) - bareMs);
    const cpuStartOf = (v: Variant, name: string) => Math.max(0, median(cpus[v][name]!) - bareCpuMs);
    const meanStart = (v: Variant) => routes.reduce((s, r) => s + startOf(v, r.name), 0) / routes.length;
    const faster: Variant = meanStart('bundled') <= meanStart('external') ? 'bundled' : 'external';
    const slower: Variant = faster === 'bundled' ? 'external' : 'bundled';

    const figures: Figure[] = [];
    for (const b of bundles[shipped]) {
      const gz = gzipSync(readFileSync(b.file), { level: 9 }).length;
      const otherBytes = bundles[other].find((o) => o.route.name === b.route.name)!.bytes;
      figures.push(
        judged('Lambda bundle', `${b.route.name} (${b.route.routeKey})`, b.bytes, 'bytes', `${formatKb(b.bytes)} minified, ${formatKb(gz)} gzip (SDK ${other}: ${formatKb(otherBytes)})`, `≤ ${formatKb(MAX_BUNDLE_BYTES)}`, b.bytes <= MAX_BUNDLE_BYTES),
      );
    }
    figures.push(reported('Lambda start', 'bare node start (subtracted)', bareMs, 'ms', `${formatMs(bareMs)} wall, ${formatMs(bareCpuMs)} CPU; median of ${START_RUNS}`));
    for (const r of routes) {
      const s = startOf(shipped, r.name);
      const o = startOf(other, r.name);
      const fc = (v: Variant) => median(first[v][r.name]!.map((x) => x.callMs));
      figures.push(
        judged(
          'Lambda start',
          `${r.name} module start (SDK ${shipped}, shipped)`,
          s,
          'ms',
          `${formatMs(s)} wall, ${formatMs(cpuStartOf(shipped, r.name))} CPU (SDK ${other}: ${formatMs(o)} wall, ${formatMs(cpuStartOf(other, r.name))} CPU); first call ${formatMs(fc(shipped))} (${other}: ${formatMs(fc(other))})`,
          `≤ ${MAX_MODULE_START_MS} ms`,
          s <= MAX_MODULE_START_MS,
          {
            [shipped]: { wall: starts[shipped][r.name], cpu: cpus[shipped][r.name], firstCall: first[shipped][r.name] },
            [other]: { wall: starts[other][r.name], cpu: cpus[other][r.name], firstCall: first[other][r.name] },
          },
        ),
      );
    }
    const win = meanStart(slower) - meanStart(faster);
    figures.push(
      judged(
        'Lambda start',
        'ship the faster variant',
        win,
        'ms',
        `SDK ${faster} is faster by ${formatMs(win)} per cold start on average (${formatMs(meanStart(faster))} vs ${formatMs(meanStart(slower))}); ships: SDK ${shipped}`,
        'the stack ships the faster',
        faster === shipped,
      ),
    );
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
