/**
 * Seeding for demos, tests and benchmarks: writes items in the exact storage format (category
 * counts right, id counters advanced, versao 1) with BatchWriteItem, a few batches at a time.
 * Ids are reserved from the same atomic counters the API uses, so seeding a table that already
 * holds data never collides with existing records.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CategoriaItem, ProdutoItem } from '../store/items.ts';
import { SEQUENCIA_KEY } from '../store/items.ts';
import { PK } from '../store/table.ts';

/** What a seeding call wrote. */
export interface SeedResult {
  categorias: number;
  clientes: number;
  /** Ids given to the new categories and clients (inclusive ranges; empty when count is 0). */
  categoriaIds: number[];
  produtoIds: { first: number; last: number };
}

const BATCH_SIZE = 25;
const CONCURRENT_BATCHES = 4;
const MAX_UNPROCESSED_ROUNDS = 12;

/** Reserves `n` consecutive ids from a counter; returns the first one. */
async function reserveIds(
  doc: DynamoDBDocumentClient,
  tableName: string,
  counter: 'categoria' | 'produto',
  n: number,
): Promise<number> {
  if (n === 0) return 0;
  const out = await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: SEQUENCIA_KEY,
      UpdateExpression: 'ADD #c :n',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':n': n },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.[counter]) - n + 1;
}

/**
 * Writes items with BatchWriteItem in batches of 25, CONCURRENT_BATCHES at a time, retrying
 * unprocessed items with a short backoff (DynamoDB returns them under load).
 */
export async function batchPut(
  doc: DynamoDBDocumentClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) batches.push(items.slice(i, i + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; requests.length > 0; round++) {
        if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('Seeding gave up: DynamoDB kept items unprocessed.');
        if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_BATCHES, batches.length) }, worker));
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same data set. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIAS = [
  'Varejo', 'Saúde', 'Educação', 'Logística', 'Agronegócio', 'Tecnologia da Informação',
  'Alimentação', 'Construção Civil', 'Serviços Financeiros', 'Indústria Têxtil', 'Energia',
  'Turismo e Hotelaria', 'Comunicação', 'Automotivo', 'Farmacêutico', 'Imobiliário',
];
const NEGOCIOS = [
  'Padaria', 'Construtora', 'Clínica', 'Transportadora', 'Farmácia', 'Mercado', 'Escola',
  'Distribuidora', 'Açougue', 'Oficina', 'Consultoria', 'Agropecuária', 'Confecções', 'Papelaria',
  'Restaurante', 'Hotel', 'Laboratório', 'Ótica', 'Livraria', 'Serralheria',
];
const NOMES = [
  'São João', 'Araújo', 'Conceição', 'Gonçalves', 'Estrela', 'Pão de Açúcar', 'Boa Esperança',
  'Ipê Amarelo', 'Três Corações', 'Vitória', 'Guimarães', 'Sertão', 'Brandão', 'Assunção',
  'Paraná', 'Itaú', 'Jequitibá', 'Beija-Flor', 'Magalhães', 'Fênix', 'Simões', 'Rio Grande',
];
const SUFIXOS = ['Ltda.', 'S.A.', 'ME', '& Filhos', 'EIRELI', 'Comércio', 'e Cia.', ''];
const SEGMENTOS = [
  'Varejo alimentar', 'Saúde suplementar', 'Ensino básico', 'Transporte rodoviário', 'Agricultura',
  'Software', 'Food service', 'Obras residenciais', 'Crédito', 'Moda', 'Energia solar', '',
];
const PESSOAS = [
  'Ana Luíza', 'João', 'Maria José', 'Antônio', 'Fábio', 'Letícia', 'Sérgio', 'Inês', 'Márcio',
  'Cláudia', 'Rogério', 'Bárbara', 'Vinícius', 'Lúcia', 'Thaís', 'Caio', 'Débora', 'Otávio',
];
const SOBRENOMES = [
  'Conceição', 'Gonçalves', 'Araújo', 'Simões', 'Magalhães', 'Brandão', 'Guimarães', 'Lopes',
  'Assunção', 'Peçanha', 'Falcão', 'Damásio', 'Fontes', 'Sá', 'Romão',
];

/**
 * Fills the table with `categorias` categories and `clientes` clients in the storage format:
 * clients spread over the new categories (about one in ten without any), contract values below
 * and above the VIP threshold with cents, realistic Portuguese names. Deterministic for a given
 * table state.
 */
