/** One's own reminders (Minha conta): the private calendar feed and the morning e-mail. */
import type { CalendarioCriado, Lembretes } from '@contract';
import { API_BASE } from '../config.ts';
import { apiRequest } from './http.ts';

/** GET /lembretes: its SWR key. */
export const LEMBRETES_PATH = '/lembretes';

/** A new private calendar URL (absolute, on this site's origin); the previous one stops at once. */
export async function createCalendario(): Promise<{ url: string; desde: string }> {
  const created = await apiRequest<CalendarioCriado>(`${LEMBRETES_PATH}/calendario`, { method: 'POST' });
  return { url: new URL(`${API_BASE}${created.caminho}`, window.location.origin).href, desde: created.desde };
}

/** Revokes the calendar URL: calendar apps stop getting the tarefas at their next refresh. */
export async function revokeCalendario(): Promise<void> {
  await apiRequest(`${LEMBRETES_PATH}/calendario`, { method: 'DELETE' });
}

/** The morning e-mail on or off. */
export const setEmailDiario = (ativo: boolean): Promise<Lembretes> => apiRequest<Lembretes>(`${LEMBRETES_PATH}/email`, { method: 'PUT', body: { ativo } });
