/**
 * The Lixeira page's and the history timeline's texts, in Brazilian Portuguese. Beside app.ts:
 * only their lazy chunks load them.
 */
/** The open mode's actor as the API writes it (lambdas/http/actor.ts). */
const OPEN_MODE_ACTOR = 'anônimo';

export const HISTORICO_TEXTS = {
  lixeira: {
    heading: 'Lixeira',
    subheading: 'Clientes e categorias deletados ficam aqui por um tempo e podem ser restaurados.',
    listLabel: 'Registros deletados',
    tipo: { produto: 'Cliente', categoria: 'Categoria', tarefa: 'Tarefa' },
    excluido: (por: string, em: string) => `Deletado por ${por} em ${em}`,
    expira: (em: string) => `Sai da lixeira em ${em}`,
    restore: 'Restaurar',
    restoreLabel: (nome: string) => `Restaurar ${nome}`,
    purge: 'Excluir definitivamente',
    purgeLabel: (nome: string) => `Excluir definitivamente ${nome}`,
    purgeQuestion: (nome: string) =>
      `Excluir “${nome}” definitivamente? O registro e todo o seu histórico serão apagados. Esta ação não pode ser desfeita.`,
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    purged: 'Registro excluído definitivamente.',
    restoreFailed: 'Erro ao restaurar o registro.',
    purgeFailed: 'Erro ao excluir o registro definitivamente.',
    emptyTitle: 'A lixeira está vazia',
    emptyText: 'Os clientes e categorias deletados aparecem aqui e podem ser restaurados.',
    emptyAction: 'Ver clientes',
    listError: 'Não foi possível carregar a lixeira.',
  },
  /** The history of a record: "Maria alterou — 23/11/2026 14:05", then "Valor do contrato: R$ 1.500,00 → R$ 15.000,00". */
  historico: {
    heading: 'Histórico',
    acao: { criado: 'criou o registro', excluido: 'deletou o registro', restaurado: 'restaurou o registro', alterado: 'alterou' },
    /** Read aloud for the arrow between a field's old and new value. */
    to: 'para',
    restoredWithout: 'sem a categoria, que não existe mais',
    empty: '(vazio)',
    anonymous: 'Anônimo',
    loadError: 'Não foi possível carregar o histórico.',
    none: 'Nenhuma alteração registrada.',
    updatedBy: (por: string, em: string) => `Atualizado por ${por} em ${em}`,
    createdBy: (por: string, em: string) => `Criado por ${por} em ${em}`,
  },
} as const;

/** Who did it, as every screen shows it: the e-mail, or "Anônimo" for the open mode's actor (a name, capitalised everywhere). */
export const personOf = (por: string): string => (por === OPEN_MODE_ACTOR ? HISTORICO_TEXTS.historico.anonymous : por);
