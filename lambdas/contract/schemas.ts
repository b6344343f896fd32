/**
 * Request validation (zod). Server side only: the web imports limits and types, never this
 * module, so zod stays out of the web bundle.
 */
import * as z from 'zod'; // the namespace import lets esbuild drop unused zod parts (~450 KB → ~90 KB)
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, userNameOf } from './auth.ts';
import { checkContato, CONTATO_FIELDS, datasProblem, type ContatoField } from './cliente.ts';
import { DECIMAL_STRING_PATTERN, LIMITS } from './limits.ts';
import { MESSAGES as M } from './messages.ts';
import { readQuando, TIPOS_TAREFA } from './tarefa.ts';
import { cleanText, hasBidiControl, hasLetterOrDigit, isWellFormedText } from './text.ts';
import type { CategoriaInput, ClienteInput, ImportacaoInput, ImportacaoLinha, TarefaInput, TarefaUpdate, Update, UsuarioInput } from './types.ts';

const requiredText = (campo: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoTexto(campo)) })
    .overwrite(cleanText)
    .min(1, { error: M.campoVazio(campo) })
    .max(max, { error: M.campoLongo(campo, max) })
    .refine(isWellFormedText, { error: M.campoTextoInvalido(campo) });

/** Optional text: absent or null becomes ''. */
const optionalText = (campo: string, max: number) =>
  z
    .string({ error: M.campoTexto(campo) })
    .overwrite(cleanText)
    .max(max, { error: M.campoLongo(campo, max) })
    .refine(isWellFormedText, { error: M.campoTextoInvalido(campo) })
    .nullish()
    .transform((v) => v ?? '');

/**
 * True when v has at most `decimals` decimal places. Exact for binary floating point: v is
 * accepted when it is the double nearest to a decimal with that many places (1.15 is; 1.005
 * and 999999.979 are not). `1.15 * 100` is not an integer, so scaling would need a tolerance,
 * and any tolerance either refuses valid amounts or accepts a third decimal on large ones.
 */
export function hasAtMostDecimals(v: number, decimals: number): boolean {
  return Number.isFinite(v) && Number(v.toFixed(decimals)) === v;
}

/**
 * Money: a JSON number, or a JSON string holding a plain decimal with a dot (the original
 * ClientFlow client sends its input's text, `"1500"`); then the same range and decimals rules.
 */
const money = (campo: string) => {
  const min = M.campoMinimo(campo, LIMITS.valorContrato.min);
  const max = () => M.valorContratoMaximo;
  const decimals = M.campoDecimais(campo, LIMITS.valorContrato.decimals);
  return z
    .union([z.number(), z.string().regex(DECIMAL_STRING_PATTERN, { error: M.campoNumero(campo) })], {
      error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoNumero(campo)),
    })
    // A string's decimals are counted on its text: "1.500" is not 1.5 (in Brazil the dot groups
    // thousands, so its sender may have meant 1500: refused, never guessed).
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      if ((v.split('.')[1]?.length ?? 0) <= LIMITS.valorContrato.decimals) return Number(v);
      ctx.addIssue({ code: 'custom', message: decimals, input: v });
      return z.NEVER;
    })
    .pipe(
      z
        // Only a string of too many digits is infinite here.
        .number({ error: (iss) => ((iss.input as number) < 0 ? min : max()) })
        .min(LIMITS.valorContrato.min, { error: min })
        .max(LIMITS.valorContrato.max, { error: max })
        .refine((v) => hasAtMostDecimals(v, LIMITS.valorContrato.decimals), { error: decimals }),
    );
};

const id = (campo: string) =>
  z.int({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoInteiro(campo)) }).min(1, { error: M.campoInteiro(campo) });

// Shared parts and schemas are built in `/* @__PURE__ */` IIFEs so esbuild drops those a handler
// does not use: each Lambda bundle builds only its own schema (a faster cold start).
/** Optional; null counts as absent (last writer wins), like an absent `categoria`. */
const versao = /* @__PURE__ */ (() =>
  z
    .int({ error: M.campoInteiro('versao') })
    .min(1, { error: M.campoInteiro('versao') })
    .nullish()
    .transform((v) => v ?? undefined))();

