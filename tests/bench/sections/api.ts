/**
 * Figures 5 and 6: warm latency of every route, and GET /api/produtos at 1,000, 10,000 and
 * 50,000 clients, through the local server with the real handlers against DynamoDB Local. The
 * measuring happens in a child process (api-worker.ts); this file prepares data and judges.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../../../tools/seed.ts';
import { batchPut } from '../../../lambdas/store/batch.ts';
import { LIST_PARTS, LIST_PARTS_FROM } from '../../../lambdas/store/clientes.ts';
import { historyPk } from '../../../lambdas/store/historico.ts';
import { RECORD_KIND } from '../../../lambdas/store/table.ts';
import { ensureTable } from '../../../infra/local/table.ts';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { judged, formatKb, formatMb, formatMs, reported, type Figure } from '../lib/figures.ts';
import { run } from '../lib/proc.ts';
import { median, percentile } from '../lib/stats.ts';
import type { CallSample, WorkerJob, WorkerResult } from './api-worker.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

export const WARM_CALLS = 200;
export const WARM_WARMUP = 10;
export const MAX_HANDLER_SHARE_MS = 2;
export const SCALE_SIZES = [1_000, 10_000, 50_000] as const;
export const SCALE_RUNS = 5;
export const MAX_10K_MS = 1_500;
/** Lambda's synchronous response cap (6 MB), counted on the serialized result (body in base64). */
export const LAMBDA_RESPONSE_CAP = 6 * 1024 * 1024;
/** GET /api/resumo at 50,000 clients: answered from the totals in one Query. */
export const MAX_RESUMO_MS = 50;
/** "Linear": the time per 1,000 clients may not grow by more than this factor from one size to the next. */
export const MAX_PER_1K_GROWTH = 1.5;
/** A record's history of this many entries, read in pages of HISTORY_PAGE… */
export const HISTORY_ENTRIES = 1_000;
export const HISTORY_PAGE = 100;
export const HISTORY_RUNS = 5;
/** …each page within this (median), and the whole walk, every page in turn (median of the walks). */
export const MAX_HISTORY_PAGE_MS = 100;
export const MAX_HISTORY_WALK_MS = 100;
/** Writes timed with and without their history items, each. */
export const WRITE_COST_CALLS = 200;

const share = (s: CallSample) => s.handlerMs - s.dynamoMs;
const totalRequests = (s: CallSample) => Object.values(s.requests).reduce((a, b) => a + b, 0);

