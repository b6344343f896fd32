import { formatMoneyInput, isBlank, readMoney, type CategoriaRef, type Cliente } from '@contract';
import { moneyProblem, type FieldErrors, type FieldSpec, type FormModel } from '../../lib/form.ts';
import { formatMoney } from '../../lib/format.ts';
import { clientes, type ClienteBody } from '../../lib/resources.ts';
import { paths } from '../../paths.ts';
import { T } from '../../texts.ts';

/** The client form's state: texts as typed, the value as typed, the category as chosen. */
export interface ClienteForm {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: string;
  categoria: CategoriaRef | null;
}

export const emptyCliente: ClienteForm = { nome: '', segmento: '', pontoFocal: '', valorContrato: '', categoria: null };

/** A record as the form shows it (the value formatted the Brazilian way: "1.500,50"). */
const toForm = (cliente: Cliente): ClienteForm => ({
  nome: cliente.nome,
  segmento: cliente.segmento,
  pontoFocal: cliente.pontoFocal,
  valorContrato: formatMoneyInput(cliente.valorContrato),
  categoria: cliente.categoria,
});

/** The value as a person reads it: "R$ 1.500,00" when it is an amount, else the text typed. */
const showValor = (f: ClienteForm) => {
  const r = readMoney(f.valorContrato);
  return r.ok ? formatMoney(r.value) : f.valorContrato.trim();
};

const FIELDS: readonly FieldSpec<ClienteForm>[] = [
  { key: 'nome', label: T.clientes.nome, wire: ['nome'] },
  { key: 'segmento', label: T.clientes.segmento, wire: ['segmento'] },
  { key: 'pontoFocal', label: T.clientes.pontoFocal, wire: ['pontoFocal'] },
  { key: 'valorContrato', label: T.clientes.valorContrato, wire: ['valorContrato'], show: showValor },
  { key: 'categoria', label: T.clientes.categoria, wire: ['categoria', 'categoria.id'], show: (f) => f.categoria?.descricao ?? T.clientes.noCategoria },
];

/** The value is required and must read as an amount, on create and on edit (issue 13). */
const valorErrors = (form: ClienteForm): FieldErrors<ClienteForm> => {
  const problem = moneyProblem(form.valorContrato, T.clientes.valorContrato, true);
  return problem ? { valorContrato: problem } : {};
};

/** Create: the spec's blank-name rule, and the value. */
export const validateCreate = (form: ClienteForm): FieldErrors<ClienteForm> => ({
  ...(isBlank(form.nome) ? { nome: T.form.required(T.clientes.nome) } : {}),
  ...valorErrors(form),
});

/** Edit: only the value (deviation: the spec's update form validates nothing); the API checks the rest. */
export const validateUpdate = valorErrors;

/** The body the API gets; call it on a validated form (the value reads as an amount). */
function toBody(form: ClienteForm): ClienteBody {
  const valor = readMoney(form.valorContrato);
  return {
    nome: form.nome,
    segmento: form.segmento,
    pontoFocal: form.pontoFocal,
    valorContrato: valor.ok ? valor.value : Number.NaN,
    categoria: form.categoria && { id: form.categoria.id, descricao: form.categoria.descricao },
  };
}

/** The client as the shared pages see it. */
export const CLIENTE_MODEL: FormModel<Cliente, ClienteForm, ClienteBody> = { resource: clientes, listPath: paths.clientes, fields: FIELDS, toForm, toBody };
