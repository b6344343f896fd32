import { daysBetween, todayIso, type Cliente } from '@contract';
import { RENEWAL_OVERDUE_DAYS } from '../config.ts';

// One collator for the sort (localeCompare builds one per call: slow on a long list).
const byName = new Intl.Collator('pt-BR');

/**
 * The clients whose contract ends from today to `dias` days ahead, and those whose contract ended
 * in the last `overdue` days (still to renew: listed first, the longest ended first), soonest
 * first (then by name): "Contratos a renovar" and the home's renewals. Older ended contracts are
 * not listed. `today` is the person's date (ISO).
 */
export function renewalsWithin(clientes: readonly Cliente[], dias: number, today: string = todayIso(), overdue: number = RENEWAL_OVERDUE_DAYS): Cliente[] {
  return clientes
    .filter((c) => {
      if (!c.fimContrato) return false;
      const left = daysBetween(today, c.fimContrato);
      return left >= -overdue && left <= dias;
    })
    .sort((a, b) => (a.fimContrato! < b.fimContrato! ? -1 : a.fimContrato! > b.fimContrato! ? 1 : byName.compare(a.nome, b.nome)));
}

/** How many days ago a contract ended (0 or less: it has not). */
export const daysOverdue = (fim: string, today: string = todayIso()): number => -daysBetween(today, fim);
