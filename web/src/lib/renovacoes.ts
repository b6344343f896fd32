import { daysBetween, todayIso, type Cliente } from '@contract';

/**
 * The clients whose contract ends from today to `dias` days ahead, soonest first (then by name):
 * "Contratos a renovar" and the home's renewals. `today` is the person's date (ISO).
 */
export function renewalsWithin(clientes: readonly Cliente[], dias: number, today: string = todayIso()): Cliente[] {
  return clientes
    .filter((c) => {
      if (!c.fimContrato) return false;
      const left = daysBetween(today, c.fimContrato);
      return left >= 0 && left <= dias;
    })
    .sort((a, b) => (a.fimContrato! < b.fimContrato! ? -1 : a.fimContrato! > b.fimContrato! ? 1 : a.nome.localeCompare(b.nome, 'pt-BR')));
}
