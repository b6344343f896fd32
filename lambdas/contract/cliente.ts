/**
 * The client record's fields as one list, and the check of each contact and contract field
 * with its pt-BR message: zod-free, so the API's schema, the web's form and the CSV
 * import read a field the same way and say the same thing about it.
 */
import { endsBeforeStart, readData, readIsoDate, type DataReading } from './datas.ts';
import { readDocumento } from './documento.ts';
import { readEmail } from './email.ts';
import { formatData } from './formatos.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES as M } from './messages.ts';
import { readTelefone } from './telefone.ts';
import { cleanText, isWellFormedText, textLength } from './text.ts';
import type { ClienteContato } from './types.ts';

/**
 * A client's editable wire fields, in the order the forms show them: the one list that a
 * record's history diff, an import or a document iterates (a new field is added here).
 */
export const CLIENTE_FIELDS = [
  'nome',
  'segmento',
  'pontoFocal',
  'valorContrato',
  'categoria',
  'email',
  'telefone',
  'documento',
  'observacoes',
  'inicioContrato',
  'fimContrato',
] as const;
export type ClienteField = (typeof CLIENTE_FIELDS)[number];

/**
 * The optional contact and contract fields: absent on the wire when not set; a PUT
 * that leaves one out keeps it, `null` or `""` clears it.
 */
export const CONTATO_FIELDS = ['email', 'telefone', 'documento', 'observacoes', 'inicioContrato', 'fimContrato'] as const satisfies readonly (keyof ClienteContato)[];
export type ContatoField = (typeof CONTATO_FIELDS)[number];

/** A field's value to store (null: blank, i.e. none), or the message saying what is wrong. */
export type ContatoCheck = { ok: true; value: string | null } | { ok: false; mensagem: string };

/**
 * How dates are written: `iso` as the API takes them (`2026-12-31`); `pessoa` as people write
 * them too (`31/12/2026`, the web's form and an imported sheet).
 */
export type DateStyle = 'iso' | 'pessoa';

const dateMessage = (campo: string, r: Extract<DataReading, { ok: false }>, style: DateStyle) => {
  const show = style === 'iso' ? (iso: string) => iso : formatData;
  return r.problem === 'range' ? M.campoDataFaixa(campo, show(LIMITS.data.min), show(LIMITS.data.max)) : M.campoData(campo, show('2026-12-31'));
};

/**
 * Checks one contact or contract field as written: cleaned like every text (trimmed, NFC), blank
 * is none (null), else its normalized value (an e-mail's domain in lower case, a phone in E.164,
 * a CPF/CNPJ without punctuation, an ISO date, notes with `\n` line breaks) or the message, which
 * names the field by `campo` (its wire name: the web puts its own label in its place).
 */
export function checkContato(campo: ContatoField, written: string, dates: DateStyle = 'iso'): ContatoCheck {
  if (!isWellFormedText(written)) return { ok: false, mensagem: M.campoTextoInvalido(campo) };
  const text = cleanText(campo === 'observacoes' ? written.replace(/\r\n?/g, '\n') : written);
  if (text === '') return { ok: true, value: null };
  switch (campo) {
    case 'email': {
      const r = readEmail(text);
      return r.ok ? r : { ok: false, mensagem: M.campoEmail(campo) };
    }
    case 'telefone': {
      const r = readTelefone(text);
      if (r.ok) return r;
      return { ok: false, mensagem: r.problem === 'ddd' ? M.campoTelefoneDdd(campo, r.ddd) : M.campoTelefone(campo) };
    }
    case 'documento': {
      const r = readDocumento(text);
      if (r.ok) return { ok: true, value: r.value };
      return { ok: false, mensagem: r.problem === 'cpf' ? M.campoCpf(campo) : r.problem === 'cnpj' ? M.campoCnpj(campo) : M.campoDocumento(campo) };
    }
    case 'observacoes':
      return textLength(text) <= LIMITS.observacoes.max ? { ok: true, value: text } : { ok: false, mensagem: M.campoLongo(campo, LIMITS.observacoes.max) };
    case 'inicioContrato':
    case 'fimContrato': {
      const r = dates === 'iso' ? readIsoDate(text) : readData(text);
      return r.ok ? r : { ok: false, mensagem: dateMessage(campo, r, dates) };
    }
  }
}

/** The message when the contract would end before it starts (said about `fimContrato`). */
export const datasProblem = (inicio: string | null | undefined, fim: string | null | undefined): string | undefined =>
  endsBeforeStart(inicio, fim) ? M.fimAntesDoInicio('fimContrato', 'inicioContrato') : undefined;
