import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFoldedFilter } from '../lib/filter.ts';
import { PlusIcon } from './icons.tsx';
import { PageHeader } from './PageHeader.tsx';
import { ProgressiveGrid } from './ProgressiveGrid.tsx';
import { ResultStatus } from './ResultStatus.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Spinner } from './Spinner.tsx';
import { EmptyState, LoadError } from './States.tsx';

/** A list page's texts, as each resource's section of its text module (web/src/texts/) has them. */
export interface ListTexts {
  heading: string;
  subheading: string;
  filterLabel: string;
  filterPlaceholder: string;
  /** The create link. */
  new: string;
  emptyTitle: string;
  emptyText: string;
  emptyAction: string;
  listError: string;
}

export interface ListPageProps<R extends object> {
  /** The document title. */
  title: string;
  texts: ListTexts;
  /** The page's main action: the create form. */
  createTo: string;
  /** A list read (a resource's `useList`). */
  list: { data: R[] | undefined; error: unknown; isLoading: boolean; mutate: () => unknown };
  /** Keep the spinner up (a minimum hold) even if the data is there. */
  holding?: boolean;
  /** The text the filter searches (module level: stable). */
  textOf: (item: R) => string;
  /** A query with digits also matches without its punctuation (document numbers). */
  compactDigits?: boolean;
  /** One card (module level: stable, the grid is memoised). */
  renderItem: (item: R) => ReactNode;
  emptyIcon: ReactNode;
  /** The grid's accessible name. */
  gridLabel: string;
  /** A record's key (module level: stable); default its `id`. */
  getKey?: (item: R) => string | number;
  /** Shown above the results (e.g. the 'Desfazer' bar after a delete). */
  notice?: ReactNode;
  /** More actions beside the create link (Exportar, Importar), given what the list shows now. */
  actions?: (shown: readonly R[]) => ReactNode;
  /** Controls shown above the results (a sort). */
  tools?: ReactNode;
  /** Remounts the grid when it changes (a new order starts again from the first cards). */
  viewKey?: string;
}

const idOf = (item: object) => (item as { id: number }).id;

/**
 * The list page every resource shares: the header with its create link, the filter ('Buscar'),
 * then a spinner, the load error with a retry, the empty state, or the result count and the grid.
 */
export function ListPage<R extends object>(p: ListPageProps<R>) {
  const { data, error, isLoading, mutate } = p.list;
  const t = p.texts;
  const filter = useFoldedFilter(data, p.textOf, p.compactDigits);
  const { query, filtered } = filter;

  let body;
  if (p.holding || (isLoading && !data)) body = <Spinner />;
  else if (error && !data) body = <LoadError message={t.listError} onRetry={() => void mutate()} />;
  else if (!data || data.length === 0) body = <EmptyState title={t.emptyTitle} text={t.emptyText} actionLabel={t.emptyAction} to={p.createTo} icon={p.emptyIcon} />;
  else
    body = (
      <>
        {p.tools}
        <ResultStatus shown={filtered.length} total={data.length} query={query} onClear={filter.clear} />
        <ProgressiveGrid key={`${query}|${data.length}|${p.viewKey ?? ''}`} items={filtered} getKey={p.getKey ?? idOf} renderItem={p.renderItem} label={p.gridLabel} />
      </>
    );

  const create = (
    <Link className="btn btn-primary" to={p.createTo}>
      <PlusIcon size={18} />
      {t.new}
    </Link>
  );
  const action = p.actions ? (
    <div className="page-actions">
      {p.actions(filtered)}
      {create}
    </div>
  ) : (
    create
  );
  return (
    <div className="page">
      <PageHeader title={p.title} heading={t.heading} subtitle={t.subheading} action={action} />
      <SearchForm label={t.filterLabel} placeholder={t.filterPlaceholder} filter={filter} />
      {p.notice}
      {body}
    </div>
  );
}
