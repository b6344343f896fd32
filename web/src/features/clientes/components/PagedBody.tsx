import { useMemo } from 'react';
import { Spinner } from '../../../components/Spinner.tsx';
import { ResultStatus } from '../../../components/ResultStatus.tsx';
import { LoadError } from '../../../components/States.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useResumo } from '../../../lib/resources.ts';
import type { View } from '../../../lib/clientes-url.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';
import { pagedViewOf, usePagedClientes, useSentinel } from '../paged.ts';
import { useReadAhead } from '../read-ahead.ts';
import { ClienteCard } from './ClienteCard.tsx';
import { ListTools, type Used } from './ListTools.tsx';

/** The chips' categories for the paged list: those some client uses, from the portfolio's totals. */
function useUsedCategories(): Used {
  const { data } = useResumo();
  return useMemo(() => ({ byId: new Map((data?.categorias ?? []).filter((c) => c.clientes > 0).map((c) => [c.id, c.descricao])), none: (data?.semCategoria.clientes ?? 0) > 0 }), [data]);
}

/** The list above LIST_PAGED_ABOVE clients: the view's pages from the server, the next one loaded on scroll. */
export default function PagedBody({ view, viewKey, onChange, onClear }: { view: View; viewKey: string; onChange: (change: (view: View) => View) => void; onClear: () => void }) {
  const pagedView = useMemo(() => pagedViewOf(view), [view]);
  const list = usePagedClientes(pagedView);
  const { data: resumo } = useResumo();
  const used = useUsedCategories();
  const sentinel = useSentinel(list.more && !list.loadingMore, list.loadMore, list.itens.length);
  // The sorts and chips one click away, read while the user looks at this view.
  useReadAhead(view, used, list.settled);
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
