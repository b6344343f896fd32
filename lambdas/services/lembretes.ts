/**
 * Reminders where people already look: the private calendar feed and the morning e-mail, and
 * each person's switches for them (Minha conta). Sign-in only: in the open mode there is nobody
 * to remind, so the routes answer 404 and the job sends nothing.
 *
 * A feed URL carries a 256-bit random secret; only its SHA-256 is stored (a high-entropy secret
 * needs no slow hash), looked up by that hash and compared again in constant time with the one
 * the person's item holds. Making a new URL or revoking it is one write: the old URL answers 404
 * from that moment. A person disabled or removed in the user pool gets 404 too (asked live).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { userNameOf } from '../contract/auth.ts';
import { CALENDARIO, calendarioPath, EMAIL_DIARIO } from '../contract/lembretes.ts';
import type { CalendarioCriado, Lembretes } from '../contract/types.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor } from '../contract/types.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import * as store from '../store/lembretes.ts';
import { mailerFromEnv, type Mailer } from '../store/mail.ts';
import * as pool from '../store/userpool.ts';
import { agendaPessoal, type AgendaPessoal, type TarefaAgenda } from './agenda-pessoal.ts';
import { DEFAULT_TIME_ZONE } from '../contract/limits.ts';
import { diaNoFuso, fimDoDia, inicioDoDia, TIPO_TAREFA_LABEL } from '../contract/tarefa.ts';
import { renderCalendar } from './icalendar.ts';

/** The e-mail of a signed-in caller; the open mode has no person (404, as the users API). */
function personOf(actor: Actor): string {
  if (actor.anonymous) throw new NotFoundError(MESSAGES.loginDesativado);
  return userNameOf(actor.email);
}

const sha256 = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The caller's reminder settings. */
export async function getLembretes(actor: Actor): Promise<Lembretes> {
  const p = await store.readPreferencias(personOf(actor));
  return {
    calendario: { ativo: p.calendarioHash !== undefined, ...(p.calendarioDesde ? { desde: p.calendarioDesde } : {}) },
    emailDiario: { ativo: p.emailDiario },
  };
}

/** Turns the caller's morning e-mail on or off. */
export async function setEmailDiario(actor: Actor, ativo: boolean): Promise<Lembretes> {
  await store.setEmailDiario(personOf(actor), ativo);
  return getLembretes(actor);
}

/** A new feed URL for the caller (the previous one, if any, stops in the same write). */
export async function createCalendario(actor: Actor, now = new Date()): Promise<CalendarioCriado> {
  const email = personOf(actor);
  const secret = randomBytes(CALENDARIO.secretBytes).toString('base64url');
  const desde = now.toISOString();
  const { calendarioHash } = await store.readPreferencias(email);
  if (!(await store.replaceCalendario(email, sha256(secret), desde, calendarioHash))) throw new ConflictError(MESSAGES.conflitoConcorrente);
  return { caminho: calendarioPath(secret), desde };
}

/** Revokes the caller's feed URL at once (nothing to revoke: done all the same). */
export async function revokeCalendario(actor: Actor): Promise<void> {
  const email = personOf(actor);
  const { calendarioHash } = await store.readPreferencias(email);
  if (calendarioHash !== undefined && !(await store.revokeCalendario(email, calendarioHash))) throw new ConflictError(MESSAGES.conflitoConcorrente);
}

const NOT_FOUND = () => new NotFoundError(MESSAGES.calendarioNaoEncontrado);

/** The secret of a feed path's last segment (`<secret>.ics`, or bare), or undefined when it can't be one. */
export function secretOfSegment(segment: string): string | undefined {
  const secret = segment.endsWith(CALENDARIO.extension) ? segment.slice(0, -CALENDARIO.extension.length) : segment;
  return CALENDARIO.secretPattern.test(secret) ? secret : undefined;
}

