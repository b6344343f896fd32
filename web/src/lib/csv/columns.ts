/**
 * THE table of CSV columns: for each field of a record, its header, the header names
 * an import recognises (case, accents and spaces ignored), how a cell is read into the wire value
 * (the contract's rules and messages) and how the record's value is written out. Export and
 * import both go through it, so a file exported here imports back unchanged.
 */
import { LIMITS, MESSAGES, charCount, cleanText, isWellFormedText, readMoney, type Categoria, type Cliente, type ContatoField } from '@contract';
import { isVip } from '../format.ts';
import { fold } from '../sort-key.ts';
import { FORM_TEXTS } from '../../texts/forms.ts';
import { formatData, formatDocumento, formatTelefone, readContato, type Read } from './fields.ts';

/** The optional client fields (the contact and contract ones), as the contract lists them. */
export type ExtraField = 'email' | 'telefone' | 'documento' | 'observacoes' | 'inicioContrato' | 'fimContrato';

/** A client as the export reads it: the wire record (with its optional fields). */
export type ClienteCsv = Cliente & Partial<Record<ExtraField, string>>;

/** The client fields a file's columns can be matched to. */
export type ClienteField = 'nome' | 'segmento' | 'pontoFocal' | 'valorContrato' | 'categoria' | ExtraField;

/** One column: `parse` reads a non-empty cell (the header names the field in messages). */
export interface Column<R, F extends string> {
  /** The field an import fills (absent: exported only). */
  field?: F;
  header: string;
  /** Header names an import matches, folded (the header itself is always one). */
  synonyms: readonly string[];
  /** A number cell: written as is (decimal comma, no quotes, never neutralised). */
  numeric?: boolean;
  parse?: (text: string, header: string) => Read<unknown>;
  format: (record: R) => string;
}

/** A text field of the contract: cleaned as the server cleans it, within its limit. */
const text =
  (max: number) =>
  (value: string, header: string): Read<string> => {
    const v = cleanText(value);
    if (!isWellFormedText(v)) return { ok: false, problem: MESSAGES.campoTextoInvalido(header) };
    if (charCount(v) > max) return { ok: false, problem: MESSAGES.campoLongo(header, max) };
    return { ok: true, value: v };
  };

/** One of the optional fields, read with the contract's reader; the problem names the column. */
const extra =
  (campo: ContatoField) =>
  (value: string, header: string): Read<string> =>
    readContato(campo, value, header);

/** An amount as people type it (`1500`, `1500,50`, `1.500,50`, `R$ 1.500,50`, `1,500.50`): the contract's readMoney. */
function money(value: string, header: string): Read<number> {
  const r = readMoney(value);
  if (r.ok) return r;
  switch (r.problem) {
    // The form's words for the same rules.
    case 'negative':
      return { ok: false, problem: FORM_TEXTS.money.negative(header) };
    case 'max':
      return { ok: false, problem: MESSAGES.valorContratoMaximo };
    case 'decimals':
      return { ok: false, problem: MESSAGES.campoDecimais(header, LIMITS.valorContrato.decimals) };
    case 'ambiguous':
      return { ok: false, problem: `${MESSAGES.campoNumero(header)} “${value.trim()}” é ambíguo: escreva 1.500 ou 1,50.` };
    default:
      return { ok: false, problem: MESSAGES.campoNumero(header) };
  }
}

/** `1500.5` → `1500,50`: a number to Excel pt-BR (decimal comma, no thousands separator). */
export const formatDecimal = (v: number): string => v.toFixed(LIMITS.valorContrato.decimals).replace('.', ',');

const folded = (...names: string[]) => names.map(fold);

/** The client columns, in the export's order (also the order of a file without a header). */
export const CLIENTE_COLUMNS: readonly Column<ClienteCsv, ClienteField>[] = [
  { field: 'nome', header: 'Nome', synonyms: folded('Cliente', 'Empresa', 'Razão social', 'Nome fantasia', 'Nome do cliente'), parse: text(LIMITS.nome.max), format: (c) => c.nome },
  { field: 'segmento', header: 'Segmento', synonyms: folded('Ramo', 'Setor', 'Atividade'), parse: text(LIMITS.segmento.max), format: (c) => c.segmento },
  { field: 'pontoFocal', header: 'Ponto focal', synonyms: folded('Contato', 'Responsável', 'Pessoa de contato'), parse: text(LIMITS.pontoFocal.max), format: (c) => c.pontoFocal },
  {
    field: 'valorContrato',
    header: 'Valor do contrato',
    synonyms: folded('Valor', 'Valor contrato', 'Contrato', 'Valor (R$)', 'Mensalidade'),
    numeric: true,
    parse: money,
    format: (c) => formatDecimal(c.valorContrato),
  },
  { field: 'categoria', header: 'Categoria', synonyms: folded('Grupo', 'Tipo'), parse: text(LIMITS.descricao.max), format: (c) => c.categoria?.descricao ?? '' },
  { header: 'VIP', synonyms: [], format: (c) => (isVip(c.valorContrato) ? 'Sim' : 'Não') },
  { field: 'email', header: 'E-mail', synonyms: folded('Email', 'Correio eletrônico'), parse: extra('email'), format: (c) => c.email ?? '' },
  { field: 'telefone', header: 'Telefone', synonyms: folded('Fone', 'Celular', 'WhatsApp', 'Tel'), parse: extra('telefone'), format: (c) => (c.telefone ? formatTelefone(c.telefone) : '') },
  {
    field: 'documento',
    header: 'CNPJ/CPF',
    synonyms: folded('CNPJ', 'CPF', 'Documento', 'CPF/CNPJ', 'CNPJ ou CPF'),
    parse: extra('documento'),
    format: (c) => (c.documento ? formatDocumento(c.documento) : ''),
  },
  { field: 'observacoes', header: 'Observações', synonyms: folded('Observação', 'Obs', 'Notas', 'Anotações'), parse: extra('observacoes'), format: (c) => c.observacoes ?? '' },
  { field: 'inicioContrato', header: 'Início do contrato', synonyms: folded('Início', 'Data de início', 'Início da vigência'), parse: extra('inicioContrato'), format: (c) => (c.inicioContrato ? formatData(c.inicioContrato) : '') },
  {
    field: 'fimContrato',
    header: 'Fim do contrato',
    synonyms: folded('Fim', 'Vencimento', 'Término', 'Data de vencimento', 'Fim da vigência'),
    parse: extra('fimContrato'),
    format: (c) => (c.fimContrato ? formatData(c.fimContrato) : ''),
  },
];

/** The category columns: its name (a one-column list imports as categories). */
export const CATEGORIA_COLUMNS: readonly Column<Categoria, 'descricao'>[] = [
  { field: 'descricao', header: 'Categoria', synonyms: folded('Nome da categoria', 'Descrição', 'Nome', 'Categorias'), parse: text(LIMITS.descricao.max), format: (c) => c.descricao },
];

/**
 * The last column of the failed-rows CSV (the line and why it failed): a header an import
 * recognises, so that file is read by its header, and never imports.
 */
export const REASON_HEADER = 'Motivo';

/** The column a header names (case, accents, spaces and punctuation around ignored), if any. */
export function columnFor<R, F extends string>(columns: readonly Column<R, F>[], header: string): Column<R, F> | undefined {
  const h = fold(header).replace(/[\s_]+/g, ' ').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})]+$/gu, '').trim();
  if (h === '') return undefined;
  return columns.find((c) => c.field !== undefined && (fold(c.header) === h || c.synonyms.includes(h)));
}
