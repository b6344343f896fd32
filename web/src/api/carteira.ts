/**
 * The portfolio's reads, as SWR keys the app's fetcher reads: the totals (GET /resumo: one read on
 * the server, whatever the number of clients) and the latest changes (GET /atividades, newest first).
 */
export const RESUMO_PATH = '/resumo';
export const ATIVIDADES_PATH = '/atividades';
