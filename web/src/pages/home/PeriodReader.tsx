import { useLayoutEffect, useRef, useState } from 'react';
import { todayIso, type Cliente } from '@contract';
import { RENEWAL_OVERDUE_DAYS } from '../../config.ts';
import { usePeriodClientes } from '../../features/clientes/paged.ts';

/** The renewals' period as the home's block reads it: clients (once read), error, all read, retry. */
export interface PeriodRead {
  data: Cliente[] | undefined;
  error: unknown;
  complete: boolean;
  retry: () => void;
}

/**
 * Reads the contract ends of the next `days` (and the recently overdue) from the paged route and
 * hands them up; renders nothing. Its own chunk, with the paged reads: a home below
 * LIST_PAGED_ABOVE clients never loads it.
 */
export default function PeriodReader({ days, onRead }: { days: number; onRead: (read: PeriodRead) => void }) {
  const period = usePeriodClientes(days, todayIso(), RENEWAL_OVERDUE_DAYS);
  const latestRetry = useRef(period.retry);
  useLayoutEffect(() => {
    latestRetry.current = period.retry;
  });
  const [retry] = useState(() => () => latestRetry.current());
  const data = period.isLoading ? undefined : period.itens;
  const { error, complete } = period;
  useLayoutEffect(() => onRead({ data, error, complete, retry }), [data, error, complete, retry, onRead]);
  return null;
}
