/** The first page of a record's history (`/produtos/7` → `/produtos/7/historico?limit=10`): its SWR key, paged on by cursor. */
export const historicoPath = (recordPath: string, limit: number): string => `${recordPath}/historico?limit=${limit}`;