export async function seedDatabase(
  doc: DynamoDBDocumentClient,
  tableName: string,
  counts: { categorias: number; clientes: number },
): Promise<SeedResult> {
  const nCat = Math.max(0, Math.floor(counts.categorias));
  const nCli = Math.max(0, Math.floor(counts.clientes));
  const [firstCat, firstCli] = await Promise.all([
    reserveIds(doc, tableName, 'categoria', nCat),
    reserveIds(doc, tableName, 'produto', nCli),
  ]);
  const random = prng(firstCli * 31 + nCli);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const categorias: CategoriaItem[] = Array.from({ length: nCat }, (_, i) => {
    const base = CATEGORIAS[i % CATEGORIAS.length]!;
    const round = Math.floor(i / CATEGORIAS.length);
    return {
      pk: PK.categoria,
      sk: firstCat + i,
      descricao: round === 0 ? base : `${base} ${round + 1}`,
      produtos: 0,
      versao: 1,
    };
  });

  const clientes: ProdutoItem[] = Array.from({ length: nCli }, (_, i) => {
    const categoria = nCat > 0 && random() >= 0.1 ? categorias[Math.floor(random() * nCat)] : undefined;
    if (categoria) categoria.produtos++;
    // Half at or below the VIP threshold (10000), half above; always with cents, a few exact.
    const roll = random();
    const valorContrato =
      roll < 0.02 ? 10000 : roll < 0.5 ? Math.round(random() * 1_000_000) / 100 : Math.round(1_000_001 + random() * 500_000_000) / 100;
    const nome = `${pick(NEGOCIOS)} ${pick(NOMES)} ${pick(SUFIXOS)}`.trim();
    return {
      pk: PK.produto,
      sk: firstCli + i,
      nome,
      segmento: pick(SEGMENTOS),
      pontoFocal: random() < 0.05 ? '' : `${pick(PESSOAS)} ${pick(SOBRENOMES)}`,
      valorContrato,
      ...(categoria ? { categoriaId: categoria.sk } : {}),
      versao: 1,
    };
  });

  await batchPut(doc, tableName, [...categorias, ...clientes] as unknown as Record<string, unknown>[]);
  return {
    categorias: nCat,
    clientes: nCli,
    categoriaIds: categorias.map((c) => c.sk),
    produtoIds: { first: nCli > 0 ? firstCli : 0, last: nCli > 0 ? firstCli + nCli - 1 : 0 },
  };
}

const DEMO_CATEGORIAS = ['Varejo', 'Saúde', 'Educação', 'Logística', 'Tecnologia'] as const;
type DemoCategoria = (typeof DEMO_CATEGORIAS)[number];

const DEMO_CLIENTES: readonly {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: DemoCategoria | null;
}[] = [
  { nome: 'Padaria Pão de Açúcar', segmento: 'Panificação', pontoFocal: 'Maria José Conceição', valorContrato: 4500, categoria: 'Varejo' },
  { nome: 'Supermercado Boa Esperança', segmento: 'Varejo alimentar', pontoFocal: 'João Araújo', valorContrato: 85000, categoria: 'Varejo' },
  { nome: 'Ótica Visão Clara', segmento: 'Óptica', pontoFocal: 'Letícia Simões', valorContrato: 10000, categoria: 'Varejo' },
  { nome: 'Clínica São Lucas', segmento: 'Saúde suplementar', pontoFocal: 'Dra. Inês Magalhães', valorContrato: 125000.5, categoria: 'Saúde' },
  { nome: 'Farmácia Três Corações', segmento: 'Farmácia', pontoFocal: 'Sérgio Gonçalves', valorContrato: 9999.99, categoria: 'Saúde' },
  { nome: 'Escola Ipê Amarelo', segmento: 'Ensino fundamental', pontoFocal: 'Cláudia Brandão', valorContrato: 32000, categoria: 'Educação' },
  { nome: 'Colégio Estrela do Saber', segmento: 'Ensino médio', pontoFocal: 'Márcio Guimarães', valorContrato: 7800.75, categoria: 'Educação' },
  { nome: 'Transportadora Rio Grande', segmento: 'Transporte rodoviário', pontoFocal: 'Antônio Falcão', valorContrato: 250000, categoria: 'Logística' },
  { nome: 'Distribuidora Beija-Flor', segmento: 'Atacado', pontoFocal: 'Bárbara Lopes', valorContrato: 15999.9, categoria: 'Logística' },
  { nome: 'Software Fênix Ltda.', segmento: 'Software', pontoFocal: 'Vinícius Romão', valorContrato: 48000, categoria: 'Tecnologia' },
  { nome: 'Açougue do Sertão', segmento: 'Alimentação', pontoFocal: '', valorContrato: 1200.35, categoria: null },
  { nome: 'Oficina Mecânica Assunção', segmento: '', pontoFocal: 'Rogério Peçanha', valorContrato: 3000, categoria: null },
];

/**
 * Writes a small hand-written demo set in Portuguese (5 categories, 12 clients: some VIP, one at
 * exactly 10000, some with cents, two without category). It always adds records: call it on an
 * empty table.
 */
export async function seedDemo(doc: DynamoDBDocumentClient, tableName: string): Promise<SeedResult> {
  const [firstCat, firstCli] = await Promise.all([
    reserveIds(doc, tableName, 'categoria', DEMO_CATEGORIAS.length),
    reserveIds(doc, tableName, 'produto', DEMO_CLIENTES.length),
  ]);
  const categorias: CategoriaItem[] = DEMO_CATEGORIAS.map((descricao, i) => ({
    pk: PK.categoria,
    sk: firstCat + i,
    descricao,
    produtos: DEMO_CLIENTES.filter((c) => c.categoria === descricao).length,
    versao: 1,
  }));
  const clientes: ProdutoItem[] = DEMO_CLIENTES.map(({ categoria, ...c }, i) => ({
    pk: PK.produto,
    sk: firstCli + i,
    ...c,
    ...(categoria ? { categoriaId: firstCat + DEMO_CATEGORIAS.indexOf(categoria) } : {}),
    versao: 1,
  }));
  await batchPut(doc, tableName, [...categorias, ...clientes] as unknown as Record<string, unknown>[]);
  return {
    categorias: categorias.length,
    clientes: clientes.length,
    categoriaIds: categorias.map((c) => c.sk),
    produtoIds: { first: firstCli, last: firstCli + clientes.length - 1 },
  };
}
