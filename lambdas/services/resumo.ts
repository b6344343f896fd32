/**
 * The portfolio at a glance: the totals the writes keep exact (one Query), and the newest
 * entries of the activity feed. Every signed-in person may read them.
 */
import { RECENT_ACTIVITY_LIMIT } from '../contract/limits.ts';
import type { Actor, Atividade, Resumo } from '../contract/types.ts';
import { readResumo } from '../store/aggregates.ts';
import { recentActivity } from '../store/feed.ts';

/** Clients, VIPs and contract sums: in all, by category and without one. */
export const getResumo = (_actor: Actor): Promise<Resumo> => readResumo();

/** The latest changes of clients and categories, newest first. */
export const listAtividades = (_actor: Actor): Promise<Atividade[]> => recentActivity(RECENT_ACTIVITY_LIMIT);
