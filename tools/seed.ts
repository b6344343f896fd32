/**
 * Seeding for demos, tests and benchmarks: writes records in the exact storage format (category
 * counts right, names claimed, versao 1) with the store's batch writer. The demo set is written as
 * if someone had created it over the last days (who and when, each record's `criado` history
 * entry and activity item, so the app's history and "Atualizações recentes" show something);
 * bulk seeding writes no history or audit fields, as data loaded from elsewhere. Ids are reserved from
 * the same atomic counters the API uses, and new category names are made unique against the
 * stored ones, so seeding a table that already holds data never collides with it.
 */
import { cnpjCheckDigits, cpfCheckDigits } from '../lambdas/contract/documento.ts';
import { foldName } from '../lambdas/contract/text.ts';
import { batchPut } from '../lambdas/store/batch.ts';
import type { Database } from '../lambdas/store/client.ts';
import { reserveIds } from '../lambdas/store/ids.ts';
import { addTotals, markTotalsIfEmpty, totalsOf } from '../lambdas/store/aggregates.ts';
import { createCategoria, createCategoriaWithHistory } from '../lambdas/store/categorias.ts';
import { createCliente, createClienteWithHistory } from '../lambdas/store/clientes.ts';
import type { CategoriaRecord, ClienteRecord } from '../lambdas/store/items.ts';
import { markIndexesDoneIfEmpty } from '../lambdas/store/migracao.ts';
import { documentosClaimed, foldedNamesInUse } from '../lambdas/store/names.ts';
import { itemsPutBy } from '../lambdas/store/write.ts';

/** What a seeding call wrote. */
export interface SeedResult {
  categorias: number;
  clientes: number;
  /** Ids given to the new categories. */
  categoriaIds: number[];
  /** Ids given to the new clients (an inclusive range; 0–0 when none). */
  clienteIds: { first: number; last: number };
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

/** `names`, each made unique against `taken` (and each other) by a number: "Varejo" → "Varejo 2". */
function uniqueNames(names: readonly string[], taken: Set<string>): string[] {
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(foldName(candidate)); n++) candidate = `${name} ${n}`;
    taken.add(foldName(candidate));
    return candidate;
  });
}

/**
 * Writes the categories (with their name claims and totals) and the clients (with their
 * documento claims; a documento some client already has is left out, so a seed never takes one),
 * each record's items those its create writes (the store's create operations; with `withHistory`,
 * those that also write its `criado` history entry and feed item), in bulk, a chunk at a time:
 * each chunk's totals are added to its categories (the new ones start at zero, existing ones
 * keep theirs) and to the Sem categoria totals when the table has them (otherwise the API's first
 * client write counts every stored client: store/aggregates.ts), so the stored totals equal the
 * clients written after every chunk, and a seed stopped between chunks can be continued.
 */
async function write(
  db: Database,
  categorias: readonly CategoriaRecord[],
  seeded: readonly ClienteRecord[],
  withHistory: boolean,
  { onProgress, chunk = SEED_CHUNK }: SeedOptions = {},
): Promise<SeedResult> {
  // Seeded clients come with their index items and totals: a table that had none is complete.
  await markTotalsIfEmpty(db);
  await markIndexesDoneIfEmpty(db);
  const wanted = seeded.flatMap((c) => (c.documento ? [c.documento] : []));
  const held = wanted.length ? await documentosClaimed(db, wanted) : new Set<string>();
  const clientes: ClienteRecord[] = seeded.map(({ documento, ...c }) => (documento && !held.has(documento) ? { ...c, documento } : c));
  const empty = categorias.map((c) => ({ ...c, clientes: 0, vips: 0, soma: 0, somaVip: 0 }));
  await batchPut(db, empty.flatMap((c) => itemsPutBy(withHistory ? createCategoriaWithHistory(c) : createCategoria(c))));
  // The clients in chunks (each with its claims, index items and history): memory stays bounded
  // by a chunk's items, and progress shows after each.
  const started = Date.now();
  for (let i = 0; i < clientes.length; i += chunk) {
    const part = clientes.slice(i, i + chunk);
    await batchPut(db, part.flatMap((c) => itemsPutBy(withHistory ? createClienteWithHistory(c) : createCliente(c))));
    await addTotals(db, totalsOf(part));
    onProgress?.({ feitos: i + part.length, total: clientes.length, ms: Date.now() - started });
  }
  return {
    categorias: categorias.length,
    clientes: clientes.length,
    categoriaIds: categorias.map((c) => c.id),
    clienteIds: { first: clientes[0]?.id ?? 0, last: clientes.at(-1)?.id ?? 0 },
  };
}

