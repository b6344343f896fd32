/**
 * Child process of the bench (figures 5 and 6): the local API server with the real handlers,
 * each wrapped to time its invocation, and the AWS SDK's `send` wrapped to time and count the
 * DynamoDB calls made inside it. Runs in its own process so the handlers' log lines go to a file
 * (as Lambda's stdout would) and the SDK patch touches nothing else.
 *
 * argv: <output.json> <job.json>. Env: the DynamoDB Local variables (DYNAMODB_ENDPOINT …).
 */
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { localAuthEnv } from '../../../infra/local/user-pool.ts';
import { startLocalApi } from '../../../infra/local/server.ts';
import type { HandlerExport } from '../../../infra/local/adapter.ts';
import { isSignInOnly, routes } from '../../../lambdas/routes.ts';
import { createCliente, deleteCliente, readCliente, replaceCliente } from '../../../lambdas/store/clientes.ts';
import { historyOps } from '../../../lambdas/store/historico.ts';
import { clienteItem, toClienteRecord, type ClienteRecord } from '../../../lambdas/store/items.ts';
import { newIndexSk, putInLixeira, readLixeiraCopy, takeFromLixeira, lixeiraExpiry } from '../../../lambdas/store/lixeira.ts';
import { RECORD_KIND } from '../../../lambdas/store/table.ts';
import { commit } from '../../../lambdas/store/write.ts';

export interface WorkerJob {
  warm: { table: string; calls: number; warmup: number; categoriaIds: number[]; clienteIds: number[] };
  scale: { table: string; clientes: number; runs: number }[];
  /** A client of the warm table with `entries` history entries, read page by page. */
  history: { table: string; clienteId: number; entries: number; pageSize: number; runs: number };
  /** A write's own DynamoDB cost with its history items and without them (as before), interleaved. */
  writeCost: { table: string; categoriaId: number; calls: number };
}

/** The history figures: each write measured with and without its history items. */
export interface WriteCostResult {
  /** Create in a category: the client and its category's totals; with the history entry and feed item, 2 items more. */
  create: { before: number[]; after: number[] };
  /** Same-category update: one UpdateItem before; with the history entry and feed item, one transaction of 3. */
  update: { before: number[]; after: number[] };
  /** Delete in a category: the client and its count before; with the trash copy, index, history and feed, 6 items. */
  remove: { before: number[]; after: number[] };
  /** Restore into a category: the copy and index out, the client and its totals back; with the history entry and feed item, 2 items more. */
  restore: { before: number[]; after: number[] };
}

export interface HistoryResult {
  /** Each page's round trip, every run. */
  pageMs: number[];
  /** Walking every page, per run. */
  walkMs: number[];
  pages: number;
  entries: number;
}

/** One handler invocation as measured inside the process. */
interface Invocation {
  handlerMs: number;
  /** Wall time during which at least one DynamoDB call was in flight (parallel calls overlap). */
  dynamoMs: number;
  requests: Record<string, number>;
}

export interface CallSample {
  status: number;
  rttMs: number;
  handlerMs: number;
  dynamoMs: number;
  requests: Record<string, number>;
}

export interface RouteResult {
  routeKey: string;
  samples: CallSample[];
}

export interface ScaleResult {
  table: string;
  clientes: number;
  /** Round trips with a browser's Accept-Encoding (br chosen). */
  samples: CallSample[];
  plainBytes: number;
  gzipBytes: number;
  brBytes: number;
  contentEncoding: string;
}

/** GET /resumo on a data set (answered from the totals, whatever the number of clients). */
export interface ResumoResult {
  table: string;
  clientes: number;
  samples: CallSample[];
}

export interface WorkerResult {
  warm: RouteResult[];
  scale: ScaleResult[];
  history: HistoryResult;
  writeCost: WriteCostResult;
  resumo: ResumoResult[];
}

// --- DynamoDB call timing -------------------------------------------------------------------

let current: { intervals: [number, number][]; requests: Record<string, number> } | undefined;

