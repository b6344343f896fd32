import type { Restaurado, Tipo } from '@contract';
import { apiRequest } from './http.ts';

/** The trash's list (GET /lixeira, paged): its SWR key. */
export const LIXEIRA_PATH = '/lixeira';

/** A record back from the trash, with its id. */
export const restoreFromLixeira = (tipo: Tipo, id: number): Promise<Restaurado> => apiRequest<Restaurado>(`${LIXEIRA_PATH}/${tipo}/${id}/restaurar`, { method: 'POST' });

/** A record deleted for good (administrators). */
export const purgeFromLixeira = (tipo: Tipo, id: number): Promise<void> => apiRequest<void>(`${LIXEIRA_PATH}/${tipo}/${id}`, { method: 'DELETE' });
