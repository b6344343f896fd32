/**
 * Reading and writing the client's contact and contract fields (e-mail, telefone, documento, observações, the
 * contract dates) in CSV cells, with the contract's own readers, messages and formatters: a
 * cell is refused for the reason a form or the API would give, said with the column's name.
 * Only what a spreadsheet adds is read here: Excel's serial numbers for dates.
 */
import { checkContato, type ContatoField } from '@contract';

export { formatData, formatDocumento, formatTelefone } from '@contract';

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_SERIAL = /^\d{1,6}$/;

/** Excel's day count from 1899-12-30 (its 1900 leap-year bug makes that the epoch for dates after March 1900), as ISO. */
function excelSerial(text: string): string {
  return new Date(EXCEL_EPOCH_MS + Number(text) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A cell of one of the contact and contract fields, read as a person writes it (dates as `23/11/2026`,
 * `2026-11-23` or an Excel serial number); a problem is the contract's message, naming `header`.
 * A blank cell is not read here (the row leaves the field out).
 */
export function readContato(campo: ContatoField, text: string, header: string = campo): Read<string> {
  const dated = (campo === 'inicioContrato' || campo === 'fimContrato') && EXCEL_SERIAL.test(text.trim()) && Number(text) >= 1;
  const r = checkContato(campo, dated ? excelSerial(text.trim()) : text, dated ? 'iso' : 'pessoa');
  if (!r.ok) return { ok: false, problem: r.mensagem.replace(`'${campo}'`, `'${header}'`) };
  return r.value === null ? { ok: false, problem: `'${header}' está vazio.` } : { ok: true, value: r.value };
}

export const readEmail = (text: string) => readContato('email', text);
export const readTelefone = (text: string) => readContato('telefone', text);
export const readDocumento = (text: string) => readContato('documento', text);
export const readData = (text: string) => readContato('fimContrato', text);
