/**
 * The agenda's sections: a pending tarefa is *Atrasada* once its time has passed, else *Hoje*,
 * *Próximos 7 dias* or *Depois* by its day in the company's time zone. Pure: "now" and the zone
 * are arguments.
 */
import { addDays, companyTimeZone, dayIn } from './zoned.ts';

export const SECOES = ['atrasadas', 'hoje', 'proximos', 'depois'] as const;
export type Secao = (typeof SECOES)[number];

/** Days after today that *Próximos 7 dias* covers. */
export const PROXIMOS_DIAS = 7;

/** A tarefa as the agenda sorts it. */
export interface Agendada {
  quando: string;
  concluida?: boolean;
}

/** True when a pending tarefa's time has passed. */
export const isAtrasada = (t: Agendada, now: Date = new Date()): boolean => !t.concluida && Date.parse(t.quando) < now.getTime();

/** The section of a pending tarefa. */
export function secaoOf(t: Agendada, now: Date = new Date(), zone: string = companyTimeZone()): Secao {
  if (isAtrasada(t, now)) return 'atrasadas';
  const today = dayIn(now, zone);
  const day = dayIn(new Date(t.quando), zone);
  if (day <= today) return 'hoje';
  return day <= addDays(today, PROXIMOS_DIAS) ? 'proximos' : 'depois';
}

/** The tarefas in their sections, each in time order (the earliest overdue first). */
export function secoesOf<T extends Agendada>(tarefas: readonly T[], now: Date = new Date(), zone: string = companyTimeZone()): Record<Secao, T[]> {
  const out: Record<Secao, T[]> = { atrasadas: [], hoje: [], proximos: [], depois: [] };
  const sorted = [...tarefas].sort((a, b) => Date.parse(a.quando) - Date.parse(b.quando));
  for (const t of sorted) if (!t.concluida) out[secaoOf(t, now, zone)].push(t);
  return out;
}
