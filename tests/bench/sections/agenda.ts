/**
 * The agenda at 100,000 tarefas (BENCH_AGENDA_TAREFAS): a person's pending agenda
 * (GET /api/tarefas?responsavel=…&status=pendente, the first page and the next) and their counts
 * (GET /api/tarefas/resumo), each the real handler's own server time in this process on
 * DynamoDB Local. Its own table, seeded once like the clients' data sets (2,000 clients, 20
 * people, tarefas over two years, 70 % pending, as a create stores them) and kept for the next
 * runs. Judged: the pending agenda's first page ≤ 50 ms whatever the table's size (one query of
 * the index), and the seeding under 3 minutes when it runs.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildEvent } from '../../../infra/local/adapter.ts';
import { ensureTable } from '../../../infra/local/table.ts';
import { TIPOS_TAREFA } from '../../../lambdas/contract/tarefa.ts';
import { API_BASE_PATH, matchRoute } from '../../../lambdas/routes.ts';
import { batchPut } from '../../../lambdas/store/batch.ts';
import { PK } from '../../../lambdas/store/table.ts';
import { createTarefa, proximaOf, proximaOp, type TarefaRecord } from '../../../lambdas/store/tarefas.ts';
import { itemsPutBy } from '../../../lambdas/store/write.ts';
import { seedDatabase } from '../../../tools/seed.ts';
import { decodeBody } from '../../api/events.ts';
import type { BenchDb } from '../lib/db.ts';
import { judged, ms, reported, type Figure } from '../lib/figures.ts';
import { median } from '../lib/stats.ts';

const SECTION = 'Agenda';
export const DEFAULT_TAREFAS = 100_000;
const CLIENTES = 2_000;
const PESSOAS = 20;
/** Timed calls of each figure (after one unmeasured call), median reported. */
const RUNS = 10;
export const MAX_AGENDA_MS = 50;
export const MAX_SEED_SECONDS = 180;
const PAGE = 50;

