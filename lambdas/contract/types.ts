/**
 * Wire types of the API (what requests and responses carry). Type-only: safe to import from the
 * web. The response types are inferred from the zod schemas of responses.ts (their one definition,
 * which the OpenAPI document converts too); imported type-only, so the web bundles no zod.
 */
import type * as z from 'zod';
import type * as responses from './responses.ts';

/** Who created a record and who changed it last, and when: set by the server only. */
export type Auditoria = z.infer<typeof responses.auditoriaSchema>;

export type Categoria = z.infer<typeof responses.categoriaSchema>;

/** The category as embedded in a client, read as it is now. */
export type CategoriaRef = z.infer<typeof responses.categoriaRefSchema>;

/**
 * The client record's optional contact and contract fields, as stored and returned: absent when
 * not set. Their names, in order: CONTATO_FIELDS (contract/cliente.ts).
 */
export type ClienteContato = z.infer<typeof responses.clienteContatoSchema>;

/**
 * The contact fields of a request, validated: absent (undefined) leaves a stored value as it is
 * (a PUT from a client that does not know them), null clears it (`null` or `""` in the body).
 */
export type ClienteContatoInput = { [K in keyof ClienteContato]?: string | null };

/** A client record (a "produto" on the wire: path `/produtos`). */
export type Cliente = z.infer<typeof responses.produtoSchema>;

/** The kinds of record the history and the trash name (the wire's words: a client is a `produto`). */
export type Tipo = z.infer<typeof responses.tipoSchema>;

/** What a history entry records. */
export type Acao = z.infer<typeof responses.acaoSchema>;

/** One field an update changed: its wire name and its values before and after. */
export type Alteracao = z.infer<typeof responses.alteracaoSchema>;

/** One change of a record (GET /produtos/{id}/historico, GET /categorias/{id}/historico). */
export type EntradaHistorico = z.infer<typeof responses.entradaHistoricoSchema>;

/** One recent change of any record (the activity feed, GET /atividades, newest first). */
export type Atividade = z.infer<typeof responses.atividadeSchema>;

/** A page of a list read newest first; `cursor` asks for the next page (null: this is the last). */
export interface Pagina<T> {
  itens: T[];
  cursor: string | null;
}

/** A page of a view of the client list (GET /produtos/pagina), with the view's totals when it has them. */
export type PaginaClientes = z.infer<typeof responses.produtoPaginaSchema>;

/** A deleted record in the trash (GET /lixeira). */
export type ItemLixeira = z.infer<typeof responses.itemLixeiraSchema>;

/** The answer of a restore: the record as GET returns it, and a warning when it came back changed. */
export type Restaurado = z.infer<typeof responses.restauradoSchema>;

/** Every error body the API itself returns (`campo`: the body field's path, when it concerns one). */
export type ApiError = z.infer<typeof responses.erroSchema>;

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
export type Usuario = z.infer<typeof responses.usuarioSchema>;

/** POST /usuarios: the e-mail to invite, optionally as an administrator. */
export interface UsuarioInput {
  email: string;
  admin: boolean;
}

/** A client's notes, as GET /observacoes pages them for an export (the list leaves them out). */
export type ObservacaoCliente = z.infer<typeof responses.observacaoClienteSchema>;

/** One CSV import: who made it, where it stands and what it created so far. */
export type Importacao = z.infer<typeof responses.importacaoSchema>;

/** One import with the lines of its file whose clients it created (GET /importacoes/{id}). */
export type ImportacaoDetalhe = z.infer<typeof responses.importacaoDetalheSchema>;

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
export type ImportacaoLoteResultado = z.infer<typeof responses.importacaoLoteResultadoSchema>;

/** The answer to one undo step: how many records it deleted now, and how many are left. */
export type ImportacaoDesfazerResultado = z.infer<typeof responses.importacaoDesfazerResultadoSchema>;

/** One step of restoring an undone import (POST /importacoes/{id}/restaurar). */
export type ImportacaoRestaurarResultado = z.infer<typeof responses.importacaoRestaurarResultadoSchema>;

/** Client count, VIP count and contract sum of a group of clients (exact: the server keeps them). */
export type Totais = z.infer<typeof responses.totaisSchema>;

/** A category's totals (GET /resumo). */
export type CategoriaTotais = z.infer<typeof responses.categoriaTotaisSchema>;

/** GET /resumo: the portfolio's totals, by category and for the clients without one. */
export type Resumo = z.infer<typeof responses.resumoSchema>;

/** A tarefa: a follow-up on one client (GET /tarefas/{id}). */
export type Tarefa = z.infer<typeof responses.tarefaSchema>;

/** A page of tarefas by `quando` (GET /tarefas). */
export type PaginaTarefas = z.infer<typeof responses.tarefaPaginaSchema>;

/** A client's next pending tarefa, as the client carries it (`proximaTarefa`). */
export type ProximaTarefa = z.infer<typeof responses.proximaTarefaSchema>;

/** GET /tarefas/resumo: overdue and today's pending tarefas. */
export type TarefasResumo = z.infer<typeof responses.tarefasResumoSchema>;

/** GET /equipe: the enabled users, who may be a tarefa's `responsavel`. */
export type Equipe = z.infer<typeof responses.equipeSchema>;

/** POST /tarefas, validated: `quando` as the UTC instant; `responsavel` absent is the caller. */
export interface TarefaInput {
  cliente: number;
  tipo: Tarefa['tipo'];
  descricao: string;
  quando: string;
  duracaoMin?: number | null;
  responsavel?: string;
  concluida: boolean;
  resultado?: string | null;
}

/** PUT /tarefas/{id}, validated: absent fields are kept, null clears `duracaoMin` / `resultado`. */
export interface TarefaUpdate {
  versao?: number;
  cliente?: number;
  tipo?: Tarefa['tipo'];
  descricao?: string;
  quando?: string;
  duracaoMin?: number | null;
  responsavel?: string;
  concluida?: boolean;
  resultado?: string | null;
}
