/**
 * The agenda's sections, by a pending tarefa's day in the company's time zone: *Atrasadas* (a day
 * before today, as the API's counts say), *Hoje*, *Próximos 7 dias*, *Depois*. Pure: "now" and the
 * zone are arguments.
 */
import { TIPO_TAREFA_LABEL, type ProximaTarefa } from '@contract';
import { PROXIMA_TEXTS } from '../texts/proxima.ts';
import { addDays, companyTimeZone, dayIn, relativeQuando } from './zoned.ts';

export const SECOES = ['atrasadas', 'hoje', 'proximos', 'depois'] as const;
export type Secao = (typeof SECOES)[number];

/** Days after today that *Próximos 7 dias* covers. */
export const PROXIMOS_DIAS = 7;

/** A tarefa as the agenda sorts it. */
export interface Agendada {
  quando: string;
  concluida?: boolean;
}

/** True when a pending tarefa's day is before today (the API's `atrasadas`). */
export const isAtrasada = (t: Agendada, now: Date = new Date(), zone: string = companyTimeZone()): boolean =>
  !t.concluida && dayIn(new Date(t.quando), zone) < dayIn(now, zone);

/** The section of a pending tarefa. */
export function secaoOf(t: Agendada, now: Date = new Date(), zone: string = companyTimeZone()): Secao {
  const today = dayIn(now, zone);
  const day = dayIn(new Date(t.quando), zone);
  if (day < today) return 'atrasadas';
  if (day === today) return 'hoje';
  return day <= addDays(today, PROXIMOS_DIAS) ? 'proximos' : 'depois';
}

/** The tarefas in their sections, each in time order (the earliest overdue first). */
export function secoesOf<T extends Agendada>(tarefas: readonly T[], now: Date = new Date(), zone: string = companyTimeZone()): Record<Secao, T[]> {
  const out: Record<Secao, T[]> = { atrasadas: [], hoje: [], proximos: [], depois: [] };
  const sorted = [...tarefas].sort((a, b) => Date.parse(a.quando) - Date.parse(b.quando));
  for (const t of sorted) if (!t.concluida) out[secaoOf(t, now, zone)].push(t);
  return out;
}

/** A client's next tarefa in words: "Ligação amanhã às 10:00", "Reunião em 3 dias às 14:30", "Visita ontem às 09:00". */
export const proximaTexto = (p: Pick<ProximaTarefa, 'tipo' | 'quando'>, now: Date = new Date(), zone: string = companyTimeZone()): string =>
  PROXIMA_TEXTS.texto(TIPO_TAREFA_LABEL[p.tipo], relativeQuando(p.quando, now, zone));
