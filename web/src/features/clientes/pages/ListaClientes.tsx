import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { useClientes, useResumo } from '../../../lib/resources.ts';
import { rememberListView } from '../../../lib/list-return.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { ListTools, type Used } from '../components/ListTools.tsx';
import { pagedViewOf, tooLarge, usePagedClientes, usePagedList, useSentinel } from '../paged.ts';
import { PagedExport } from '../components/PagedExport.tsx';
import { parseView, useQueryState, viewSearch, type View } from '../../../lib/clientes-url.ts';
import { applyView, orderOf, prepare } from '../../../lib/clientes-view.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

const idOf = (c: Cliente) => c.id;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} />;

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
  else if (paged) body = <PagedBody view={view} viewKey={key} onChange={setView} onClear={clear} />;
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
      {paged ? <PagedExport view={view} /> : <ExportButton shown={shown?.items ?? []} run={(m, list) => m.exportClientes(list)} />}
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

/** The chips' categories for the paged list: those some client uses, from the portfolio's totals. */
function useUsedCategories(): Used {
  const { data } = useResumo();
  return useMemo(() => ({ byId: new Map((data?.categorias ?? []).filter((c) => c.clientes > 0).map((c) => [c.id, c.descricao])), none: (data?.semCategoria.clientes ?? 0) > 0 }), [data]);
}

/** The list above LIST_PAGED_ABOVE clients: the view's pages from the server, the next one loaded on scroll. */
function PagedBody({ view, viewKey, onChange, onClear }: { view: View; viewKey: string; onChange: (change: (view: View) => View) => void; onClear: () => void }) {
  const pagedView = useMemo(() => pagedViewOf(view), [view]);
  const list = usePagedClientes(pagedView);
  const { data: resumo } = useResumo();
  const used = useUsedCategories();
  const sentinel = useSentinel(list.more && !list.loadingMore, list.loadMore, list.itens.length);
  let results;
  if (list.isLoading && list.itens.length === 0) results = <Spinner />;
  else if (list.error && list.itens.length === 0) results = <LoadError message={CLIENTES_TEXTS.clientes.listError} onRetry={list.retry} />;
  else {
    const totais = list.totais ?? { clientes: list.itens.length, soma: 0, vips: 0 };
    const totals = (
      <>
        <span className="result-total">{LISTAS_TEXTS.clientes.totalSoma(formatMoney(totais.soma))}</span>
        <span className="result-total">{LISTAS_TEXTS.clientes.totalVips(totais.vips)}</span>
      </>
    );
    results = (
      <>
        <ResultStatus
          shown={totais.clientes}
          total={resumo?.clientes ?? totais.clientes}
          query={view.q}
          onClear={onClear}
          extra={totals}
          more={{ active: view.categorias.length > 0 || view.vip || Boolean(view.semProxima), clearLabel: LISTAS_TEXTS.clientes.clearView, noMatch: LISTAS_TEXTS.clientes.noMatch, hint: LISTAS_TEXTS.clientes.noMatchHint }}
        />
        <ul key={viewKey} className="card-grid" aria-label={APP_TEXTS.titles.clientes} aria-busy={list.loadingMore}>
          {list.itens.map((c) => (
            <li key={c.id}>
              <ClienteCard cliente={c} />
            </li>
          ))}
        </ul>
        {list.more ? <div ref={sentinel} className="grid-sentinel" aria-hidden="true" /> : null}
        {list.loadingMore ? <Spinner /> : null}
        {list.capped ? <p className="list-capped">{LISTAS_TEXTS.clientes.paged.capped(list.itens.length)}</p> : null}
      </>
    );
  }
  return (
    <>
      <ListTools clientes={list.itens} view={view} onChange={onChange} paged={used} />
      {results}
    </>
  );
}
