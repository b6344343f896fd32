import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { todayIso, type Cliente } from '@contract';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ProgressiveGrid } from '../../../components/ProgressiveGrid.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { LoadError } from '../../../components/States.tsx';
import { RENEWAL_OVERDUE_DAYS, RENEWAL_WINDOWS } from '../../../config.ts';
import { useClientes } from '../../../lib/resources.ts';
import { C } from '../../../texts-contato.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { renewalsWithin } from '../../../lib/renovacoes.ts';
import { usePagedList, usePeriodClientes } from '../paged.ts';

const idOf = (c: Cliente) => c.id;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} vencidoHa={C.renovacoes.vencidoHa} />;

/** The window asked for in `?dias=` when it is one of RENEWAL_WINDOWS, else the first. */
function windowOf(param: string | null): number {
  const n = Number(param);
  return (RENEWAL_WINDOWS as readonly number[]).includes(n) ? n : RENEWAL_WINDOWS[0];
}

/** /contratos-a-renovar: contracts ending in the next 30, 60 or 90 days, soonest first. */
export default function ContratosARenovar() {
  // Above LIST_PAGED_ABOVE clients the period comes from the contract-end index, not the whole list.
  const paged = usePagedList();
  const whole = useClientes(paged === false);
  const today = todayIso();
  // The window lives in the address (a link keeps it); useSearchParams would add to every page's router code.
  const { search } = useLocation();
  const navigate = useNavigate();
  const asked = windowOf(new URLSearchParams(search).get('dias'));
  // The choice shows at once (the address follows in a transition); Back or a link sets it again.
  const [dias, setDias] = useState(asked);
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    setDias(asked);
  }
  const choose = (n: number) => {
    setDias(n);
    void navigate({ search: n === RENEWAL_WINDOWS[0] ? '' : `?dias=${n}` }, { replace: true });
  };
  const period = usePeriodClientes(paged === true ? dias : null, today, RENEWAL_OVERDUE_DAYS);
  const { data, error, isLoading, mutate } = paged === true ? { data: period.isLoading ? undefined : period.itens, error: period.error, isLoading: period.isLoading, mutate: period.retry } : whole;
  const due = useMemo(() => (data ? renewalsWithin(data, dias, today) : []), [data, dias, today]);
  const overdue = due.filter((c) => c.fimContrato! < today).length;
  const t = C.renovacoes;

  let body;
  if (paged === undefined || (isLoading && !data)) body = <Spinner />;
  else if (error && !data) body = <LoadError message={t.listError} onRetry={() => void mutate()} />;
  else
    body = (
      <>
        <p className="result-count" role="status">
          {t.count(due.length - overdue, dias)}
          {overdue > 0 ? ` ${t.overdue(overdue, RENEWAL_OVERDUE_DAYS)}` : ''}
          {due.length === 0 ? ` ${t.emptyHint}` : ''}
          {paged === true && !period.complete ? ` ${t.capped(due.length)}` : ''}
        </p>
        <ProgressiveGrid key={dias} items={due} getKey={idOf} renderItem={renderCard} label={t.heading} />
      </>
    );
  return (
    <div className="page">
      <PageHeader title={t.title} heading={t.heading} subtitle={t.subheading} />
      <fieldset className="window-choice">
        <legend>{t.windowLabel}</legend>
        {RENEWAL_WINDOWS.map((n) => (
          <label key={n}>
            <input type="radio" name="dias" value={n} checked={n === dias} onChange={() => choose(n)} />
            {t.window(n)}
          </label>
        ))}
      </fieldset>
      {body}
    </div>
  );
}