/** Clients written per batch of seeding (with their claims, index items and history). */
const SEED_CHUNK = 2_000;

/** How seeding reports its progress, and the clients it writes per batch. */
export interface SeedOptions {
  onProgress?: (p: SeedProgress) => void;
  chunk?: number;
  /**
   * seedDatabase only: existing categories (ids) to spread the new clients over, with `categorias`
   * 0 (a stopped seed continued: the bench tops a data set up to its size).
   */
  intoCategorias?: readonly number[];
}

/** Seeding's progress: clients written of the total, and the time so far. */
export interface SeedProgress {
  feitos: number;
  total: number;
  ms: number;
}

const DDDS = ['11', '21', '31', '41', '47', '51', '61', '71', '81', '85', '92'];
const NOTAS = [
  'Prefere contato por WhatsApp, de manhã.',
  'Pagamento todo dia 10; nota fiscal por e-mail.',
  'Renovação costuma ser negociada com a diretoria financeira.\nPedir proposta com 60 dias de antecedência.',
  'Cliente desde a abertura da empresa. Atenção ao reajuste anual pelo IPCA.',
];

/** A CNPJ (most) or CPF made from a client id: unique per id, check digits right. */
function documentoOf(id: number): string {
  if (id % 5 === 0) {
    const base = String(100_000_000 + (id % 899_999_999)).slice(-9);
    return base + cpfCheckDigits(base);
  }
  const base = `${String(id % 100_000_000).padStart(8, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

/** An ISO date `days` after `iso`. */
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/** Today's ISO date (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Fills the table with `categorias` categories and `clientes` clients: clients spread over the
 * new categories (about one in ten without any), contract values below and above the VIP
 * threshold with cents, realistic Portuguese names; most with a contact e-mail and phone, a
 * CNPJ/CPF, contract dates and some notes. Deterministic for a given table state.
 */
export async function seedDatabase(db: Database, counts: { categorias: number; clientes: number }, options: SeedOptions = {}): Promise<SeedResult> {
  const nCat = Math.max(0, Math.floor(counts.categorias));
  const nCli = Math.max(0, Math.floor(counts.clientes));
  const [firstCat, firstCli, taken] = await Promise.all([
    reserveIds('categoria', nCat, db),
    reserveIds('cliente', nCli, db),
    foldedNamesInUse(db),
  ]);
  const random = prng(firstCli * 31 + nCli);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const names = Array.from({ length: nCat }, (_, i) => {
    const round = Math.floor(i / CATEGORIAS.length);
    const base = CATEGORIAS[i % CATEGORIAS.length]!;
    return round === 0 ? base : `${base} ${round + 1}`;
  });
  const categorias: CategoriaRecord[] = uniqueNames(names, taken).map((descricao, i) => ({
    id: firstCat + i,
    descricao,
    clientes: 0,
    versao: 1,
    historico: 0,
  }));
  const into = nCat > 0 ? categorias.map((c) => c.id) : (options.intoCategorias ?? []);

  const clientes: ClienteRecord[] = Array.from({ length: nCli }, (_, i) => {
    const categoriaId = into.length > 0 && random() >= 0.1 ? into[Math.floor(random() * into.length)]! : null;
    // Half at or below the VIP threshold (10000), half above; always with cents, a few exact.
    const roll = random();
    const valorContrato =
      roll < 0.02 ? 10000 : roll < 0.5 ? Math.round(random() * 1_000_000) / 100 : Math.round(1_000_001 + random() * 500_000_000) / 100;
    const nome = `${pick(NEGOCIOS)} ${pick(NOMES)} ${pick(SUFIXOS)}`.trim();
    const id = firstCli + i;
    const inicio = random() < 0.6 ? addDays('2024-01-01', Math.floor(random() * 1000)) : undefined;
    const mobile = random() < 0.7;
    const subscriber = String(Math.floor(random() * 1e8)).padStart(8, '0');
    return {
      id,
      nome,
      segmento: pick(SEGMENTOS),
      pontoFocal: random() < 0.05 ? '' : `${pick(PESSOAS)} ${pick(SOBRENOMES)}`,
      valorContrato,
      categoriaId,
      versao: 1,
      ...(random() < 0.7 ? { email: `contato${id}@${pick(NEGOCIOS).toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')}.com.br` } : {}),
      ...(random() < 0.7 ? { telefone: `+55${pick(DDDS)}${mobile ? `9${subscriber}` : `3${subscriber.slice(1)}`}` } : {}),
      ...(random() < 0.6 ? { documento: documentoOf(id) } : {}),
      ...(random() < 0.3 ? { observacoes: pick(NOTAS) } : {}),
      ...(inicio ? { inicioContrato: inicio, fimContrato: addDays(inicio, 365) } : {}),
      historico: 0,
    };
  });
  return write(db, categorias, clientes, false, options);
}

