import {
  checkContato,
  CONTATO_FIELDS,
  datasProblem,
  formatData,
  formatDocumento,
  formatMoneyInput,
  formatTelefone,
  isBlank,
  readMoney,
  type CategoriaRef,
  type Cliente,
  type ContatoField,
} from '@contract';
import { inFormWords, moneyProblem, type FieldErrors, type FieldSpec, type FormModel } from '../../lib/form.ts';
import { formatMoney } from '../../lib/format.ts';
import { clientes, type ClienteBody } from '../../lib/resources.ts';
import { paths } from '../../paths.ts';
import { C } from '../../texts-contato.ts';
import { T } from '../../texts.ts';
import { TF } from '../../texts-forms.ts';
import { TC } from '../../texts-clientes.ts';

/**
 * The client form's state: texts as typed, the value as typed, the category as chosen, and the
 * contact and contract fields as typed (a phone, CPF/CNPJ and dates the way people
 * read them: `(11) 98765-4321`, `12.345.678/0001-95`, `31/12/2026`).
 */
export type ClienteForm = {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: string;
  categoria: CategoriaRef | null;
} & Record<ContatoField, string>;

const noContato = Object.fromEntries(CONTATO_FIELDS.map((f) => [f, ''])) as Record<ContatoField, string>;

export const emptyCliente: ClienteForm = { nome: '', segmento: '', pontoFocal: '', valorContrato: '', categoria: null, ...noContato };

/** A record as the form shows it (the value formatted the Brazilian way: "1.500,50"). */
const toForm = (cliente: Cliente): ClienteForm => ({
  nome: cliente.nome,
  segmento: cliente.segmento,
  pontoFocal: cliente.pontoFocal,
  valorContrato: formatMoneyInput(cliente.valorContrato),
  categoria: cliente.categoria,
  email: cliente.email ?? '',
  telefone: cliente.telefone ? formatTelefone(cliente.telefone) : '',
  documento: cliente.documento ? formatDocumento(cliente.documento) : '',
  observacoes: cliente.observacoes ?? '',
  inicioContrato: cliente.inicioContrato ? formatData(cliente.inicioContrato) : '',
  fimContrato: cliente.fimContrato ? formatData(cliente.fimContrato) : '',
});

/** The value as a person reads it: "R$ 1.500,00" when it is an amount, else the text typed. */
const showValor = (f: ClienteForm) => {
  const r = readMoney(f.valorContrato);
  return r.ok ? formatMoney(r.value) : f.valorContrato.trim();
};

const FIELDS: readonly FieldSpec<ClienteForm>[] = [
  { key: 'nome', label: TC.clientes.nome, wire: ['nome'] },
  { key: 'segmento', label: TC.clientes.segmento, wire: ['segmento'] },
  { key: 'pontoFocal', label: TC.clientes.pontoFocal, wire: ['pontoFocal'] },
  { key: 'valorContrato', label: TC.clientes.valorContrato, wire: ['valorContrato'], show: showValor },
  { key: 'categoria', label: TC.clientes.categoria, wire: ['categoria', 'categoria.id'], show: (f) => f.categoria?.descricao ?? T.common.noCategoria },
  ...CONTATO_FIELDS.map((f) => ({ key: f, label: C.labels[f], wire: [f] })),
];

/** A contact field as typed, checked by the contract (dates written day first): its value or its message. */
const readContato = (form: ClienteForm, f: ContatoField) => checkContato(f, form[f], 'pessoa');

/** The contact and contract fields' messages, the contract's own in the form's words. */
function contatoErrors(form: ClienteForm): FieldErrors<ClienteForm> {
  const errors: FieldErrors<ClienteForm> = {};
  const values: Partial<Record<ContatoField, string | null>> = {};
  for (const f of CONTATO_FIELDS) {
    const r = readContato(form, f);
    if (r.ok) values[f] = r.value;
    else errors[f] = inFormWords(r.mensagem, FIELDS);
  }
  const order = datasProblem(values.inicioContrato, values.fimContrato);
  if (order) errors.fimContrato = inFormWords(order, FIELDS);
  return errors;
}

/** The value is required and must read as an amount, on create and on edit. */
const valorErrors = (form: ClienteForm): FieldErrors<ClienteForm> => {
  const problem = moneyProblem(form.valorContrato, TC.clientes.valorContrato, true);
  return problem ? { valorContrato: problem } : {};
};

/** Create: the spec's blank-name rule, the value, and the contact and contract fields. */
export const validateCreate = (form: ClienteForm): FieldErrors<ClienteForm> => ({
  ...(isBlank(form.nome) ? { nome: TF.form.required(TC.clientes.nome) } : {}),
  ...valorErrors(form),
  ...contatoErrors(form),
});

/** Edit: the value and the contact fields (deviation: the spec's update form validates nothing); the API checks the rest. */
export const validateUpdate = (form: ClienteForm): FieldErrors<ClienteForm> => ({ ...valorErrors(form), ...contatoErrors(form) });

/** The body the API gets; call it on a validated form (the value reads as an amount). */
function toBody(form: ClienteForm): ClienteBody {
  const valor = readMoney(form.valorContrato);
  return {
    nome: form.nome,
    segmento: form.segmento,
    pontoFocal: form.pontoFocal,
    valorContrato: valor.ok ? valor.value : Number.NaN,
    categoria: form.categoria && { id: form.categoria.id, descricao: form.categoria.descricao },
    // Every contact field, null when blank: an edit shows them all, so one emptied is cleared.
    ...(Object.fromEntries(CONTATO_FIELDS.map((f) => {
      const r = readContato(form, f);
      return [f, r.ok ? r.value : null];
    })) as Record<ContatoField, string | null>),
  };
}

/** The client as the shared pages see it. */
/** A create sends only the contact fields filled in (the spec's body when none is). */
function toCreateBody(form: ClienteForm): ClienteBody {
  const body = toBody(form);
  for (const f of CONTATO_FIELDS) if (body[f] === null) delete body[f];
  return body;
}

export const CLIENTE_MODEL: FormModel<Cliente, ClienteForm, ClienteBody> = { resource: clientes, listPath: paths.clientes, fields: FIELDS, toForm, toBody, toCreateBody };

/** One contact field's message after leaving it (undefined: fine or blank), in the form's words. */
export function contatoProblem(form: ClienteForm, f: ContatoField): string | undefined {
  const r = readContato(form, f);
  return r.ok ? undefined : inFormWords(r.mensagem, FIELDS);
}
