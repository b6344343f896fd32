/**
 * The labels of the records' fields, by wire name, in Brazilian Portuguese: the forms, the cards,
 * the history timeline and the home's recent changes all name a field with these. Small and apart
 * from the pages' texts, so the home's portfolio chunk takes them without the client pages' texts.
 */
import type { CATEGORIA_FIELDS, ClienteField } from '@contract';

/** Every field the API's history may name (a field added to the contract needs its label here). */
type Campo = ClienteField | (typeof CATEGORIA_FIELDS)[number];

export const CAMPOS = {
  nome: 'Nome',
  segmento: 'Segmento',
  pontoFocal: 'Ponto focal',
  valorContrato: 'Valor do contrato',
  categoria: 'Categoria',
  email: 'E-mail',
  telefone: 'Telefone',
  documento: 'CNPJ ou CPF',
  observacoes: 'Observações',
  inicioContrato: 'Início do contrato',
  fimContrato: 'Fim do contrato',
  descricao: 'Nome da Categoria',
} as const satisfies Record<Campo, string>;

/** A field's label; a field without one (a newer API's) shows its wire name. */
export const campoLabel = (campo: string): string => (Object.hasOwn(CAMPOS, campo) ? CAMPOS[campo as keyof typeof CAMPOS] : campo);
