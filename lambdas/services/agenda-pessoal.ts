/**
 * What the reminders read of the tarefas: a person's pending tarefas by `quando`, with their
 * client's name. The feed and the morning e-mail depend on this port only; the tarefas' store
 * (its per-person pending index) answers it.
 */

/** A pending tarefa as the reminders show it: its type, time and client's name, nothing else. */
export interface TarefaAgenda {
  id: number;
  tipo: string;
  /** UTC ISO instant. */
  quando: string;
  duracaoMin?: number;
  cliente: { id: number; nome: string };
  atualizadoEm?: string;
}

/** A person's pending tarefas by `quando`, the earliest first: up to `limit`, those before `ate` when given. */
export type AgendaPessoal = (email: string, options: { ate?: Date; limit: number }) => Promise<TarefaAgenda[]>;

let source: AgendaPessoal | undefined;

/** Plugs in the tarefas' store (and, in tests, a source of their own). */
export function setAgendaPessoal(next: AgendaPessoal | undefined): void {
  source = next;
}

/** The person's pending tarefas, from the source plugged in. */
export const agendaPessoal: AgendaPessoal = (email, options) => {
  if (!source) throw new Error('No agenda source is plugged in (services/agenda-pessoal.ts)');
  return source(email, options);
};

