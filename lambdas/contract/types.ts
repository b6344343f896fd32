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

/**
 * The client record's optional contact and contract fields (issue 17), as stored and returned:
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
export interface Cliente extends ClienteContato {
  id: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
  versao: number;
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