const DEMO_CATEGORIAS = ['Varejo', 'Saúde', 'Educação', 'Logística', 'Tecnologia'] as const;
type DemoCategoria = (typeof DEMO_CATEGORIAS)[number];

const DEMO_CLIENTES: readonly {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: DemoCategoria | null;
  /** Contact fields, and the contract's end as days from today (so the renewals view has some). */
  contato?: { email?: string; telefone?: string; documento?: string; observacoes?: string; fimEmDias?: number };
}[] = [
  { nome: 'Padaria Pão de Açúcar', segmento: 'Panificação', pontoFocal: 'Maria José Conceição', valorContrato: 4500, categoria: 'Varejo', contato: { email: 'compras@padariapaodeacucar.com.br', telefone: '+5511987654321', documento: '11222333000181', fimEmDias: 12 } },
  { nome: 'Supermercado Boa Esperança', segmento: 'Varejo alimentar', pontoFocal: 'João Araújo', valorContrato: 85000, categoria: 'Varejo', contato: { email: 'joao.araujo@boaesperanca.com.br', telefone: '+551134567890', documento: '11444777000161', fimEmDias: 45, observacoes: 'Renovação negociada com a diretoria financeira.\nPedir proposta com 60 dias de antecedência.' } },
  { nome: 'Ótica Visão Clara', segmento: 'Óptica', pontoFocal: 'Letícia Simões', valorContrato: 10000, categoria: 'Varejo' },
  { nome: 'Clínica São Lucas', segmento: 'Saúde suplementar', pontoFocal: 'Dra. Inês Magalhães', valorContrato: 125000.5, categoria: 'Saúde', contato: { email: 'contato@clinicasaolucas.med.br', telefone: '+5521998765432', documento: '12ABC34501DE35', fimEmDias: 3 } },
  { nome: 'Farmácia Três Corações', segmento: 'Farmácia', pontoFocal: 'Sérgio Gonçalves', valorContrato: 9999.99, categoria: 'Saúde' },
  { nome: 'Escola Ipê Amarelo', segmento: 'Ensino fundamental', pontoFocal: 'Cláudia Brandão', valorContrato: 32000, categoria: 'Educação', contato: { telefone: '+553132109876', fimEmDias: -5 } },
  { nome: 'Colégio Estrela do Saber', segmento: 'Ensino médio', pontoFocal: 'Márcio Guimarães', valorContrato: 7800.75, categoria: 'Educação' },
  { nome: 'Transportadora Rio Grande', segmento: 'Transporte rodoviário', pontoFocal: 'Antônio Falcão', valorContrato: 250000, categoria: 'Logística', contato: { email: 'falcao@transriogrande.com.br', documento: '33000167000101', fimEmDias: 80 } },
  { nome: 'Distribuidora Beija-Flor', segmento: 'Atacado', pontoFocal: 'Bárbara Lopes', valorContrato: 15999.9, categoria: 'Logística' },
  { nome: 'Software Fênix Ltda.', segmento: 'Software', pontoFocal: 'Vinícius Romão', valorContrato: 48000, categoria: 'Tecnologia' },
  { nome: 'Açougue do Sertão', segmento: 'Alimentação', pontoFocal: '', valorContrato: 1200.35, categoria: null, contato: { telefone: '+5585991234567', documento: '52998224725' } },
  { nome: 'Oficina Mecânica Assunção', segmento: '', pontoFocal: 'Rogério Peçanha', valorContrato: 3000, categoria: null },
];

