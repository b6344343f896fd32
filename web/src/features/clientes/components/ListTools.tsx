import { memo, useId, useMemo } from 'react';
import useSWR from 'swr';
import type { Categoria, Cliente } from '@contract';
import { CrownIcon } from '../../../components/icons.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { ORDENS, SEM_CATEGORIA, type Ordem, type View } from '../../../lib/clientes-url.ts';
import { sortKey } from '../../../lib/sort-key.ts';
import { categorias } from '../../../lib/resources.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

interface Chip {
  id: number;
  label: string;
}

/** The categories some client uses, by id, and whether some client has none. */
export interface Used {
  byId: Map<number, string>;
  none: boolean;
}

/** The categories the clients use, by id, and whether some client has none. */
function usedBy(clientes: readonly Cliente[]): Used {
  const byId = new Map<number, string>();
  let none = false;
  for (const c of clientes) {
    if (c.categoria) byId.set(c.categoria.id, c.categoria.descricao);
    else none = true;
  }
  return { byId, none };
}

/**
 * The categories the clients use (pt-BR order), then "Sem categoria" when some client has none,
 * then the pressed categories no client uses (a link from an empty category), by their name in
 * `all` (the category list), still shown so they can be unpressed.
 */
function chipsOf(used: ReturnType<typeof usedBy>, pressed: readonly number[], all: readonly Categoria[] | undefined): Chip[] {
  const chips = [...used.byId].map(([id, label]) => ({ id, label, key: sortKey(label) }));
  chips.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  const out: Chip[] = chips.map(({ id, label }) => ({ id, label }));
  if (used.none || pressed.includes(SEM_CATEGORIA)) out.push({ id: SEM_CATEGORIA, label: APP_TEXTS.common.noCategoria });
  for (const id of pressed)
    if (id !== SEM_CATEGORIA && !used.byId.has(id)) out.push({ id, label: all?.find((c) => c.id === id)?.descricao ?? `${CLIENTES_TEXTS.clientes.categoria} ${id}` });
  return out;
}

/** The sort (a labelled select) and the filter chips (toggle buttons), applied at once. */
/**
 * `onChange` gets a change of the view (applied to the latest one asked for, see useQueryState).
 * `paged` (the paged list): the categories in use come from the portfolio's totals, one chip is
 * pressed at a time and the order of creation is not offered (the route has neither).
 */
function ListToolsImpl({ clientes, view, onChange, paged }: { clientes: readonly Cliente[]; view: View; onChange: (change: (view: View) => View) => void; paged?: Used }) {
  const sortId = useId();
  const local = useMemo(() => (paged ? undefined : usedBy(clientes)), [clientes, paged]);
  const used = paged ?? local!;
  const pressed = useMemo(() => (paged ? view.categorias.slice(-1) : view.categorias), [paged, view.categorias]);
  // A pressed category no client uses has its name in the category list only (cached when the
  // user came from /categorias; read otherwise).
  const unused = pressed.some((id) => id !== SEM_CATEGORIA && !used.byId.has(id));
  const { data: all } = useSWR<Categoria[]>(unused ? categorias.path : null);
  const chips = useMemo(() => chipsOf(used, pressed, all), [used, pressed, all]);
  const toggle = (id: number) =>
    onChange((v) => {
      const now = paged ? v.categorias.slice(-1) : v.categorias;
      return { ...v, categorias: now.includes(id) ? now.filter((c) => c !== id) : paged ? [id] : [...now, id] };
    });
  return (
    <div className="list-tools">
      <div className="sort-control">
        <label htmlFor={sortId} className="field-label">
          {LISTAS_TEXTS.clientes.sortLabel}
        </label>
        <select id={sortId} value={paged && view.ordem === '' ? 'nome' : view.ordem} onChange={(e) => {
            const ordem = e.target.value as Ordem;
            onChange((v) => ({ ...v, ordem }));
          }}>
          {(paged ? ORDENS.filter((o) => o !== '') : ORDENS).map((o) => (
            <option key={o} value={o}>
              {LISTAS_TEXTS.clientes.sorts[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="chips" role="group" aria-label={LISTAS_TEXTS.clientes.chipsLabel}>
        <button type="button" className="chip chip-vip" aria-pressed={view.vip} onClick={() => onChange((v) => ({ ...v, vip: !v.vip }))}>
          <CrownIcon size={16} />
          <span className="chip-label">{LISTAS_TEXTS.clientes.onlyVip}</span>
        </button>
        <button type="button" className="chip" aria-pressed={Boolean(view.semProxima)} onClick={() => onChange((v) => ({ ...v, semProxima: !v.semProxima }))}>
          <span className="chip-label">{LISTAS_TEXTS.clientes.semProxima}</span>
        </button>
        {chips.map((c) => (
          <button key={c.id} type="button" className="chip" title={c.label} aria-pressed={pressed.includes(c.id)} onClick={() => toggle(c.id)}>
            <span className="chip-label">{c.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

export const ListTools = memo(ListToolsImpl);
