import { useEffect, useMemo, useRef } from 'react';
import { LIMITS, type CategoriaRef } from '@contract';
import { FieldFrame, TextField } from '../../../components/Field.tsx';
import { MoneyField } from '../../../components/MoneyField.tsx';
import { VIP_THRESHOLD } from '../../../config.ts';
import { reasonOf } from '../../../api/http.ts';
import type { Form } from '../../../lib/form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { sortKey } from '../../../lib/sort-key.ts';
import { useOwnError } from '../../../lib/hooks.ts';
import { useCategorias } from '../../../lib/resources.ts';
import { notifyError } from '../../../lib/toast.tsx';
import type { ClienteForm } from '../model.ts';
import { ContatoFields } from './ContatoFields.tsx';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

/** The categories for the dropdown; the spec's toast once if they fail to load on this page. */
function useCategoriaOptions(): readonly CategoriaRef[] {
  const { data, error: listError, mutate } = useCategorias();
  const error = useOwnError(listError, mutate);
  const toasted = useRef(false);
  useEffect(() => {
    if (error && !toasted.current) {
      toasted.current = true;
      notifyError(ACOES_TEXTS.toast.categoriasLoadFailed, reasonOf(error));
    }
  }, [error]);
  // In pt-BR alphabetical order (the API lists them by id), as the list's chips are.
  return useMemo(() => {
    const keyed = (data ?? []).map((c) => ({ c, key: sortKey(c.descricao) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.c.id - b.c.id));
    return keyed.map(({ c }) => c);
  }, [data]);
}

/** Nome, Segmento, Ponto focal, Valor do contrato and the Categoria dropdown; then "Contato e contrato". */
export function ClienteFields({ form }: { form: Form<ClienteForm> }) {
  const categorias = useCategoriaOptions();
  const { values, errors, change } = form;
  const chosen = values.categoria;
  // The chosen category stays selectable even when the list is older than the record.
  const options = chosen && !categorias.some((c) => c.id === chosen.id) ? [...categorias, chosen] : categorias;
  const text = (key: 'nome' | 'segmento' | 'pontoFocal', className = 'field') => (
    <TextField
      label={CLIENTES_TEXTS.clientes[key]}
      name={key}
      value={values[key]}
      max={LIMITS[key].max}
      error={errors[key]}
      className={className}
      onChange={(v) => change({ [key]: v })}
    />
  );
  return (
    <>
      <div className="field-grid">
        {text('nome', 'field field-wide')}
        {text('segmento')}
        {text('pontoFocal')}
        <MoneyField
          label={CLIENTES_TEXTS.clientes.valorContrato}
          name="valorContrato"
          value={values.valorContrato}
          prefix={CLIENTES_TEXTS.clientes.currencyPrefix}
          error={errors.valorContrato}
          help={CLIENTES_TEXTS.clientes.valorContratoHelp(formatMoney(VIP_THRESHOLD))}
          onChange={(valorContrato) => change({ valorContrato })}
          onCheck={(message) => form.setError('valorContrato', message)}
        />
        <FieldFrame label={CLIENTES_TEXTS.clientes.categoria} error={errors.categoria}>
          {(a11y) => (
            <select
              {...a11y}
              name="categoria"
              value={chosen ? String(chosen.id) : ''}
              onChange={(e) => change({ categoria: options.find((c) => String(c.id) === e.target.value) ?? null })}
            >
              <option value="">{CLIENTES_TEXTS.clientes.categoriaPlaceholder}</option>
              {options.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.descricao}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      <ContatoFields form={form} />
    </>
  );
}