function patchSend(proto: { send: (...args: unknown[]) => Promise<unknown> }) {
  const original = proto.send;
  proto.send = function (this: unknown, ...args: unknown[]) {
    const rec = current;
    const name = (args[0] as { constructor: { name: string } }).constructor.name.replace(/Command$/, '');
    const started = performance.now();
    const p = original.apply(this, args);
    if (!rec) return p;
    rec.requests[name] = (rec.requests[name] ?? 0) + 1;
    const done = () => rec.intervals.push([started, performance.now()]);
    return p.then(
      (v) => (done(), v),
      (e: unknown) => {
        done();
        throw e;
      },
    );
  };
}
// The document client does not go through DynamoDBClient.send: patch both (no double count).
patchSend(DynamoDBClient.prototype as never);
patchSend(DynamoDBDocumentClient.prototype as never);

function unionMs(intervals: [number, number][]): number {
  const s = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of s) {
    if (a >= end) {
      total += b - a;
      end = b;
    } else if (b > end) {
      total += b - end;
      end = b;
    }
  }
  return total;
}

let last: Invocation | undefined;

/** The real handler, timed: the same module the default loader would import. */
function timedLoader(): (name: string) => Promise<HandlerExport> {
  const cache = new Map<string, Promise<HandlerExport>>();
  return (name) => {
    let p = cache.get(name);
    if (!p) {
      p = import(`../../../lambdas/handlers/${name}.ts`).then((mod: { handler: HandlerExport }) => {
        const inner = mod.handler;
        return async (event: APIGatewayProxyEventV2, context: Context) => {
          const rec = { intervals: [] as [number, number][], requests: {} as Record<string, number> };
          current = rec;
          const started = performance.now();
          try {
            return await inner(event, context);
          } finally {
            const handlerMs = performance.now() - started;
            current = undefined;
            last = { handlerMs, dynamoMs: unionMs(rec.intervals), requests: rec.requests };
          }
        };
      });
      cache.set(name, p);
    }
    return p;
  };
}

// --- HTTP client ---------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  rttMs: number;
}

function request(base: string, method: string, path: string, body?: unknown, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<Response> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const url = new URL(base + path);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          'accept-encoding': acceptEncoding,
          ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), rttMs: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function decode(res: Response): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.body);
  if (enc === 'gzip') return gunzipSync(res.body);
  return res.body;
}

async function call(base: string, method: string, path: string, body?: unknown, expect?: number): Promise<{ sample: CallSample; res: Response }> {
  last = undefined;
  const res = await request(base, method, path, body);
  if (expect !== undefined && res.status !== expect) {
    throw new Error(`${method} ${path}: expected ${expect}, got ${res.status} ${decode(res).toString().slice(0, 300)}`);
  }
  const inv = last as Invocation | undefined;
  if (!inv) throw new Error(`${method} ${path}: no handler invocation was recorded`);
  return { sample: { status: res.status, rttMs: res.rttMs, handlerMs: inv.handlerMs, dynamoMs: inv.dynamoMs, requests: inv.requests }, res };
}

// --- The measurements -----------------------------------------------------------------------

const json = (res: Response) => JSON.parse(decode(res).toString()) as Record<string, unknown>;

