import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { LIMITS } from '@contract';
import type { CategoriaRef } from '@contract';
import { notifyError } from '../../../lib/toast.tsx';
import { reasonOf } from '../../../lib/api-client.ts';
import { useOwnError } from '../../../lib/hooks.ts';
import { VIP_THRESHOLD } from '../../../config.ts';
import { formatMoney } from '../../../lib/format.ts';
import { T } from '../../../texts.ts';
import { useCategorias } from '../../categorias/api/categorias.ts';
import type { ProdutoBody } from '../api/produtos.ts';

/** The client form's state: text as typed; valorContrato as the input's string. */
export interface ClienteFormState {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: string;
  categoriaId: string;
}

export const emptyCliente: ClienteFormState = { nome: '', segmento: '', pontoFocal: '', valorContrato: '', categoriaId: '' };

/** The body the API gets: an empty value sends 0; no category is null. */
export function toBody(form: ClienteFormState, categorias: readonly CategoriaRef[] | undefined): ProdutoBody {
  const id = form.categoriaId ? Number(form.categoriaId) : null;
  const found = id === null ? undefined : categorias?.find((c) => c.id === id);
  const valor = form.valorContrato.trim() === '' ? 0 : Number(form.valorContrato);
  return {
    nome: form.nome,
    segmento: form.segmento,
    pontoFocal: form.pontoFocal,
    valorContrato: Number.isFinite(valor) ? valor : 0,
    categoria: id === null ? null : { id, descricao: found?.descricao ?? '' },
  };
}

/**
 * Brazilians write cents after a comma ("12,50"), and a number input drops the comma: the value
 * would silently become 1250. The comma is typed as the decimal point instead.
 */
function commaAsDecimalPoint(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key !== ',') return;
  e.preventDefault();
  // execCommand keeps the input's own editing (caret, undo) and fires the input event React reads.
  document.execCommand('insertText', false, '.');
}

/** Nome, Segmento, Ponto focal, Valor do contrato and the Categoria dropdown. */
export function ClienteFields({
  form,
  onChange,
  current,
}: {
  form: ClienteFormState;
  onChange: (next: ClienteFormState) => void;
  /** The client's category as loaded, kept selectable even before the list arrives. */
  current?: CategoriaRef | null;
}) {
  const uid = useId();
  const { data: categorias, error: listError, mutate } = useCategorias();
  const error = useOwnError(listError, mutate);
  const toasted = useRef(false);
  useEffect(() => {
    if (error && !toasted.current) {
      toasted.current = true;
      notifyError(T.toast.erroBuscarCategorias, reasonOf(error));
    }
  }, [error]);

  const set = (k: keyof ClienteFormState) => (e: { target: { value: string } }) => onChange({ ...form, [k]: e.target.value });
  // The client's own category stays selectable even if the list is older than the record.
  const options = current && !categorias?.some((c) => c.id === current.id) ? [...(categorias ?? []), current] : (categorias ?? []);
  const f = (k: string) => `${uid}-${k}`;

  return (
    <div className="field-grid">
      <div className="field field-wide">
        <label htmlFor={f('nome')} className="field-label">
          {T.clientes.nome}
        </label>
        <input id={f('nome')} name="nome" type="text" value={form.nome} maxLength={LIMITS.nome.max} autoComplete="off" onChange={set('nome')} />
      </div>
      <div className="field">
        <label htmlFor={f('segmento')} className="field-label">
          {T.clientes.segmento}
        </label>
        <input id={f('segmento')} name="segmento" type="text" value={form.segmento} maxLength={LIMITS.segmento.max} autoComplete="off" onChange={set('segmento')} />
      </div>
      <div className="field">
        <label htmlFor={f('pontoFocal')} className="field-label">
          {T.clientes.pontoFocal}
        </label>
        <input id={f('pontoFocal')} name="pontoFocal" type="text" value={form.pontoFocal} maxLength={LIMITS.pontoFocal.max} autoComplete="off" onChange={set('pontoFocal')} />
      </div>
      <div className="field">
        <label htmlFor={f('valor')} className="field-label">
          {T.clientes.valorContrato}
        </label>
        <div className="input-prefix">
          <span aria-hidden="true">{T.clientes.moedaPrefixo}</span>
          <input
            id={f('valor')}
            name="valorContrato"
            type="number"
            inputMode="decimal"
            step={10 ** -LIMITS.valorContrato.decimals}
            min={LIMITS.valorContrato.min}
            max={LIMITS.valorContrato.max}
            value={form.valorContrato}
            aria-describedby={f('valor-help')}
            onKeyDown={commaAsDecimalPoint}
            onChange={set('valorContrato')}
          />
        </div>
        <p id={f('valor-help')} className="field-help">
          {T.clientes.valorAjuda(formatMoney(VIP_THRESHOLD))}
        </p>
      </div>
      <div className="field">
        <label htmlFor={f('categoria')} className="field-label">
          {T.clientes.categoria}
        </label>
        <select id={f('categoria')} name="categoria" value={form.categoriaId} onChange={set('categoriaId')}>
          <option value="">{T.clientes.categoriaPlaceholder}</option>
          {options.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.descricao}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The categories as loaded for the dropdown (for the body's embedded descricao). */
export const useCategoriaOptions = () => useCategorias().data;
