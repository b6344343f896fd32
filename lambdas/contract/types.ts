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
