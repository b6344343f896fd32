import { useCallback, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Categoria, CategoriaTotais } from '@contract';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { FolderIcon } from '../../../components/icons-pages.tsx';
import { UndoBar } from '../../../components/UndoBar.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { FIRST_LOAD_HOLD } from '../../../config.ts';
import { useFirstLoadHold } from '../../../lib/hooks.ts';
import { useCategorias, useResumo } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { useQueryState } from '../../../lib/query-state.ts';
import { sortKey } from '../../../lib/sort-key.ts';
import { CategoriaCard } from '../components/CategoriaCard.tsx';
import { CATEGORIAS_TEXTS } from '../../../texts/categorias.ts';

const descricaoOf = (c: Categoria) => c.descricao;
/** Exportar (what the list shows) and Importar, beside the create link. */
const actions = (shown: readonly Categoria[]) => (
  <>
    <ExportButton shown={shown} run={(m, list) => m.exportCategorias(list)} />
    <Link className="btn btn-secondary" to={paths.importarCategorias}>
      {LISTAS_TEXTS.csv.importar}
    </Link>
  </>
);
/** The sorts of the category list (URL `?ordem=`): by name (the default) or by total under contract. */
const ORDENS = ['nome', 'total'] as const;
type Ordem = (typeof ORDENS)[number];

/**
 * /categorias: the category list; the spec's 0.8 s hold on its first load of the app session.
 * Each card shows its clients and total under contract (GET /resumo, read beside the list) and
 * links to the client list filtered by it.
 */
export default function ListaCategorias() {
  // The requests start now (SWR on mount); the hold only keeps the spinner up beside them.
  const list = useCategorias();
  const { data: resumo } = useResumo();
  const holding = useFirstLoadHold(paths.categorias, FIRST_LOAD_HOLD);
  const [search, setSearch] = useQueryState();
  const ordem: Ordem = search.get('ordem') === 'total' ? 'total' : 'nome';
  const sortId = useId();

  const totais = useMemo(() => new Map<number, CategoriaTotais>((resumo?.categorias ?? []).map((c) => [c.id, c])), [resumo]);
  const data = useMemo(() => {
    if (!list.data) return undefined;
    const keyed = list.data.map((c) => ({ c, key: sortKey(c.descricao), total: totais.get(c.id)?.soma ?? 0 }));
    keyed.sort((a, b) => (ordem === 'total' && a.total !== b.total ? b.total - a.total : a.key < b.key ? -1 : a.key > b.key ? 1 : a.c.id - b.c.id));
    return keyed.map((k) => k.c);
  }, [list.data, totais, ordem]);
  const renderCard = useCallback((c: Categoria) => <CategoriaCard categoria={c} totais={resumo ? (totais.get(c.id) ?? { clientes: 0, vips: 0, soma: 0 }) : undefined} />, [resumo, totais]);

  const tools = (
    <div className="list-tools">
      <div className="sort-control">
        <label htmlFor={sortId} className="field-label">
          {LISTAS_TEXTS.categorias.sortLabel}
        </label>
        <select id={sortId} value={ordem} onChange={(e) => {
            const next: Record<string, string> = e.target.value === 'nome' ? {} : { ordem: e.target.value };
            setSearch(() => new URLSearchParams(next));
          }}>
          {ORDENS.map((o) => (
            <option key={o} value={o}>
              {LISTAS_TEXTS.categorias.sorts[o]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
  return (
    <ListPage
      title={APP_TEXTS.titles.categorias}
      texts={CATEGORIAS_TEXTS.categorias}
      createTo={paths.cadastrarCategoria}
      list={{ ...list, data }}
      holding={holding}
      textOf={descricaoOf}
      renderItem={renderCard}
      emptyIcon={<FolderIcon size={32} />}
      gridLabel={CATEGORIAS_TEXTS.categorias.heading}
      notice={<UndoBar />}
      actions={actions}
      tools={tools}
      viewKey={`${ordem}|${resumo ? 1 : 0}`}
    />
  );
}