/** Runs the API measurements; `db` holds the seeded data sets. */
export async function apiFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  // A scratch table for the warm routes (they create, change and delete records).
  const warmTable = 'bench-warm';
  await db.drop(warmTable);
  await ensureTable(db.client, warmTable);
  const seeded = await seedDatabase({ doc: db.doc, tableName: warmTable }, { categorias: 16, clientes: 200 });
  const pages: Record<number, { produtos: number; categorias: number }> = {};
  for (const n of SCALE_SIZES) {
    const set = dataSet(n);
    const r = await db.ensure(set, log);
    pages[n] = { produtos: r.produtos.pages, categorias: r.categorias.pages };
  }
  const job: WorkerJob = {
    warm: {
      table: warmTable,
      calls: WARM_CALLS,
      warmup: WARM_WARMUP,
      categoriaIds: seeded.categoriaIds,
      clienteIds: Array.from({ length: seeded.clientes }, (_, i) => seeded.clienteIds.first + i),
    },
    scale: SCALE_SIZES.map((n) => ({ table: dataSet(n).table, clientes: n, runs: SCALE_RUNS })),
    history: { table: warmTable, clienteId: seeded.clienteIds.first, entries: HISTORY_ENTRIES, pageSize: HISTORY_PAGE, runs: HISTORY_RUNS },
    writeCost: { table: warmTable, categoriaId: seeded.categoriaIds[0]!, calls: WRITE_COST_CALLS },
  };
  // A client with a long history: entries as the API writes them, planted in bulk.
  const when = Date.now() - HISTORY_ENTRIES * 60_000;
  await batchPut(
    { doc: db.doc, tableName: warmTable },
    Array.from({ length: HISTORY_ENTRIES }, (_, i) => ({
      pk: historyPk(RECORD_KIND.cliente, seeded.clienteIds.first),
      sk: i + 1,
      acao: i === 0 ? 'criado' : 'alterado',
      em: new Date(when + i * 60_000).toISOString(),
      por: 'maria@empresa.com.br',
      ...(i === 0 ? {} : { alteracoes: [{ campo: 'valorContrato', antes: 1000 + i - 1, depois: 1000 + i }] }),
    })),
  );
  const dir = await mkdtemp(join(tmpdir(), 'clientela-bench-api-'));
  const logFile = join(RESULTS, 'api-handlers.log');
  const fd = openSync(logFile, 'w');
  let result: WorkerResult;
  try {
    await writeFile(join(dir, 'job.json'), JSON.stringify(job));
    log(`warm routes (${WARM_CALLS} calls each) and list at scale; handler log lines in ${logFile}`);
    await run('npx', ['tsx', 'tests/bench/sections/api-worker.ts', join(dir, 'out.json'), join(dir, 'job.json')], {
      cwd: ROOT,
      env: { ...process.env, ...db.env },
      stdio: ['ignore', fd, 'pipe'],
    });
    result = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as WorkerResult;
  } finally {
    closeSync(fd);
    await rm(dir, { recursive: true, force: true });
    await db.drop(warmTable);
  }

  const figures: Figure[] = [];
  for (const r of result.warm) {
    const rtt = r.samples.map((s) => s.rttMs);
    const shares = r.samples.map(share);
    const m = median(shares);
    figures.push(
      judged(
        'Warm API',
        r.routeKey === '$default' ? 'fallback (unknown path)' : r.routeKey,
        m,
        'ms',
        `median ${formatMs(median(rtt))}, p99 ${formatMs(percentile(rtt, 99))}; handler ${formatMs(median(r.samples.map((s) => s.handlerMs)))} − DynamoDB ${formatMs(median(r.samples.map((s) => s.dynamoMs)))} → own share ${formatMs(m)}`,
        `own share ≤ ${MAX_HANDLER_SHARE_MS} ms median`,
        m <= MAX_HANDLER_SHARE_MS,
        {
          calls: r.samples.length,
          rtt: { median: median(rtt), p99: percentile(rtt, 99) },
          handler: { median: median(r.samples.map((s) => s.handlerMs)), p99: percentile(r.samples.map((s) => s.handlerMs), 99) },
          dynamo: { median: median(r.samples.map((s) => s.dynamoMs)) },
          share: { median: m, p99: percentile(shares, 99) },
          requests: r.samples[0]?.requests,
        },
      ),
    );
  }

  const per1k: number[] = [];
  for (const s of result.scale) {
    const n = s.clientes;
    const t = median(s.samples.map((x) => x.rttMs));
    per1k.push(t / (n / 1000));
    const reqs = Math.max(...s.samples.map(totalRequests));
    const queries = Math.max(...s.samples.map((x) => x.requests.Query ?? 0));
    // From LIST_PARTS_FROM clients the id range is read in parts at once: each part may end in a
    // partial page, and the id counter is read to cut it.
    const inParts = n >= LIST_PARTS_FROM;
    // Beside the partition's pages: one Query of the categories, one of the clients' next tarefas.
    const maxReqs = pages[n]!.produtos + 2 + (inParts ? LIST_PARTS : 0);
    const label = `${n.toLocaleString('en-US')} clients`;
    const timeText = `${formatMs(t)} median of ${s.samples.length} (${(t / (n / 1000)).toFixed(1)} ms per 1,000; handler ${formatMs(median(s.samples.map((x) => x.handlerMs)))}, ${s.contentEncoding})`;
    figures.push(
      n === 10_000
        ? judged('List at scale', `${label} time`, t, 'ms', timeText, `≤ ${formatMs(MAX_10K_MS)}`, t <= MAX_10K_MS, s.samples)
        : reported('List at scale', `${label} time`, t, 'ms', timeText, s.samples),
      judged(
        'List at scale',
        `${label} DynamoDB requests`,
        reqs,
        'requests',
        `${reqs} (${queries} Query; the client partition is ${pages[n]!.produtos} × 1 MB pages)`,
        `≤ ${maxReqs} (1 MB pages + categories + next tarefas${inParts ? `, + ${LIST_PARTS} for the ${LIST_PARTS} parts and the id counter` : ''})`,
        reqs <= maxReqs,
      ),
    );
    // Lambda counts the serialized result, where a compressed body travels as base64.
    const lambdaBytes = (bytes: number) => Math.ceil(bytes / 3) * 4 + 512;
    const worst = Math.max(lambdaBytes(s.gzipBytes), lambdaBytes(s.brBytes));
    const bytesText = `plain ${formatMb(s.plainBytes)}, gzip ${formatKb(s.gzipBytes)}, br ${formatKb(s.brBytes)}`;
    figures.push(
      n === 50_000
        ? judged('List at scale', `${label} bytes`, worst, 'bytes', `${bytesText}; as a Lambda result (base64) ≤ ${formatMb(worst)}`, `compressed < ${formatMb(LAMBDA_RESPONSE_CAP)} Lambda cap`, worst < LAMBDA_RESPONSE_CAP, s)
        : reported('List at scale', `${label} bytes`, s.plainBytes, 'bytes', bytesText),
    );
  }
  // The long history, page by page; and a write's own cost with its history items.
  const h = result.history;
  const pageMedian = median(h.pageMs);
  figures.push(
    judged(
      'History',
      `${HISTORY_ENTRIES.toLocaleString('en-US')} entries, pages of ${HISTORY_PAGE}`,
      pageMedian,
      'ms',
      `page median ${formatMs(pageMedian)}, p99 ${formatMs(percentile(h.pageMs, 99))}; all ${h.pages} pages ${formatMs(median(h.walkMs))} (median of ${h.walkMs.length})`,
      `≤ ${formatMs(MAX_HISTORY_PAGE_MS)} a page`,
      pageMedian <= MAX_HISTORY_PAGE_MS,
      h,
    ),
  );
  // The issue's figure: the whole history of 1,000 entries paged in ≤ 100 ms.
  const walkMedian = median(h.walkMs);
  figures.push(
    judged(
      'History',
      `${HISTORY_ENTRIES.toLocaleString('en-US')} entries, every page in turn`,
      walkMedian,
      'ms',
      `${h.pages} pages of ${HISTORY_PAGE}, ${h.entries} entries: median ${formatMs(walkMedian)}, slowest ${formatMs(Math.max(...h.walkMs))} (${h.walkMs.length} walks)`,
      `≤ ${formatMs(MAX_HISTORY_WALK_MS)} in all`,
      walkMedian <= MAX_HISTORY_WALK_MS && h.entries === HISTORY_ENTRIES,
      h,
    ),
  );
  const cost = (label: string, c: { before: number[]; after: number[] }, before: string, after: string) =>
    reported(
      'History',
      `${label}: own DynamoDB cost`,
      median(c.after),
      'ms',
      `${after}: median ${formatMs(median(c.after))}, p99 ${formatMs(percentile(c.after, 99))}; before (${before}): median ${formatMs(median(c.before))}, p99 ${formatMs(percentile(c.before, 99))} (${c.after.length} each, interleaved)`,
      c,
    );
  figures.push(
    cost('Create in a category', result.writeCost.create, 'the client and its totals, a transaction of 2', 'with the history entry and feed item, a transaction of 4'),
    cost('Update, same category', result.writeCost.update, '1 UpdateItem', 'with the history entry and feed item, a transaction of 3'),
    cost('Delete in a category', result.writeCost.remove, 'a transaction of 2', 'with the trash copy, index, history and feed, a transaction of 6'),
    cost('Restore into a category', result.writeCost.restore, 'the copy and index out, the client and its totals back, a transaction of 4', 'with the history entry and feed item, a transaction of 6'),
  );

  for (const r of result.resumo) {
    const t = median(r.samples.map((x) => x.rttMs));
    const reqs = Math.max(...r.samples.map(totalRequests));
    const label = `GET /api/resumo, ${r.clientes.toLocaleString('en-US')} clients`;
    const text = `${formatMs(t)} median of ${r.samples.length} (p99 ${formatMs(percentile(r.samples.map((x) => x.rttMs), 99))}; handler ${formatMs(median(r.samples.map((x) => x.handlerMs)))})`;
    figures.push(
      r.clientes === 50_000
        ? judged('Totals at scale', `${label} time`, t, 'ms', text, `≤ ${formatMs(MAX_RESUMO_MS)}`, t <= MAX_RESUMO_MS, r.samples)
        : reported('Totals at scale', `${label} time`, t, 'ms', text, r.samples),
      judged('Totals at scale', `${label} DynamoDB requests`, reqs, 'requests', `${reqs} (${Math.max(...r.samples.map((x) => x.requests.Query ?? 0))} Query)`, '1 Query', reqs === 1),
    );
  }
  // Growth judged on paired samples: the sizes ran interleaved, so round r of every size saw the
  // same machine load; the median over rounds of each round's ratio is robust to load drift.
  const scale = result.scale;
  const growth = scale.slice(1).map((s, k) => {
    const prev = scale[k]!;
    const ratios = s.samples.map((x, r) => x.rttMs / s.clientes / (prev.samples[r]!.rttMs / prev.clientes));
    return median(ratios);
  });
  const linear = growth.every((g) => g <= MAX_PER_1K_GROWTH);
  figures.push(
    judged(
      'List at scale',
      'time grows linearly',
      Math.max(...growth),
      'ratio',
      `ms per 1,000 clients: ${per1k.map((v) => v.toFixed(1)).join(' → ')}; per-1,000 growth ${growth.map((g) => `${g.toFixed(2)} ×`).join(', ')} (median of the rounds' ratios)`,
      `per-1,000 time grows ≤ ${MAX_PER_1K_GROWTH} × from size to size`,
      linear,
    ),
  );
  return figures;
}
