/**
 * The Agenda link's badge: how many of one's pending tarefas are overdue (GET /tarefas/resumo,
 * counted by the server in the company's time zone). Part of the app shell: the navbar shows it on
 * every page, so it loads nothing but the count. With sign-in off nobody is "me": the team's count.
 */
import useSWR from 'swr';
import type { TarefasResumo } from '@contract';
import { resumoTarefasPath } from '../api/tarefas-paths.ts';
import { useSession } from './session.ts';

/** The count is read again this often while a page stays open (a day turning makes tarefas overdue). */
export const AGENDA_BADGE_REFRESH = 5 * 60_000;

/** The overdue count, once known (undefined: nobody may read it, or not read yet). */
export function useAtrasadas(): number | undefined {
  const session = useSession();
  const key = session.status === 'signedIn' ? resumoTarefasPath('me') : session.status === 'off' ? resumoTarefasPath() : null;
  const { data } = useSWR<TarefasResumo>(key, { refreshInterval: AGENDA_BADGE_REFRESH });
  return data?.atrasadas;
}
