/** Wire types of the API (what responses carry). Type-only: safe to import from the web. */

/**
 * Who created a record and who changed it last, and when: set by the server only (ISO 8601 UTC;
 * the actor's e-mail, `anônimo` in the open mode). Absent on records stored before the history existed.
 * An update that changes nothing leaves `atualizadoEm`/`atualizadoPor` as they were.
 */
export interface Auditoria {
  criadoEm?: string;
  criadoPor?: string;
  atualizadoEm?: string;
  atualizadoPor?: string;
}

export interface Categoria extends Auditoria {
  id: number;
  descricao: string;
  /** Optimistic-lock version: 1 on create, +1 on each update of this record. */
  versao: number;
}

/** The category as embedded in a client, read as it is now. */
export interface CategoriaRef {
  id: number;
  descricao: string;
}

/**
 * The client record's optional contact and contract fields, as stored and returned:
 * absent when not set. Their names, in order: CONTATO_FIELDS (contract/cliente.ts).
 */
export interface ClienteContato {
  /** Contact e-mail (the domain in lower case). */
  email?: string;
  /** A Brazilian number in E.164: `+5511987654321`. */
  telefone?: string;
  /** CPF (11 digits) or CNPJ (14 characters, digits or A–Z then 2 digits), no punctuation. */
  documento?: string;
  /** Free notes, up to 2,000 characters: in `GET /produtos/{id}`, never in the list. */
  observacoes?: string;
  /** ISO date (`2026-01-31`). */
  inicioContrato?: string;
  /** ISO date, not before `inicioContrato`. */
  fimContrato?: string;
}

/**
 * The contact fields of a request, validated: absent (undefined) leaves a stored value as it is
 * (a PUT from a client that does not know them), null clears it (`null` or `""` in the body).
 */
export type ClienteContatoInput = { [K in keyof ClienteContato]?: string | null };

/** A client record (a "produto" on the wire: path `/produtos`). */
export interface Cliente extends ClienteContato, Auditoria {
  id: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
  versao: number;
  /** When it last changed (ISO 8601, UTC): an audit field the server sets (history); absent on older records. */
  atualizadoEm?: string;
  /** When the contract ends (ISO date, YYYY-MM-DD): an optional field; the home lists the renewals due. */
  fimContrato?: string;
}

/** The kinds of record the history and the trash name (the wire's words: a client is a `produto`). */
export type Tipo = 'produto' | 'categoria';

/** What a history entry records. */
export type Acao = 'criado' | 'alterado' | 'excluido' | 'restaurado';

/**
 * One field an update changed: its wire name and its values before and after (`null`: empty /
 * none). `categoria` is recorded as `{id, descricao}` (the name it had then) or `null`.
 */
export interface Alteracao {
  campo: string;
  antes: unknown;
  depois: unknown;
}

/** One change of a record (GET /produtos/{id}/historico, GET /categorias/{id}/historico). */
export interface EntradaHistorico {
  acao: Acao;
  /** When (ISO 8601 UTC). */
  em: string;
  /** Who: the actor's e-mail (`anônimo` in the open mode). */
  por: string;
  /** The fields an update changed (also a restore that had to drop the category). */
  alteracoes?: Alteracao[];
}

/** One recent change of any record (the activity feed, GET /atividades, newest first): what the dashboard lists. */
export interface Atividade {
  tipo: Tipo;
  id: number;
  /** The client's `nome` / the category's `descricao` after the change. */
  nome: string;
  acao: Acao;
  em: string;
  por: string;
  /** The wire names of the fields an update changed. */
  alteracoes?: string[];
}

/** A page of a list read newest first; `cursor` asks for the next page (null: this is the last). */
export interface Pagina<T> {
  itens: T[];
  cursor: string | null;
}

/**
 * A page of a view of the client list (GET /produtos/pagina): its clients, the cursor of the next
 * page (null: the last), and the view's exact totals. A view by category or VIP (or none) has
 * them on every page, from the stored aggregates; a search has them on every page, computed from
 * its matches; a period of contract end has none (its count would read the whole period).
 */
export interface PaginaClientes {
  itens: Cliente[];
  cursor: string | null;
  totais?: Totais;
}

/** A deleted record in the trash (GET /lixeira). */
export interface ItemLixeira {
  tipo: Tipo;
  id: number;
  /** The client's `nome` or the category's `descricao`. */
  nome: string;
  excluidoEm: string;
  excluidoPor: string;
  /** When the trash drops it for good (ISO 8601 UTC): `TRASH_DAYS` after the delete. */
  expiraEm: string;
}

/** The answer of a restore: the record as GET returns it, and a warning when it came back changed. */
export interface Restaurado {
  tipo: Tipo;
  registro: Cliente | Categoria;
  /** E.g. the client came back without its category, which no longer exists. */
  aviso?: string;
}

/** Every error body the API itself returns. */
export interface ApiError {
  mensagem: string;
  /**
   * When the error concerns one field of the body: its wire path (`descricao`, `valorContrato`,
   * `categoria.id`, …), so a form can mark that field. Older clients ignore it.
   */
  campo?: string;
}

export interface CategoriaInput {
  descricao: string;
}

