/** Wire types of the API (what responses carry). Type-only: safe to import from the web. */
export interface Categoria {
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

/** A client record (a "produto" on the wire: path `/produtos`). */
export interface Cliente {
  id: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
  versao: number;
  /** When it last changed (ISO 8601, UTC): an audit field the server sets (history, issue 16); absent on older records. */
  atualizadoEm?: string;
  /** When the contract ends (ISO date, YYYY-MM-DD): an optional field (issue 17); the home lists the renewals due. */
  fimContrato?: string;
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

export interface ClienteInput {
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

/** One entry of the activity feed (GET /atividades), newest first. */
export interface Atividade {
  /** What changed: a client (`produto`) or a category. */
  tipo: 'produto' | 'categoria';
  id: number;
  /** The record's name (client `nome`, category `descricao`) when the change happened. */
  nome: string;
  acao: 'criado' | 'alterado' | 'excluido' | 'restaurado';
  /** When (ISO 8601, UTC). */
  em: string;
  /** Who (the e-mail; `anônimo` in the open mode). */
  por: string;
  /** The fields an `alterado` changed (names only, never values). */
  alteracoes?: string[];
}