async function warmRoutes(base: string, job: WorkerJob['warm']): Promise<RouteResult[]> {
  process.env.TABLE_NAME = job.table;
  const n = job.calls + job.warmup;
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const createdCategorias: number[] = [];
  const createdClientes: number[] = [];
  const createdTarefas: number[] = [];
  /** Each created tarefa's current `versao` (a PUT sends it, as the form does). */
  const tarefaVersao = new Map<number, number>();
  /** What the import's review asks (names and CPFs/CNPJs of a file's rows), from the first page of the list. */
  let existentesBody: { nomes: string[]; documentos: string[] } | undefined;
  const responsavel = 'Ana Souza';
  // `quando` as the form sends it: São Paulo's wall time with its offset; hours from now (some overdue, some today, most later).
  const quandoAt = (hoursFromNow: number) => `${new Date(Date.now() + hoursFromNow * 3_600_000 - 3 * 3_600_000).toISOString().slice(0, 16)}-03:00`;
  // Each route: how to make its i-th call (mutations work on records the bench created).
  const plans: Record<string, (i: number) => Promise<{ sample: CallSample; res: Response }>> = {
    'GET /categorias': () => call(base, 'GET', '/categorias', undefined, 200),
    'GET /categorias/{id}': (i) => call(base, 'GET', `/categorias/${pick(job.categoriaIds, i)}`, undefined, 200),
    'POST /categorias': async (i) => {
      const r = await call(base, 'POST', '/categorias', { descricao: `Categoria de medição ${i}` }, 201);
      createdCategorias.push(Number(json(r.res).id));
      return r;
    },
    'PUT /categorias': (i) => call(base, 'PUT', '/categorias', { id: pick(createdCategorias, i), descricao: `Categoria medida ${i}` }, 200),
    'GET /categorias/{id}/historico': (i) => call(base, 'GET', `/categorias/${pick(createdCategorias, i)}/historico`, undefined, 200),
    'DELETE /categorias/{id}': (i) => call(base, 'DELETE', `/categorias/${createdCategorias[i]}`, undefined, 204),
    'GET /lixeira': () => call(base, 'GET', '/lixeira', undefined, 200),
    // Purges the categories deleted above (each with its history).
    'DELETE /lixeira/{tipo}/{id}': (i) => call(base, 'DELETE', `/lixeira/categoria/${createdCategorias[i]}`, undefined, 204),
    'GET /produtos': () => call(base, 'GET', '/produtos', undefined, 200),
    // The paged list's first page, as the clients view asks it above LIST_PAGED_ABOVE.
    'GET /produtos/pagina': async () => {
      const r = await call(base, 'GET', '/produtos/pagina?limit=24', undefined, 200);
      if (!existentesBody) {
        const itens = (json(r.res) as { itens: { nome: string; documento?: string }[] }).itens;
        existentesBody = {
          nomes: [...itens.slice(0, 8).map((c) => c.nome), 'Cliente novo do arquivo'],
          documentos: itens.flatMap((c) => (c.documento ? [c.documento] : [])).slice(0, 8),
        };
      }
      return r;
    },
    // The import's review of a file: a few of its names and CPFs/CNPJs (stored ones and a new one).
    'POST /produtos/existentes': () => call(base, 'POST', '/produtos/existentes', existentesBody, 200),
    'GET /produtos/{id}': (i) => call(base, 'GET', `/produtos/${pick(job.clienteIds, i)}`, undefined, 200),
    // The export's notes: the first page (about 2 MB at most).
    'GET /observacoes': () => call(base, 'GET', '/observacoes', undefined, 200),
    'POST /produtos': async (i) => {
      const r = await call(
        base,
        'POST',
        '/produtos',
        { nome: `Cliente de medição ${i}`, segmento: 'Varejo', pontoFocal: 'Ana Souza', valorContrato: 12_345.67, categoria: { id: pick(job.categoriaIds, i) } },
        201,
      );
      createdClientes.push(Number(json(r.res).id));
      return r;
    },
    'PUT /produtos': (i) =>
      call(
        base,
        'PUT',
        '/produtos',
        // Moves the client to another category: the heaviest update (two count adjustments).
        { id: pick(createdClientes, i), nome: `Cliente medido ${i}`, segmento: 'Saúde', pontoFocal: 'João Lima', valorContrato: 999.5, categoria: { id: pick(job.categoriaIds, i + 1) } },
        200,
      ),
    'GET /produtos/{id}/historico': (i) => call(base, 'GET', `/produtos/${pick(createdClientes, i)}/historico`, undefined, 200),
    'DELETE /produtos/{id}': (i) => call(base, 'DELETE', `/produtos/${createdClientes[i]}`, undefined, 204),
    // Restores the clients deleted above, into their categories.
    'POST /lixeira/{tipo}/{id}/restaurar': (i) => call(base, 'POST', `/lixeira/produto/${createdClientes[i]}/restaurar`, undefined, 200),
    'GET /resumo': () => call(base, 'GET', '/resumo', undefined, 200),
    'GET /atividades': () => call(base, 'GET', '/atividades', undefined, 200),
    'POST /tarefas': async (i) => {
      const r = await call(
        base,
        'POST',
        '/tarefas',
        { cliente: pick(job.clienteIds, i), tipo: 'ligacao', descricao: `Ligar sobre a renovação ${i}`, quando: quandoAt(i - 20), duracaoMin: 30, responsavel },
        201,
      );
      const t = json(r.res) as { id: number; versao: number };
      createdTarefas.push(t.id);
      tarefaVersao.set(t.id, t.versao);
      return r;
    },
    'PUT /tarefas/{id}': async (i) => {
      const id = pick(createdTarefas, i);
      const r = await call(
        base,
        'PUT',
        `/tarefas/${id}`,
        { versao: tarefaVersao.get(id), descricao: `Ligar sobre a renovação (remarcada) ${i}`, quando: quandoAt(i + 24), resultado: 'Pediu para ligar amanhã.' },
        200,
      );
      tarefaVersao.set(id, (json(r.res) as { versao: number }).versao);
      return r;
    },
    'GET /tarefas/{id}': (i) => call(base, 'GET', `/tarefas/${pick(createdTarefas, i)}`, undefined, 200),
    'GET /tarefas/{id}/historico': (i) => call(base, 'GET', `/tarefas/${pick(createdTarefas, i)}/historico`, undefined, 200),
    // A person's agenda (its first page) and counts, on the tarefas created above.
    'GET /tarefas': () => call(base, 'GET', `/tarefas?responsavel=${encodeURIComponent(responsavel)}`, undefined, 200),
    'GET /tarefas/resumo': () => call(base, 'GET', `/tarefas/resumo?responsavel=${encodeURIComponent(responsavel)}`, undefined, 200),
    'DELETE /tarefas/{id}': (i) => call(base, 'DELETE', `/tarefas/${createdTarefas[i]}`, undefined, 204),
    // Empty in the open mode (no user pool): the handler's own cost.
    'GET /equipe': () => call(base, 'GET', '/equipe', undefined, 200),
    $default: () => call(base, 'GET', '/nao-existe', undefined, 404),
  };
  // The users API is not served in the open mode the bench runs in (404 before any logic).
  // The import routes are measured by the CSV section, end to end.
  const missing = routes.filter((r) => !plans[r.routeKey] && !isSignInOnly(r) && !r.path.startsWith('/importacoes')).map((r) => r.routeKey);
  if (missing.length > 0) throw new Error(`the bench has no plan for route(s): ${missing.join(', ')}`);
  const order = [
    'GET /categorias', 'GET /categorias/{id}', 'POST /categorias', 'PUT /categorias', 'GET /categorias/{id}/historico',
    'DELETE /categorias/{id}', 'GET /lixeira', 'DELETE /lixeira/{tipo}/{id}',
    'GET /produtos', 'GET /produtos/pagina', 'POST /produtos/existentes', 'GET /produtos/{id}', 'GET /observacoes', 'POST /produtos', 'PUT /produtos', 'GET /produtos/{id}/historico',
    'DELETE /produtos/{id}', 'POST /lixeira/{tipo}/{id}/restaurar', 'GET /resumo', 'GET /atividades',
    'POST /tarefas', 'PUT /tarefas/{id}', 'GET /tarefas/{id}', 'GET /tarefas/{id}/historico', 'GET /tarefas', 'GET /tarefas/resumo',
    'DELETE /tarefas/{id}', 'GET /equipe', '$default',
  ];
  const results: RouteResult[] = [];
  for (const routeKey of order) {
    const samples: CallSample[] = [];
    for (let i = 0; i < n; i++) {
      const { sample } = await plans[routeKey]!(i);
      if (i >= job.warmup) samples.push(sample);
    }
    results.push({ routeKey, samples });
  }
  return results;
}

