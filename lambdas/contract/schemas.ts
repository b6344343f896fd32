/**
 * Request validation (zod). Server side only: the web imports limits and types, never this
 * module, so zod stays out of the web bundle.
 */
import * as z from 'zod'; // the namespace import lets esbuild drop unused zod parts (~450 KB → ~90 KB)
import { LIMITS } from './limits.ts';
import { MESSAGES as M } from './messages.ts';
import type { CategoriaInput, ProdutoInput, Update } from './types.ts';

/** White space and invisible format characters (zero-width space and joiners, word joiner, BOM). */
const EDGES = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g;

/**
 * A text field as stored: trimmed of white space and invisible characters at both ends (a name
 * of zero-width spaces is blank), in Unicode NFC (an "é" typed as e + accent is stored, counted
 * and compared like the precomposed one).
 */
export const cleanText = (s: string): string => s.replace(EDGES, '').normalize('NFC');

/**
 * What a text field may not hold: a lone UTF-16 surrogate (valid in a JSON escape, not storable
 * as UTF-8), control characters other than white space (NUL, ESC, C1), and U+FFFD, the mark of
 * bytes lost in a wrong decoding upstream.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_TEXT = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text can be stored and shown as it was meant (see INVALID_TEXT). */
export const isWellFormedText = (s: string): boolean => !INVALID_TEXT.test(s);

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

/** pt-BR number format, created on first use: building it loads ICU data (about 10 ms of cold start). */
let brl: Intl.NumberFormat | undefined;
const formatBr = (v: number) => (brl ??= new Intl.NumberFormat('pt-BR')).format(v);
const money = (campo: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoNumero(campo)) })
    .min(LIMITS.valorContrato.min, { error: M.campoMinimo(campo, LIMITS.valorContrato.min) })
    .max(LIMITS.valorContrato.max, { error: () => M.campoMaximo(campo, formatBr(LIMITS.valorContrato.max)) })
    .refine((v) => hasAtMostDecimals(v, LIMITS.valorContrato.decimals), {
      error: M.campoDecimais(campo, LIMITS.valorContrato.decimals),
    });

const id = (campo: string) =>
  z.int({ error: (iss) => (iss.input === undefined || iss.input === null ? M.campoObrigatorio(campo) : M.campoInteiro(campo)) }).min(1, { error: M.campoInteiro(campo) });

// Shared parts and schemas are built in `/* @__PURE__ */` IIFEs so esbuild drops those a handler
// does not use: each Lambda bundle builds only its own schema (module start 24 → 10-14 ms of CPU).
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

export const categoriaInputSchema = /* @__PURE__ */ (() =>
  z.object({ descricao: requiredText('descricao', LIMITS.descricao.max) }, objectError))();

export const categoriaUpdateSchema = /* @__PURE__ */ (() => categoriaInputSchema.extend({ id: id('id'), versao }))();

export const produtoInputSchema = /* @__PURE__ */ (() =>
  z
    .object({
      nome: requiredText('nome', LIMITS.nome.max),
      segmento: optionalText('segmento', LIMITS.segmento.max),
      pontoFocal: optionalText('pontoFocal', LIMITS.pontoFocal.max),
      valorContrato: money('valorContrato'),
      categoria: categoriaRef,
    }, objectError)
    .transform(({ categoria, ...rest }) => ({ ...rest, categoriaId: categoria })))();

export const produtoUpdateSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: id('id'),
      versao,
      nome: requiredText('nome', LIMITS.nome.max),
      segmento: optionalText('segmento', LIMITS.segmento.max),
      pontoFocal: optionalText('pontoFocal', LIMITS.pontoFocal.max),
      valorContrato: money('valorContrato'),
      categoria: categoriaRef,
    }, objectError)
    .transform(({ categoria, ...rest }) => ({ ...rest, categoriaId: categoria })))();

export type ParseResult<T> = { ok: true; value: T } | { ok: false; mensagem: string };

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, mensagem: r.error.issues[0]?.message ?? M.corpoNaoObjeto };
}

export const parseCategoriaInput = (body: unknown): ParseResult<CategoriaInput> => parseWith(categoriaInputSchema, body);
export const parseCategoriaUpdate = (body: unknown): ParseResult<Update<CategoriaInput>> => parseWith(categoriaUpdateSchema, body);
export const parseProdutoInput = (body: unknown): ParseResult<ProdutoInput> => parseWith(produtoInputSchema, body);
export const parseProdutoUpdate = (body: unknown): ParseResult<Update<ProdutoInput>> => parseWith(produtoUpdateSchema, body);