const categoriaRef = /* @__PURE__ */ (() =>
  z
    .object({ id: id('categoria.id') }, { error: M.campoObjeto('categoria') })
    .nullish()
    .transform((c) => c?.id ?? null))();

const objectError = { error: M.corpoNaoObjeto };

/** A category's name: also no bidirectional control, and a letter or digit somewhere (names are unique once folded). */
export const categoriaInputSchema = /* @__PURE__ */ (() =>
  z.object(
    {
      descricao: requiredText('descricao', LIMITS.descricao.max)
        .refine((v) => !hasBidiControl(v), { error: M.descricaoControleBidi, abort: true })
        .refine(hasLetterOrDigit, { error: M.descricaoSemLetraOuNumero }),
    },
    objectError,
  ))();

export const categoriaUpdateSchema = /* @__PURE__ */ (() => categoriaInputSchema.extend({ id: id('id'), versao }))();

/**
 * A contact or contract field, checked by the contract (contract/cliente.ts): absent
 * stays undefined (a PUT keeps the stored value), null or blank becomes null (none; a PUT clears
 * it), anything else its normalized value or the contract's message.
 */
const contato = (campo: ContatoField) =>
  z
    .string({ error: M.campoTexto(campo) })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return v;
      const r = checkContato(campo, v);
      if (r.ok) return r.value;
      ctx.issues.push({ code: 'custom', message: r.mensagem, input: v });
      return z.NEVER;
    });

/** The fields of a client body (a create, and with `id` and `versao` an update). */
const clienteFields = /* @__PURE__ */ (() => ({
  nome: requiredText('nome', LIMITS.nome.max),
  segmento: optionalText('segmento', LIMITS.segmento.max),
  pontoFocal: optionalText('pontoFocal', LIMITS.pontoFocal.max),
  valorContrato: money('valorContrato'),
  categoria: categoriaRef,
  ...(Object.fromEntries(CONTATO_FIELDS.map((f) => [f, contato(f)])) as Record<ContatoField, ReturnType<typeof contato>>),
}))();

/** Both contract dates in one body: the end may not come before the start. */
const datesInOrder = (body: { inicioContrato?: string | null; fimContrato?: string | null }, ctx: z.RefinementCtx) => {
  const problem = datasProblem(body.inicioContrato, body.fimContrato);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['fimContrato'] });
};

/** Only the id of an embedded `categoria` counts: it becomes `categoriaId`. */
const toClienteInput = <T extends { categoria: number | null }>({ categoria, ...rest }: T) => ({ ...rest, categoriaId: categoria });

export const clienteInputSchema = /* @__PURE__ */ (() => z.object(clienteFields, objectError).superRefine(datesInOrder).transform(toClienteInput))();

export const clienteUpdateSchema = /* @__PURE__ */ (() =>
  z.object({ id: id('id'), versao, ...clienteFields }, objectError).superRefine(datesInOrder).transform(toClienteInput))();

/** A file's SHA-256 as the page writes it: 64 lower-case hex digits. */
export const ASSINATURA_PATTERN = /^[0-9a-f]{64}$/;

/** POST /importacoes: the rows the page is about to send, the file's name and its SHA-256. */
export const importacaoInputSchema = /* @__PURE__ */ (() =>
  z.object(
    {
      total: z
        .int({ error: M.campoInteiro('total') })
        .min(0, { error: M.campoMinimo('total', 0) })
        .max(LIMITS.importacao.maxLinhas, { error: M.campoMaximo('total', String(LIMITS.importacao.maxLinhas)) }),
      arquivo: optionalText('arquivo', 255),
      assinatura: z.string({ error: M.campoTexto('assinatura') }).regex(ASSINATURA_PATTERN, { error: M.importacaoAssinatura('assinatura') }).optional(),
    },
    objectError,
  ))();

/**
 * POST /importacoes/{id}/lotes: numbered rows, each `cliente` checked later, row by row, with the
 * very schema of POST /produtos (a bad row fails alone, with its reason). `fim`: the file's last
 * batch (the import is concluded with it; it may then have no rows).
 */
