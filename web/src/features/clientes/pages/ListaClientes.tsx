import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Cliente } from '@contract';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { PlusIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ProgressiveGrid } from '../../../components/ProgressiveGrid.tsx';
import { ResultStatus } from '../../../components/ResultStatus.tsx';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { EmptyState, LoadError } from '../../../components/States.tsx';
import { UndoBar } from '../../../components/UndoBar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useClientes } from '../../../lib/resources.ts';
import { rememberListView } from '../../../lib/list-return.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { ListTools } from '../components/ListTools.tsx';
import { tooLarge, usePagedList } from '../../../lib/paging.ts';
import { parseView, viewSearch, type View } from '../../../lib/clientes-url.ts';
import { useQueryState } from '../../../lib/query-state.ts';
import { applyView, orderOf, prepare } from '../../../lib/clientes-view.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

const idOf = (c: Cliente) => c.id;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} />;


// Only lists above LIST_PAGED_ABOVE clients read pages: their code (and swr/infinite) stays out of the page's first load.
const PagedBody = lazy(() => import('../components/PagedBody.tsx'));
const PagedExport = lazy(() => import('../components/PagedExport.tsx').then((m) => ({ default: m.PagedExport })));

/**
 * /clientes: the client list ('Busque seus clientes') as a work tool. The name filter applies on
 * 'Buscar' as the spec says; the sort and the chips apply at once; the totals of what is shown sit
 * beside the count. The whole view lives in the URL query (each change a history entry). The
 * filter also finds e-mails and CNPJ/CPF digits; 'Exportar' downloads what is shown.
 */
export default function ListaClientes() {
  // Above LIST_PAGED_ABOVE clients (or when the whole list answers 413) the list reads pages.
  const decided = usePagedList();
  const list = useClientes(decided === false);
  const { error, isLoading, mutate } = list;
  const paged = decided === true || tooLarge(error);
  const data = paged ? undefined : list.data;
  const [search, setSearch] = useQueryState();
  // Just created (the create page's redirect): shown where it is, highlighted.
  const novo = (useLocation().state as { novo?: number } | null)?.novo;
  const key = search.toString();
  const view = useMemo(() => parseView(search), [search]);
  // Editar and Deletar come back to this view.
  useEffect(() => rememberListView(paths.clientes, key), [key]);
  // Each change builds on the latest view asked for (a click may come before the last one rendered).
  const setView = useCallback((change: (view: View) => View) => setSearch((current) => viewSearch(change(parseView(current)))), [setSearch]);

  // The field shows the applied filter again when Back/Forward changes it.
  const [draft, setDraft] = useState(view.q);
  const [seenQ, setSeenQ] = useState(view.q);
  if (seenQ !== view.q) {
    setSeenQ(view.q);
    setDraft(view.q);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const filter = {
    draft,
    setDraft,
    apply: () => setView((v) => ({ ...v, q: draft.trim() })),
    inputRef,
  };
  const clear = () => {
    setView((v) => ({ ...v, q: '', categorias: [], vip: false, semProxima: false }));
    inputRef.current?.focus();
  };

  const prepared = useMemo(() => (data ? prepare(data) : undefined), [data]);
  // The costliest order (by name, pt-BR) is computed while the page is idle, before it is asked
  // for; the category order is one pass over it.
  useEffect(() => {
    if (!prepared || typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => orderOf(prepared, 'nome'), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, [prepared]);
  const shown = useMemo(() => (prepared ? applyView(prepared, view) : undefined), [prepared, view]);

  let body;
  if (decided === undefined) body = <Spinner />;
  else if (paged)
    body = (
      <Suspense fallback={<Spinner />}>
        <PagedBody view={view} viewKey={key} onChange={setView} onClear={clear} />
      </Suspense>
    );
  else if (isLoading && !data) body = <Spinner />;
  else if (error && !data) body = <LoadError message={CLIENTES_TEXTS.clientes.listError} onRetry={() => void mutate()} />;
  else if (!data || data.length === 0 || !shown)
    body = <EmptyState title={CLIENTES_TEXTS.clientes.emptyTitle} text={CLIENTES_TEXTS.clientes.emptyText} actionLabel={CLIENTES_TEXTS.clientes.emptyAction} to={paths.cadastrarCliente} icon={<UsersIcon size={32} />} />;
  else {
    const totals = (
      <>
        <span className="result-total">{LISTAS_TEXTS.clientes.totalSoma(formatMoney(shown.soma))}</span>
        <span className="result-total">{LISTAS_TEXTS.clientes.totalVips(shown.vips)}</span>
      </>
    );
    body = (
      <>
        <ListTools clientes={data} view={view} onChange={setView} />
        <ResultStatus
          shown={shown.clientes}
          total={data.length}
          query={view.q}
          onClear={clear}
          extra={totals}
          more={{ active: view.categorias.length > 0 || view.vip || Boolean(view.semProxima), clearLabel: LISTAS_TEXTS.clientes.clearView, noMatch: LISTAS_TEXTS.clientes.noMatch, hint: LISTAS_TEXTS.clientes.noMatchHint }}
        />
        <ProgressiveGrid key={`${key}|${data.length}`} items={shown.items} getKey={idOf} renderItem={renderCard} label={APP_TEXTS.titles.clientes} focusKey={novo} />
      </>
    );
  }

  const action = (
    <div className="page-actions">
      {paged ? (
        <Suspense fallback={<button type="button" className="btn btn-secondary" disabled>{LISTAS_TEXTS.csv.exportar}</button>}>
          <PagedExport view={view} />
        </Suspense>
      ) : <ExportButton shown={shown?.items ?? []} run={(m, list) => m.exportClientes(list)} />}
      <Link className="btn btn-secondary" to={paths.importarClientes}>
        {LISTAS_TEXTS.csv.importar}
      </Link>
      <Link className="btn btn-primary" to={paths.cadastrarCliente}>
        <PlusIcon size={18} />
        {CLIENTES_TEXTS.clientes.new}
      </Link>
    </div>
  );
  return (
    <div className="page">
      <PageHeader title={APP_TEXTS.titles.clientes} heading={CLIENTES_TEXTS.clientes.heading} subtitle={CLIENTES_TEXTS.clientes.subheading} action={action} />
      <SearchForm label={CLIENTES_TEXTS.clientes.filterLabel} placeholder={CLIENTES_TEXTS.clientes.filterPlaceholder} filter={filter} />
      <UndoBar />
      {body}
    </div>
  );
}
