/**
 * A tarefa (a follow-up on one client: a call, an e-mail, a meeting…): its kinds with their pt-BR
 * labels, its statuses, its editable fields, and the company's day boundaries every filter and
 * screen counts in. Zod-free and dependency-free, so the web, the API and the jobs read a tarefa
 * the same way; the request schemas are in schemas.ts, the response schemas in responses.ts, the
 * limits in limits.ts and the messages in messages.ts.
 */

/** The kinds of tarefa, as the wire spells them, in the order the forms offer them. */
export const TIPOS_TAREFA = ['ligacao', 'email', 'reuniao', 'visita', 'whatsapp', 'outro'] as const;
export type TipoTarefa = (typeof TIPOS_TAREFA)[number];

/** Each kind's pt-BR label (the forms, the agenda, the CSV export and the e-mail show it). */
export const TIPO_TAREFA_LABEL: Record<TipoTarefa, string> = {
  ligacao: 'Ligação',
  email: 'E-mail',
  reuniao: 'Reunião',
  visita: 'Visita',
  whatsapp: 'WhatsApp',
  outro: 'Outro',
};

/** `status` of GET /tarefas: open or done. */
export const STATUS_TAREFA = ['pendente', 'concluida'] as const;
export type StatusTarefa = (typeof STATUS_TAREFA)[number];

/**
 * A tarefa's editable wire fields: the one list its history diffs an update over (a new field is
 * added here). `cliente` is fixed at creation.
 */
export const TAREFA_FIELDS = ['tipo', 'descricao', 'quando', 'duracaoMin', 'responsavel', 'concluida', 'resultado'] as const;
export type TarefaField = (typeof TAREFA_FIELDS)[number];

/** `responsavel=me` in GET /tarefas: the caller. */
export const RESPONSAVEL_EU = 'me';

/**
 * `quando` as the API takes it: ISO 8601 date and time with its offset (`Z` or `±hh:mm`),
 * seconds and milliseconds optional. A time without an offset is refused: its day would depend on
 * where the server runs.
 */
export const QUANDO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** The years a `quando` may fall in (a typo of a year is refused, not stored). */
const QUANDO_YEARS = { min: 1900, max: 2199 } as const;

/**
 * Reads a `quando`: the instant in UTC as the API stores and returns it
 * (`2026-11-27T13:00:00.000Z`), or undefined when it is not a date and time with an offset that
 * exists (31 April, 24:00, an offset past ±14:00) within the years 1900–2199.
 */
export function readQuando(text: string): string | undefined {
  const m = QUANDO_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  if (y < QUANDO_YEARS.min || y > QUANDO_YEARS.max || h > 23 || mi > 59 || s > 59) return undefined;
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined;
  const offset = m[8]!;
  if (offset !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 14 || om > 59 || (oh === 14 && om > 0)) return undefined;
  }
  const ms = (m[7] ?? '0').padEnd(3, '0');
  const instant = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}.${ms}${offset}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar parts of an instant in a zone (one formatter per zone: building one is slow). */
function partsIn(ms: number, timeZone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: -3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone: a tarefa at 23:30 in São Paulo is that day's. */
export function diaNoFuso(instant: string | number | Date, timeZone: string): string {
  const p = partsIn(new Date(instant).getTime(), timeZone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/**
 * The instant (UTC ISO) a calendar day (`YYYY-MM-DD`) starts in a zone: its first moment there,
 * also on a day whose midnight a daylight-saving change skips.
 */
export function inicioDoDia(dia: string, timeZone: string): string {
  const wall = Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1, Number(dia.slice(8, 10)));
  let guess = wall - offsetAt(wall, timeZone);
  // Once more with the offset at the guess (the offset may change within a day).
  guess = wall - offsetAt(guess, timeZone);
  // A skipped midnight: the day starts at the first instant that is already that day.
  if (diaNoFuso(guess, timeZone) < dia) guess += 60 * 60 * 1000;
  return new Date(guess).toISOString();
}

/** The day after a calendar day (`YYYY-MM-DD`). */
export function diaSeguinte(dia: string): string {
  const d = new Date(Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1, Number(dia.slice(8, 10)) + 1));
  return d.toISOString().slice(0, 10);
}

/** The instant a calendar day ends in a zone (exclusive): the start of the next day. */
export const fimDoDia = (dia: string, timeZone: string): string => inicioDoDia(diaSeguinte(dia), timeZone);
