/** Field and request limits of the API: the single source for the server and the web forms. */
export const LIMITS = {
  descricao: { min: 1, max: 100 },
  nome: { min: 1, max: 120 },
  segmento: { max: 120 },
  pontoFocal: { max: 120 },
  /** The contract value: at most R$ 100.000.000,00 (a larger one is a typo); a value stored before the limit stays until its client is edited. */
  valorContrato: { min: 0, max: 100_000_000, decimals: 2 },
  // The client record's contact and contract fields (all optional). Texts read as a phone number
  // or a CPF/CNPJ may be written with punctuation: `maxInput` bounds what is read.
  /** The longest address SMTP carries (RFC 5321: a 256-octet path minus the angle brackets). */
  email: { max: 254 },
  telefone: { maxInput: 30 },
  documento: { maxInput: 30 },
  observacoes: { max: 2_000 },
  /** Contract dates (`inicioContrato`, `fimContrato`): ISO, within these. */
  data: { min: '1900-01-01', max: '2199-12-31' },
  /** Largest request body accepted, in bytes (413 above). */
  bodyBytes: 16 * 1024,
  /** Deepest nesting of arrays/objects accepted in a body (400 above); real bodies nest 2. */
  bodyDepth: 20,
  /** Lambda's response cap, enforced by the local server too. */
  responseBytes: 6 * 1024 * 1024,
  /** Responses larger than this are compressed by the handler. */
  compressAboveBytes: 1024,
  /** Idempotency keys are remembered this long. */
  idempotencyTtlSeconds: 24 * 60 * 60,
  idempotencyKeyMaxLength: 255,
  /** `?limit=` of the paged lists (history, trash): the default and the most per page. */
  page: { default: 20, max: 100 },
  /** Days a deleted record stays in the trash (`TRASH_DAYS`, `-c trashDays`): the default and the range. */
  trashDays: { default: 30, min: 1, max: 3650 },
  /** CSV import: its own body limit and batch sizes. */
  importacao: {
    /** Rows per POST /importacoes/{id}/lotes: one request creates them in a few transactions. */
    linhasPorLote: 200,
    /** The batch route's own body limit (200 rows of the longest fields fit). */
    bodyBytes: 1024 * 1024,
    /** Rows the page may declare for one import, and the largest file it reads. */
    maxLinhas: 50_000,
    arquivoBytes: 5 * 1024 * 1024,
    /** Records one POST /importacoes/{id}/desfazer deletes at most (well inside a 30 s request). */
    desfazerPorChamada: 100,
  },
  /**
   * The paged client list (GET /produtos/pagina, paged by `page`): the longest search text.
   * The spec's whole list (GET /produtos) is not read above `listaCompletaMax` clients: its answer
   * could no longer fit Lambda's response cap nor its time (413 instead).
   */
  lista: { buscaMax: 200, listaCompletaMax: 250_000 },
  /**
   * POST /produtos/existentes (the CSV import's review at any size): names and CPFs/CNPJs asked
   * per request; each name is one index query, each 100 CPFs/CNPJs one BatchGetItem.
   */
  existentes: { nomesMax: 200, documentosMax: 200 },
  /** CSV export: a page of GET /observacoes holds about this much JSON (far under Lambda's response cap). */
  exportacao: { observacoesBytes: 2 * 1024 * 1024 },
  /**
   * A tarefa's texts (`descricao` required, `resultado` optional), its duration in minutes, the
   * longest `responsavel` (an e-mail with sign-in, free text without), and `?limit=` of
   * GET /tarefas (larger pages than the history's: the agenda and the export read many).
   */
  tarefa: {
    descricao: { min: 1, max: 500 },
    resultado: { max: 2_000 },
    duracaoMin: { min: 1, max: 24 * 60 },
    responsavel: { max: 254 },
    page: { default: 50, max: 200 },
  },
} as const;

/**
 * The sorts of the paged client list; `categoria` is by category name, then client name;
 * `proxima` by the next tarefa's `quando`, the clients without one last (by name).
 */
export const ORDENS_LISTA = ['nome', 'valor', 'categoria', 'alteracao', 'proxima'] as const;
export type OrdemLista = (typeof ORDENS_LISTA)[number];
export const DIRECOES = ['asc', 'desc'] as const;

/**
 * The company's time zone when the settings name none (`timeZone`; the functions' and the local
 * server's `TIME_ZONE`): every day boundary of the tarefas is this zone's.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** A path id: a positive integer of at most 16 digits, no sign, exponent, hex or leading zero. */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * An `Idempotency-Key`: visible ASCII, no space (1 to LIMITS.idempotencyKeyMaxLength characters).
 * The HTTP layer checks it and the OpenAPI document publishes it from here.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

/**
 * A contract value sent as a JSON string (the original ClientFlow client sends its input's
 * text): a plain decimal with a dot, e.g. `"1500"` or `"1500.50"`. No exponent, hex, comma or
 * spaces; the range and decimals rules apply after.
 */
export const DECIMAL_STRING_PATTERN = /^-?[0-9]+(\.[0-9]+)?$/;

// The VIP threshold lives in business.ts: a module the web's first pages take without the limits.
export { isVipValue, VIP_THRESHOLD } from './business.ts';

/** Entries of the activity feed GET /atividades answers (the home's "Atualizações recentes"). */
export const RECENT_ACTIVITY_LIMIT = 10;

export { ACTIVITY_FEED_DAYS } from './business.ts';