/** Who created the demo set, as its records and history say (the actor of a write is an e-mail). */
export const SEED_ACTOR = 'demo@clientela.local';
/** The demo records were created one after another, this far apart, the last one an hour ago. */
const DEMO_STEP_MS = 47 * 60_000;

/**
 * Writes a small hand-written demo set in Portuguese (5 categories, 12 clients: some VIP, one at
 * exactly 10000, some with cents, two without category; contacts, CNPJs/CPFs and contracts ending
 * soon, so "Contratos a renovar" has some), created by SEED_ACTOR one after another over the
 * last hours: each record with who and when, and its `criado` history entry and activity item
 * (what the API's create writes: the store's createClienteWithHistory and
 * createCategoriaWithHistory). It always adds records (a name already in use gets a number).
 */
export async function seedDemo(db: Database, nowMs = Date.now()): Promise<SeedResult> {
  const [firstCat, firstCli, taken] = await Promise.all([
    reserveIds('categoria', DEMO_CATEGORIAS.length, db),
    reserveIds('cliente', DEMO_CLIENTES.length, db),
    foldedNamesInUse(db),
  ]);
  const total = DEMO_CATEGORIAS.length + DEMO_CLIENTES.length;
  // The categories first, then the clients, in order; each stamped when it was "created".
  const created = (n: number) => {
    const em = new Date(nowMs - 60 * 60_000 - (total - 1 - n) * DEMO_STEP_MS).toISOString();
    return { historico: 1, criadoEm: em, criadoPor: SEED_ACTOR, atualizadoEm: em, atualizadoPor: SEED_ACTOR };
  };
  const categorias: CategoriaRecord[] = uniqueNames(DEMO_CATEGORIAS, taken).map((descricao, i) => ({
    id: firstCat + i,
    descricao,
    clientes: DEMO_CLIENTES.filter((c) => c.categoria === DEMO_CATEGORIAS[i]).length,
    versao: 1,
    ...created(i),
  }));
  const clientes: ClienteRecord[] = DEMO_CLIENTES.map(({ categoria, contato: { fimEmDias, ...contato } = {}, ...c }, i) => ({
    id: firstCli + i,
    ...c,
    categoriaId: categoria ? firstCat + DEMO_CATEGORIAS.indexOf(categoria) : null,
    versao: 1,
    ...contato,
    ...(fimEmDias !== undefined ? { inicioContrato: addDays(today(), fimEmDias - 365), fimContrato: addDays(today(), fimEmDias) } : {}),
    ...created(DEMO_CATEGORIAS.length + i),
  }));
  // The clients as written (one whose CNPJ/CPF is taken is written without it: its entry is the same).
  return write(db, categorias, clientes, true);
}