/**
 * GET /produtos on every size, the sizes interleaved run by run (a load change on this shared
 * machine then hits every size alike), after one unmeasured call per size.
 */
async function listAtScale(base: string, jobs: WorkerJob['scale']): Promise<ScaleResult[]> {
  const results: ScaleResult[] = jobs.map((j) => ({ table: j.table, clientes: j.clientes, samples: [], plainBytes: 0, gzipBytes: 0, brBytes: 0, contentEncoding: '' }));
  const runs = Math.max(...jobs.map((j) => j.runs));
  for (let round = -1; round < runs; round++) {
    for (const [i, job] of jobs.entries()) {
      if (round >= job.runs) continue;
      process.env.TABLE_NAME = job.table;
      const { sample, res } = await call(base, 'GET', '/produtos', undefined, 200);
      if (round < 0) continue;
      const r = results[i]!;
      r.samples.push(sample);
      r.contentEncoding = String(res.headers['content-encoding'] ?? 'identity');
      if (r.plainBytes === 0) {
        const plain = decode(res);
        const count = (JSON.parse(plain.toString()) as unknown[]).length;
        if (count !== job.clientes) throw new Error(`GET /produtos on ${job.table} returned ${count} clients, expected ${job.clientes}`);
        r.plainBytes = plain.length;
      }
    }
  }
  for (const [i, job] of jobs.entries()) {
    process.env.TABLE_NAME = job.table;
    const gz = await request(base, 'GET', '/produtos', undefined, 'gzip');
    const br = await request(base, 'GET', '/produtos', undefined, 'br');
    if (gz.headers['content-encoding'] !== 'gzip' || br.headers['content-encoding'] !== 'br') {
      throw new Error(`GET /produtos on ${job.table} was not compressed as asked (${gz.status}/${br.status})`);
    }
    results[i]!.gzipBytes = gz.body.length;
    results[i]!.brBytes = br.body.length;
  }
  return results;
}