export const importacaoLoteSchema = /* @__PURE__ */ (() =>
  z
    .object(
      {
        linhas: z
          .array(z.object({ linha: id('linha'), cliente: z.unknown() }, { error: M.campoObjeto('linhas') }), { error: M.campoObrigatorio('linhas') })
          .max(LIMITS.importacao.linhasPorLote, { error: M.campoMaximo('linhas', String(LIMITS.importacao.linhasPorLote)) })
          .superRefine((linhas, ctx) => {
            const seen = new Set<number>();
            for (const l of linhas) {
              if (seen.has(l.linha)) ctx.addIssue({ code: 'custom', message: M.importacaoLinhaRepetida(l.linha) });
              seen.add(l.linha);
            }
          }),
        fim: z.boolean({ error: M.campoBooleano('fim') }).optional(),
      },
      objectError,
    )
    .superRefine((lote, ctx) => {
      if (lote.linhas.length === 0 && lote.fim !== true) ctx.addIssue({ code: 'custom', message: M.importacaoLoteVazio, path: ['linhas'] });
    }))();

/** A true or false, required. */
const flag = (campo: string) =>
  z.boolean({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoBooleano(campo)) });

/** An e-mail: trimmed and lower-cased (it is the Cognito user name, userNameOf), then checked. */
const email = /* @__PURE__ */ (() =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio('email') : M.campoTexto('email')) })
    .overwrite(userNameOf)
    .max(EMAIL_MAX_LENGTH, { error: M.emailInvalido })
    .regex(EMAIL_PATTERN, { error: M.emailInvalido }))();

/** POST /usuarios: `admin` absent or null means a member. */
export const usuarioInputSchema = /* @__PURE__ */ (() =>
  z.object(
    {
      email,
      admin: z
        .boolean({ error: M.campoBooleano('admin') })
        .nullish()
        .transform((v) => v ?? false),
    },
    objectError,
  ))();

/** PUT /usuarios/{email}/ativo */
export const usuarioAtivoSchema = /* @__PURE__ */ (() => z.object({ ativo: flag('ativo') }, objectError))();

/** PUT /usuarios/{email}/admin */
export const usuarioAdminSchema = /* @__PURE__ */ (() => z.object({ admin: flag('admin') }, objectError))();

/** A tarefa's `quando`: ISO 8601 with its offset, stored as the UTC instant. */
const quando = /* @__PURE__ */ (() =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio('quando') : M.tarefaQuando('quando')) })
    .transform((v, ctx) => {
      const instant = readQuando(v);
      if (instant !== undefined) return instant;
      ctx.issues.push({ code: 'custom', message: M.tarefaQuando('quando'), input: v });
      return z.NEVER;
    }))();

const tipoTarefa = /* @__PURE__ */ (() =>
  z.enum(TIPOS_TAREFA, {
    error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio('tipo') : M.tarefaTipo('tipo', TIPOS_TAREFA)),
  }))();

/** Optional text that `null` or blank clears (`resultado`): absent stays undefined, cleared is null. */
const clearableText = (campo: string, max: number) =>
  z
    .string({ error: M.campoTexto(campo) })
    .overwrite((v) => cleanText(v.replace(/\r\n?/g, '\n')))
    .max(max, { error: M.campoLongo(campo, max) })
    .refine(isWellFormedText, { error: M.campoTextoInvalido(campo) })
    .nullish()
    .transform((v) => (v === '' ? null : v));

const duracaoMin = /* @__PURE__ */ (() =>
  z
    .int({ error: M.campoInteiro('duracaoMin') })
    .min(LIMITS.tarefa.duracaoMin.min, { error: M.campoInteiro('duracaoMin') })
    .max(LIMITS.tarefa.duracaoMin.max, { error: M.campoMaximo('duracaoMin', String(LIMITS.tarefa.duracaoMin.max)) })
    .nullish())();

/** `responsavel`: an e-mail with sign-in (the service checks it is on the team), free text without. */
const responsavel = /* @__PURE__ */ (() =>
  z
    .string({ error: M.campoTexto('responsavel') })
    .overwrite(cleanText)
    .min(1, { error: M.campoVazio('responsavel') })
    .max(LIMITS.tarefa.responsavel.max, { error: M.campoLongo('responsavel', LIMITS.tarefa.responsavel.max) })
    .refine(isWellFormedText, { error: M.campoTextoInvalido('responsavel') })
    .nullish()
    .transform((v) => v ?? undefined))();