type Handler = (event: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Handler>();

/** Calls a tarefas handler; its answer and its own time. */
async function get(name: 'list' | 'resumo', path: string, query: string): Promise<{ ms: number; body: Record<string, unknown> }> {
  let handler = handlers.get(name);
  if (!handler) {
    handler = (name === 'list'
      ? ((await import('../../../lambdas/handlers/tarefas/list.ts')) as { handler: Handler })
      : ((await import('../../../lambdas/handlers/tarefas/resumo.ts')) as { handler: Handler })
    ).handler;
    handlers.set(name, handler);
  }
  const route = matchRoute('GET', path)!;
  const event = buildEvent({ method: 'GET', url: `${API_BASE_PATH}${path}?${query}`, rawHeaders: [], body: Buffer.alloc(0), sourceIp: '127.0.0.1', route });
  const t = performance.now();
  const result = await handler(event);
  const took = performance.now() - t;
  if (result.statusCode !== 200) throw new Error(`GET ${path}?${query}: ${result.statusCode} ${result.body?.slice(0, 200)}`);
  return { ms: took, body: decodeBody(result) };
}

async function timed(call: () => Promise<{ ms: number }>): Promise<{ median: number; samples: number[] }> {
  await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push((await call()).ms);
  return { median: median(samples), samples };
}

const pessoa = (i: number) => `pessoa${String(i).padStart(2, '0')}@empresa.com.br`;

/** How many tarefas the table holds (their pointers' partition, counted). */
async function countTarefas(db: BenchDb, table: string): Promise<number> {
  return (await db.partition(table, 'TAREFA')).items;
}

/** Seeds `n` tarefas on CLIENTES clients (a deterministic spread), as a create stores each, with every client's next tarefa. */
async function seed(db: BenchDb, table: string, n: number, log: (line: string) => void): Promise<void> {
  await db.drop(table);
  await ensureTable(db.client, table);
  const database = { doc: db.doc, tableName: table };
  await seedDatabase(database, { categorias: 16, clientes: CLIENTES });
  log(`${table}: ${CLIENTES} clients seeded`);
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const byCliente = new Map<number, TarefaRecord[]>();
  const chunk = 5_000;
  for (let start = 0; start < n; start += chunk) {
    const items = [];
    for (let i = start; i < Math.min(n, start + chunk); i++) {
      const cliente = 1 + (i % CLIENTES);
      const t: TarefaRecord = {
        id: i + 1,
        cliente,
        tipo: TIPOS_TAREFA[i % TIPOS_TAREFA.length]!,
        descricao: `Acompanhamento ${i + 1}`,
        // Two years around now, at whole quarter hours.
        quando: new Date(Math.round((now - 365 * day + ((i * 7919) % (730 * 96)) * 15 * 60 * 1000) / 60_000) * 60_000).toISOString(),
        responsavel: pessoa(i % PESSOAS),
        concluida: i % 10 < 3,
        versao: 1,
        historico: 1,
      };
      byCliente.set(cliente, [...(byCliente.get(cliente) ?? []), t]);
      items.push(...itemsPutBy(createTarefa(t)));
    }
    await batchPut(database, items);
    log(`${table}: ${Math.min(n, start + chunk).toLocaleString('en-US')} of ${n.toLocaleString('en-US')} tarefas`);
  }
  await batchPut(
    database,
    [...byCliente].flatMap(([cliente, tarefas]) => itemsPutBy([proximaOp(cliente, { v: 0 }, proximaOf(tarefas))])),
  );
  await db.doc.send(new UpdateCommand({ TableName: table, Key: { pk: PK.sequencia, sk: 0 }, UpdateExpression: 'SET tarefa = :n', ExpressionAttributeValues: { ':n': n } }));
}

export async function agendaFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const n = Number(process.env.BENCH_AGENDA_TAREFAS) || DEFAULT_TAREFAS;
  const table = `bench-agenda-${n}`;
  const figures: Figure[] = [];
  Object.assign(process.env, db.env, { AUTH_MODE: 'off', LOG_LEVEL: 'error', TABLE_NAME: table, TIME_ZONE: 'America/Sao_Paulo' });
  await ensureTable(db.client, table);
  if ((await countTarefas(db, table)) !== n) {
    log(`seeding ${table}: ${CLIENTES} clients, ${n.toLocaleString('en-US')} tarefas (kept for the next runs)`);
    const t = Date.now();
    await seed(db, table, n, log);
    const seconds = (Date.now() - t) / 1000;
    figures.push(
      judged(SECTION, `seeding ${n.toLocaleString('en-US')} tarefas`, seconds, 's', `${seconds.toFixed(0)} s`, `< ${MAX_SEED_SECONDS} s`, seconds < MAX_SEED_SECONDS),
    );
  }
  const at = ` at ${n.toLocaleString('en-US')} tarefas`;
  const who = encodeURIComponent(pessoa(7));
  const first = await timed(() => get('list', '/tarefas', `responsavel=${who}&status=pendente&limit=${PAGE}`));
  const body = (await get('list', '/tarefas', `responsavel=${who}&status=pendente&limit=${PAGE}`)).body as { itens: unknown[]; cursor: string | null };
  if (body.itens.length !== PAGE || !body.cursor) throw new Error(`a person's agenda gave ${body.itens.length} tarefas`);
  figures.push(
    judged(
      SECTION,
      `a person's pending agenda, first page of ${PAGE}${at}`,
      first.median,
      'ms',
      `${ms(first.median)} (median of ${RUNS}; slowest ${ms(Math.max(...first.samples))})`,
      `≤ ${MAX_AGENDA_MS} ms`,
      first.median <= MAX_AGENDA_MS,
      first.samples,
    ),
  );
  const cursor = encodeURIComponent(body.cursor);
  const next = await timed(() => get('list', '/tarefas', `responsavel=${who}&status=pendente&limit=${PAGE}&cursor=${cursor}`));
  figures.push(reported(SECTION, `the next page${at}`, next.median, 'ms', ms(next.median), next.samples));
  const week = await timed(() => get('list', '/tarefas', `responsavel=${who}&status=pendente&desde=2026-01-05&ate=2026-01-11&limit=${PAGE}`));
  figures.push(reported(SECTION, `a person's pending week (desde/ate)${at}`, week.median, 'ms', ms(week.median), week.samples));
  const team = await timed(() => get('list', '/tarefas', `status=pendente&limit=${PAGE}`));
  figures.push(reported(SECTION, `the team's pending agenda, first page${at}`, team.median, 'ms', ms(team.median), team.samples));
  const counts = await timed(() => get('resumo', '/tarefas/resumo', `responsavel=${who}`));
  const resumo = (await get('resumo', '/tarefas/resumo', `responsavel=${who}`)).body;
  figures.push(reported(SECTION, `a person's counts (overdue ${String(resumo.atrasadas)}, today ${String(resumo.hoje)})${at}`, counts.median, 'ms', ms(counts.median), counts.samples));
  return figures;
}