export interface ClienteInput extends ClienteContatoInput {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  /** Only the id of an embedded `categoria` counts; null means none. */
  categoriaId: number | null;
}

/** PUT bodies: the input plus the id, and optionally the version the editor loaded. */
export type Update<T> = T & { id: number; versao?: number };

/**
 * Who is calling, as the HTTP layer reads it from the authorizer's claims (AUTH_MODE=cognito) and
 * passes it to every service. In the open mode (AUTH_MODE=off) everyone is the anonymous actor.
 */
export interface Actor {
  /** The Cognito user's `sub` (stable across e-mail changes); `anonimo` in the open mode. */
  sub: string;
  /** The e-mail the person signs in with (the Cognito user name); `anônimo` in the open mode. */
  email: string;
  /** A member of the `admin` group (everyone, in the open mode). */
  admin: boolean;
  /** Set only in the open mode (no sign-in): there is no user pool to ask about this caller. */
  anonymous?: true;
}

/** A person who may sign in (GET /usuarios): the Cognito user as an administrator sees it. */
export interface Usuario {
  /** The e-mail, lower case: also the Cognito user name and the path's `{email}`. */
  email: string;
  /**
   * Cognito's UserStatus: `FORCE_CHANGE_PASSWORD` (invited, never signed in), `CONFIRMED`,
   * `RESET_REQUIRED` (an administrator reset the password), …
   */
  status: string;
  /** False once an administrator disabled the user (they cannot sign in). */
  ativo: boolean;
  /** A member of the `admin` group. */
  admin: boolean;
  /** When the user was invited (ISO 8601). */
  criadoEm: string;
}

/** POST /usuarios: the e-mail to invite, optionally as an administrator. */
export interface UsuarioInput {
  email: string;
  admin: boolean;
}

/** A client's notes, as GET /observacoes pages them for an export (the list leaves them out). */
export interface ObservacaoCliente {
  id: number;
  observacoes: string;
}

/** One CSV import: who made it, where it stands and what it created so far. */
export interface Importacao {
  id: number;
  /** The actor's e-mail ("anônimo" in the open mode). */
  autor: string;
  criadoEm: string;
  /** Its last batch, category or undo step (its start until then). */
  atualizadoEm: string;
  /**
   * `importando` while rows come in (also when the page stopped midway: it may be continued);
   * `concluida` after the file's last batch; `desfazendo` from an undo's first step until it
   * deleted everything, `desfeita` then.
   */
  estado: 'importando' | 'concluida' | 'desfazendo' | 'desfeita';
  /** Rows the page declared (the file's data rows). */
  total: number;
  /** Clients created so far (a row retried after a network error counts once). */
  criados: number;
  /** Categories it created. */
  categorias: number;
  /** The file's name, as the page sent it. */
  arquivo: string;
  /** The file's SHA-256 (hex), when the page sent it: continuing asks for the same file. */
  assinatura?: string;
  /** Until when it may be undone: its start plus the trash period. */
  desfazerAte: string;
}

/** One import with the lines of its file whose clients it created (GET /importacoes/{id}). */
export interface ImportacaoDetalhe extends Importacao {
  /** Those lines as ascending ranges `[first, last]` (an undo takes its lines off). */
  linhas: [number, number][];
}

/** POST /importacoes: the rows the page is about to send, the file's name and its SHA-256. */
export interface ImportacaoInput {
  total: number;
  arquivo: string;
  assinatura?: string;
}

/** A row of an import batch: its line in the file and the client as POST /produtos takes it. */
export interface ImportacaoLinha {
  linha: number;
  cliente: unknown;
}

/** The answer to one batch: the line of every created record with its id, and every failed line. */
export interface ImportacaoLoteResultado {
  criados: { linha: number; id: number }[];
  falhas: { linha: number; mensagem: string; campo?: string }[];
}

/** The answer to one undo step: how many records it deleted now, and how many are left. */
export interface ImportacaoDesfazerResultado {
  excluidos: number;
  restantes: number;
  estado: 'desfazendo' | 'desfeita';
}

/** One step of restoring an undone import (POST /importacoes/{id}/restaurar). */
export interface ImportacaoRestaurarResultado {
  /** Records this call brought back from the trash. */
  restaurados: number;
  /** Records of the undo still to restore (call again until 0). */
  restantes: number;
  /** Records that could not come back (purged, trash period over, name or document taken), with why. */
  falhas: { tipo: 'produto' | 'categoria'; id: number; mensagem: string }[];
  /** `concluida` once nothing is left (the import can be undone again). */
  estado: 'desfeita' | 'concluida';
}

/** Client count, VIP count and contract sum of a group of clients (exact: the server keeps them). */
export interface Totais {
  clientes: number;
  vips: number;
  /** Sum of the contract values in BRL (kept in integer cents on the server). */
  soma: number;
}

/** A category's totals (GET /resumo). */
export interface CategoriaTotais extends Totais {
  id: number;
  descricao: string;
}

/** GET /resumo: the portfolio's totals, by category and for the clients without one. */
export interface Resumo extends Totais {
  /** Every category, sorted by id. */
  categorias: CategoriaTotais[];
  /** The clients without a category. */
  semCategoria: Totais;
}
