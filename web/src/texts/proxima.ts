/**
 * A client's next tarefa as a card and the client page say it, in Brazilian Portuguese. Apart
 * from tarefas.ts: the client list's cards load only these.
 */
export const PROXIMA_TEXTS = {
  /** "Ligação amanhã às 10:00". */
  texto: (tipo: string, quando: string) => `${tipo} ${quando}`,
  nenhuma: 'Sem próxima tarefa',
  atrasada: 'Atrasada',
} as const;