/** The person whose live feed `segment` opens; 404 for a wrong, revoked or replaced one, or a person no longer enabled. */
async function ownerOf(segment: string): Promise<string> {
  const secret = secretOfSegment(segment);
  if (!secret) throw NOT_FOUND();
  const hash = sha256(secret);
  const email = await store.ownerOfCalendario(hash);
  if (!email) throw NOT_FOUND();
  const { calendarioHash } = await store.readPreferencias(email);
  // The lookup found it by key; the person's own item must still hold this very hash.
  if (!calendarioHash || !timingSafeEqual(Buffer.from(calendarioHash, 'hex'), Buffer.from(hash, 'hex'))) throw NOT_FOUND();
  const user = await pool.getUser(email);
  if (!user.ok || !user.value.enabled) throw NOT_FOUND();
  return email;
}

/** The summary of a tarefa's event: its type and its client's name, nothing else of the record. */
export const resumoDoEvento = (t: TarefaAgenda): string => `${rotuloDoTipo(t.tipo)}: ${t.cliente.nome}`;

/** The feed of the person a secret names: their pending tarefas as events (RFC 5545 text). */
export async function calendarioFeed(segment: string, now = new Date(), agenda: AgendaPessoal = agendaPessoal): Promise<string> {
  const email = await ownerOf(segment);
  const tarefas = await agenda(email, { limit: CALENDARIO.maxEventos });
  return renderCalendar({
    name: 'Clientela: minhas tarefas',
    now,
    events: tarefas.map((t) => ({
      uid: `tarefa-${t.id}@clientela`,
      start: new Date(t.quando),
      ...(t.duracaoMin ? { durationMin: t.duracaoMin } : {}),
      summary: resumoDoEvento(t),
      ...(t.atualizadoEm ? { lastModified: new Date(t.atualizadoEm) } : {}),
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// The morning e-mail

/** A tarefa type's pt-BR label (an unknown one as stored). */
const rotuloDoTipo = (tipo: string): string => (TIPO_TAREFA_LABEL as Record<string, string>)[tipo] ?? tipo;

const formats = new Map<string, Intl.DateTimeFormat>();
/** `26/11 10:00`-style parts of an instant in the company's zone. */
function partes(instant: Date, zone: string): { dia: string; hora: string } {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return { dia: `${p.day}/${p.month}`, hora: `${p.hour}:${p.minute}` };
}

/** `10:00` or, for another day, `26/11 às 10:00`, in the company's zone. */
function quandoCurto(quando: string, today: string, zone: string): string {
  const instant = new Date(quando);
  const { dia, hora } = partes(instant, zone);
  return diaNoFuso(instant, zone) === today ? hora : `${dia} às ${hora}`;
}

/** The morning e-mail of one person: subject and plain text (pt-BR), or undefined with nothing due. */
export function emailDiario(tarefas: readonly TarefaAgenda[], now: Date, zone: string, siteUrl: string): { subject: string; text: string } | undefined {
  const today = diaNoFuso(now, zone);
  const startOfToday = new Date(inicioDoDia(today, zone));
  const atrasadas = tarefas.filter((t) => Date.parse(t.quando) < startOfToday.getTime());
  const hoje = tarefas.filter((t) => Date.parse(t.quando) >= startOfToday.getTime());
  if (atrasadas.length + hoje.length === 0) return undefined;
  const line = (t: TarefaAgenda) => `- ${quandoCurto(t.quando, today, zone)} · ${rotuloDoTipo(t.tipo)} · ${t.cliente.nome}`;
  const block = (title: string, list: readonly TarefaAgenda[], room: number) => {
    if (list.length === 0) return [];
    const shown = list.slice(0, Math.max(room, 0));
    return [`${title} (${list.length}):`, ...shown.map(line), ...(list.length > shown.length ? [`  e mais ${list.length - shown.length}`] : []), ''];
  };
  const base = siteUrl.replace(/\/+$/, '');
  const parts: string[] = [];
  if (atrasadas.length) parts.push(`${atrasadas.length} ${atrasadas.length === 1 ? 'atrasada' : 'atrasadas'}`);
  if (hoje.length) parts.push(`${hoje.length} para hoje`);
  const [dd, mm, yyyy] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
  return {
    subject: `Suas tarefas: ${parts.join(' e ')} (${dd}/${mm}/${yyyy})`,
    text: [
      'Bom dia!',
      '',
      ...block('Atrasadas', atrasadas, EMAIL_DIARIO.maxLinhas),
      ...block('Hoje', hoje, EMAIL_DIARIO.maxLinhas - Math.min(atrasadas.length, EMAIL_DIARIO.maxLinhas)),
      `Abra sua agenda: ${base}/agenda`,
      '',
      `Para não receber mais este e-mail, desative-o em Minha conta: ${base}/minha-conta`,
      '',
    ].join('\n'),
  };
}

/** What a run of the morning e-mail did (the job's log line). */
export interface EmailDiarioRun {
  /** Why nothing was looked at: the open mode, or no sender configured. */
  skipped?: 'signInOff' | 'noSender';
  day?: string;
  people: number;
  sent: number;
  /** Turned off by the person. */
  optedOut: number;
  /** Already sent today (an earlier run). */
  already: number;
  failed: number;
  /** Left for the next run: the time ran out. */
  pending: number;
}

export interface EmailDiarioOptions {
  now?: Date;
  /** False once the run must stop (the function's time). */
  hasTime?: () => boolean;
  mailer?: Mailer;
  agenda?: AgendaPessoal;
  env?: NodeJS.ProcessEnv;
}

/**
 * The morning e-mail: to every enabled person of the pool who has overdue or today's pending
 * tarefas (today in the company's zone) and did not turn it off, once a day (a per-person claim
 * of the day, so a repeated run sends nothing twice). Throws after the run when a send failed,
 * so the job's Errors alarm says so; those people's claims are given back for a later run.
 */
export async function enviarEmailsDiarios(options: EmailDiarioOptions = {}): Promise<EmailDiarioRun> {
  const env = options.env ?? process.env;
  const run: EmailDiarioRun = { people: 0, sent: 0, optedOut: 0, already: 0, failed: 0, pending: 0 };
  if (env.AUTH_MODE !== 'cognito') return { ...run, skipped: 'signInOff' };
  const mailer = options.mailer ?? mailerFromEnv(env);
  if (!mailer) return { ...run, skipped: 'noSender' };
  const now = options.now ?? new Date();
  const zone = env.TIME_ZONE || DEFAULT_TIME_ZONE;
  const day = diaNoFuso(now, zone);
  const ate = new Date(fimDoDia(day, zone));
  const agenda = options.agenda ?? agendaPessoal;
  const siteUrl = env.SITE_URL ?? '';
  const people = (await pool.listUsers()).filter((u) => u.enabled).map((u) => userNameOf(u.username));
  run.day = day;
  run.people = people.length;
  const errors: unknown[] = [];
  for (const [i, email] of people.entries()) {
    if (options.hasTime && !options.hasTime()) {
      run.pending = people.length - i;
      break;
    }
    const prefs = await store.readPreferencias(email);
    if (!prefs.emailDiario) {
      run.optedOut++;
      continue;
    }
    if (prefs.emailDiarioEm !== undefined && prefs.emailDiarioEm >= day) {
      run.already++;
      continue;
    }
    const mail = emailDiario(await agenda(email, { ate, limit: CALENDARIO.maxEventos }), now, zone, siteUrl);
    if (!mail) continue;
    if (!(await store.claimEmailDiario(email, day))) {
      run.already++;
      continue;
    }
    try {
      await mailer.send({ to: email, ...mail });
      run.sent++;
    } catch (err) {
      run.failed++;
      errors.push(err);
      await store.releaseEmailDiario(email, day);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `The morning e-mail failed for ${errors.length} of ${run.people} people: ${JSON.stringify(run)}`);
  return run;
}