const tarefaTexts = /* @__PURE__ */ (() => ({
  descricao: requiredText('descricao', LIMITS.tarefa.descricao.max),
  resultado: clearableText('resultado', LIMITS.tarefa.resultado.max),
}))();

/**
 * POST /tarefas: `responsavel` absent is the caller; `concluida: true` logs a past interaction
 * as done in one call (*Registrar interação*).
 */
export const tarefaInputSchema = /* @__PURE__ */ (() =>
  z.object(
    {
      cliente: id('cliente'),
      tipo: tipoTarefa,
      descricao: tarefaTexts.descricao,
      quando,
      duracaoMin,
      responsavel,
      concluida: z
        .boolean({ error: M.campoBooleano('concluida') })
        .nullish()
        .transform((v) => v ?? false),
      resultado: tarefaTexts.resultado,
    },
    objectError,
  ))();

/**
 * PUT /tarefas/{id}: only the fields sent change (absent: kept; `null` clears `duracaoMin` and
 * `resultado`); `versao` as every update; `cliente`, when sent, must be the tarefa's own.
 */
export const tarefaUpdateSchema = /* @__PURE__ */ (() =>
  z.object(
    {
      versao,
      cliente: id('cliente').nullish().transform((v) => v ?? undefined),
      tipo: tipoTarefa.nullish().transform((v) => v ?? undefined),
      descricao: tarefaTexts.descricao.nullish().transform((v) => v ?? undefined),
      quando: quando.nullish().transform((v) => v ?? undefined),
      duracaoMin,
      responsavel,
      concluida: z
        .boolean({ error: M.campoBooleano('concluida') })
        .nullish()
        .transform((v) => v ?? undefined),
      resultado: tarefaTexts.resultado,
    },
    objectError,
  ))();

/** A validated body, or the first problem: its message and the wire path of its field (if one). */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; mensagem: string; campo?: string };

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const campo = issue?.path.join('.');
  return { ok: false, mensagem: issue?.message ?? M.corpoNaoObjeto, ...(campo ? { campo } : {}) };
}

export const parseCategoriaInput = (body: unknown): ParseResult<CategoriaInput> => parseWith(categoriaInputSchema, body);
export const parseCategoriaUpdate = (body: unknown): ParseResult<Update<CategoriaInput>> => parseWith(categoriaUpdateSchema, body);
export const parseClienteInput = (body: unknown): ParseResult<ClienteInput> => parseWith(clienteInputSchema, body);
export const parseClienteUpdate = (body: unknown): ParseResult<Update<ClienteInput>> => parseWith(clienteUpdateSchema, body);
export const parseUsuarioInput = (body: unknown): ParseResult<UsuarioInput> => parseWith(usuarioInputSchema, body);
export const parseUsuarioAtivo = (body: unknown): ParseResult<{ ativo: boolean }> => parseWith(usuarioAtivoSchema, body);
export const parseUsuarioAdmin = (body: unknown): ParseResult<{ admin: boolean }> => parseWith(usuarioAdminSchema, body);
export const parseImportacaoInput = (body: unknown): ParseResult<ImportacaoInput> => parseWith(importacaoInputSchema, body);
export const parseImportacaoLote = (body: unknown): ParseResult<{ linhas: ImportacaoLinha[]; fim?: boolean }> =>
  parseWith(importacaoLoteSchema, body) as ParseResult<{ linhas: ImportacaoLinha[]; fim?: boolean }>;
export const parseTarefaInput = (body: unknown): ParseResult<TarefaInput> => parseWith(tarefaInputSchema, body) as ParseResult<TarefaInput>;
export const parseTarefaUpdate = (body: unknown): ParseResult<TarefaUpdate> => parseWith(tarefaUpdateSchema, body) as ParseResult<TarefaUpdate>;
/** A path's `{email}` (decoded by API Gateway): the user name it names, or the problem. */
export const parseEmail = (raw: unknown): ParseResult<string> => parseWith(email, raw);
