import { memo, useId, useMemo } from 'react';
import type { Cliente } from '@contract';
import { CrownIcon } from '../../../components/icons.tsx';
import { T } from '../../../texts.ts';
import { L } from '../../../texts-listas.ts';
import { ORDENS, SEM_CATEGORIA, type Ordem, type View } from '../../../lib/clientes-url.ts';
import { sortKey } from '../../../lib/format.ts';
import { TC } from '../../../texts-clientes.ts';

interface Chip {
  id: number;
  label: string;
}

/** The categories the clients use (pt-BR order), then "Sem categoria" when some client has none. */
function chipsOf(clientes: readonly Cliente[], pressed: readonly number[]): Chip[] {
  const byId = new Map<number, string>();
  let none = false;
  for (const c of clientes) {
    if (c.categoria) byId.set(c.categoria.id, c.categoria.descricao);
    else none = true;
  }
  const chips = [...byId].map(([id, label]) => ({ id, label, key: sortKey(label) }));
  chips.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  const out: Chip[] = chips.map(({ id, label }) => ({ id, label }));
  if (none || pressed.includes(SEM_CATEGORIA)) out.push({ id: SEM_CATEGORIA, label: T.common.noCategoria });
  // A pressed category no client uses (a link from an empty category): still shown, to unpress.
  for (const id of pressed) if (id !== SEM_CATEGORIA && !byId.has(id)) out.push({ id, label: `${TC.clientes.categoria} ${id}` });
  return out;
}

/** The sort (a labelled select) and the filter chips (toggle buttons), applied at once. */
/** `onChange` gets a change of the view (applied to the latest one asked for, see useQueryState). */
function ListToolsImpl({ clientes, view, onChange }: { clientes: readonly Cliente[]; view: View; onChange: (change: (view: View) => View) => void }) {
  const sortId = useId();
  const chips = useMemo(() => chipsOf(clientes, view.categorias), [clientes, view.categorias]);
  const toggle = (id: number) =>
    onChange((v) => ({ ...v, categorias: v.categorias.includes(id) ? v.categorias.filter((c) => c !== id) : [...v.categorias, id] }));
  return (
    <div className="list-tools">
      <div className="sort-control">
        <label htmlFor={sortId} className="field-label">
          {L.clientes.sortLabel}
        </label>
        <select id={sortId} value={view.ordem} onChange={(e) => {
            const ordem = e.target.value as Ordem;
            onChange((v) => ({ ...v, ordem }));
          }}>
          {ORDENS.map((o) => (
            <option key={o} value={o}>
              {L.clientes.sorts[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="chips" role="group" aria-label={L.clientes.chipsLabel}>
        <button type="button" className="chip chip-vip" aria-pressed={view.vip} onClick={() => onChange((v) => ({ ...v, vip: !v.vip }))}>
          <CrownIcon size={16} />
          {L.clientes.onlyVip}
        </button>
        {chips.map((c) => (
          <button key={c.id} type="button" className="chip" aria-pressed={view.categorias.includes(c.id)} onClick={() => toggle(c.id)}>
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export const ListTools = memo(ListToolsImpl);