/** A record's 1,000-entry history read page by page (`?limit=` pageSize, the cursor followed), `runs` times. */
async function historyPaging(base: string, job: WorkerJob['history']): Promise<HistoryResult> {
  process.env.TABLE_NAME = job.table;
  const out: HistoryResult = { pageMs: [], walkMs: [], pages: 0, entries: 0 };
  for (let run = -1; run < job.runs; run++) {
    let cursor: string | null = null;
    let pages = 0;
    let entries = 0;
    const started = performance.now();
    do {
      const query: string = `?limit=${job.pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { sample, res } = await call(base, 'GET', `/produtos/${job.clienteId}/historico${query}`, undefined, 200);
      const page = json(res) as { itens: unknown[]; cursor: string | null };
      if (run >= 0) out.pageMs.push(sample.rttMs);
      cursor = page.cursor;
      pages++;
      entries += page.itens.length;
    } while (cursor);
    if (run < 0) continue;
    out.walkMs.push(performance.now() - started);
    if (entries !== job.entries) throw new Error(`the history had ${entries} entries, expected ${job.entries}`);
    out.pages = pages;
    out.entries = entries;
  }
  return out;
}

/**
 * A write's own DynamoDB cost with its history items and without them (the write as it was
 * before), interleaved call by call on the same machine load: the store's commit timed alone.
 * Create, update, delete, then restore of what the deletes put in the trash.
 */
async function writeCost(job: WorkerJob['writeCost']): Promise<WriteCostResult> {
  process.env.TABLE_NAME = job.table;
  const out: WriteCostResult = {
    create: { before: [], after: [] },
    update: { before: [], after: [] },
    remove: { before: [], after: [] },
    restore: { before: [], after: [] },
  };
  const em = () => new Date().toISOString();
  const kind = RECORD_KIND.cliente;
  const timed = async (ops: Parameters<typeof commit>[0]) => {
    const t = performance.now();
    const written = await commit(ops);
    if (!written.ok) throw new Error(`write cost: ${written.outcome.kind}`);
    return performance.now() - t;
  };
  // Clients to write, with ids far above the seeded ones; every other create with its history entry.
  const ids = Array.from({ length: 2 * job.calls }, (_, i) => 800_000_000 + i);
  for (const [i, id] of ids.entries()) {
    const withHistory = i % 2 === 1;
    const record: ClienteRecord = { id, nome: `Custo ${id}`, segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 100, categoriaId: job.categoriaId, versao: 1, historico: withHistory ? 1 : 0 };
    const entry = { acao: 'criado' as const, em: em(), por: 'bench' };
    out.create[withHistory ? 'after' : 'before'].push(
      await timed([...createCliente(record), ...(withHistory ? historyOps({ kind, id, nome: record.nome, seq: 1, entry }) : [])]),
    );
  }
  for (const [i, id] of ids.entries()) {
    const withHistory = i % 2 === 1;
    const before = (await readCliente(id))!;
    const after = { ...before, valorContrato: before.valorContrato + 1, versao: before.versao + 1, historico: before.historico + 1, atualizadoEm: em(), atualizadoPor: 'bench' };
    const alteracoes = [{ campo: 'valorContrato', antes: before.valorContrato, depois: after.valorContrato }];
    const entry = { acao: 'alterado' as const, em: after.atualizadoEm, por: 'bench', alteracoes };
    out.update[withHistory ? 'after' : 'before'].push(
      await timed([...replaceCliente(before, after), ...(withHistory ? historyOps({ kind, id, nome: before.nome, seq: after.historico, entry }) : [])]),
    );
  }
  const trashCopy = (before: ClienteRecord, seq: number) => {
    const ms = Date.now();
    return [
      ...putInLixeira(kind, clienteItem({ ...before, historico: seq }), { nome: before.nome, excluidoEm: em(), excluidoPor: 'bench', indice: newIndexSk(ms), expiresAt: lixeiraExpiry(ms) }),
      ...historyOps({ kind, id: before.id, nome: before.nome, seq, entry: { acao: 'excluido', em: em(), por: 'bench' } }),
    ];
  };
  for (const [i, id] of ids.entries()) {
    const withTrash = i % 2 === 1;
    const before = (await readCliente(id))!;
    out.remove[withTrash ? 'after' : 'before'].push(await timed([...deleteCliente(before), ...(withTrash ? trashCopy(before, before.historico + 1) : [])]));
  }
  // The restores: the deletes without trash left nothing to restore, so those clients go to the trash first (unmeasured).
  for (const [i, id] of ids.entries()) {
    if (i % 2 === 1) continue;
    const copy = await readLixeiraCopy(kind, id);
    if (copy) continue;
    const written = await commit(trashCopy({ id, nome: `Custo ${id}`, segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 101, categoriaId: job.categoriaId, versao: 2, historico: 1 }, 2));
    if (!written.ok) throw new Error(`write cost: to the trash ${id} failed (${written.outcome.kind})`);
  }
  for (const [i, id] of ids.entries()) {
    const withHistory = i % 2 === 1;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const copy = (await readLixeiraCopy(kind, id))!;
    const old = toClienteRecord(copy.item);
    const seq = old.historico + 1;
    const record: ClienteRecord = { ...old, versao: old.versao + 1, ...(withHistory ? { historico: seq, atualizadoEm: em(), atualizadoPor: 'bench' } : {}) };
    const entry = { acao: 'restaurado' as const, em: em(), por: 'bench' };
    out.restore[withHistory ? 'after' : 'before'].push(
      await timed([...takeFromLixeira(copy, nowSeconds), ...createCliente(record), ...(withHistory ? historyOps({ kind, id, nome: record.nome, seq, entry }) : [])]),
    );
  }
  return out;
}


/**
 * GET /resumo on every size, interleaved like the lists, after one unmeasured call per size (a
 * table seeded before the totals gets them counted there, once).
 */
async function resumoAtScale(base: string, jobs: WorkerJob['scale']): Promise<ResumoResult[]> {
  const results: ResumoResult[] = jobs.map((j) => ({ table: j.table, clientes: j.clientes, samples: [] }));
  for (let round = -1; round < RESUMO_RUNS; round++) {
    for (const [i, job] of jobs.entries()) {
      process.env.TABLE_NAME = job.table;
      const { sample, res } = await call(base, 'GET', '/resumo', undefined, 200);
      if (round < 0) {
        const clientes = (JSON.parse(decode(res).toString()) as { clientes: number }).clientes;
        if (clientes !== job.clientes) throw new Error(`GET /resumo on ${job.table} counted ${clientes} clients, expected ${job.clientes}`);
        continue;
      }
      results[i]!.samples.push(sample);
    }
  }
  return results;
}

/** Measured calls of GET /resumo per size. */
export const RESUMO_RUNS = 20;

const [outFile, jobFile] = process.argv.slice(2);
if (!outFile || !jobFile) throw new Error('usage: api-worker.ts <output.json> <job.json>');
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as WorkerJob;
// The open mode (as the bench's preview runs it), said explicitly: handlers refuse an unset AUTH_MODE.
Object.assign(process.env, localAuthEnv(undefined));
const api = await startLocalApi({ loadHandler: timedLoader() });
try {
  const result: WorkerResult = {
    warm: await warmRoutes(api.url, job.warm),
    scale: await listAtScale(api.url, job.scale),
    history: await historyPaging(api.url, job.history),
    writeCost: await writeCost(job.writeCost),
    resumo: await resumoAtScale(api.url, job.scale),
  };
  writeFileSync(outFile, JSON.stringify(result));
} finally {
  agent.destroy();
  await api.close();
}
