/**
 * The UI texts of the lists' tools: the client list's sort, chips and totals, the
 * category cards' totals and sort, in Brazilian Portuguese. Beside app.ts: only the list pages'
 * lazy chunks load them.
 */
import { PROXIMA_TEXTS } from './proxima.ts';

export const LISTAS_TEXTS = {
  clientes: {
    sortLabel: 'Ordenar por',
    sorts: {
      '': 'Ordem de cadastro',
      nome: 'Nome (A–Z)',
      'nome-desc': 'Nome (Z–A)',
      'valor-desc': 'Maior valor de contrato',
      valor: 'Menor valor de contrato',
      categoria: 'Categoria (A–Z)',
      alteracao: 'Alteração mais recente',
      proxima: 'Próxima tarefa',
    },
    chipsLabel: 'Filtrar por categoria',
    onlyVip: 'Só VIP',
    semProxima: PROXIMA_TEXTS.nenhuma,
    clearView: 'Limpar filtros',
    /** A view whose chips or Só VIP (no text) leave no client. */
    noMatch: 'Nenhum cliente com esses filtros.',
    noMatchHint: 'Desmarque uma categoria ou o Só VIP, ou limpe os filtros.',
    /** The totals of what is shown, after the results count. */
    totalSoma: (soma: string) => `${soma} em contratos`,
    totalVips: (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'VIP' : 'VIPs'}`,
    /** The paged list (a large portfolio). */
    paged: {
      capped: (n: number) => `Mostrando os primeiros ${n.toLocaleString('pt-BR')} clientes desta visão. Use a busca ou os filtros para chegar aos demais.`,
    },
  },
  categorias: {
    cardClientes: (n: number) => `${n} ${n === 1 ? 'cliente' : 'clientes'}`,
    cardSoma: (soma: string) => `${soma} em contratos`,
    cardLink: (descricao: string) => `ver clientes de ${descricao}`,
    /** The card's link while its totals are unknown (loading, or GET /resumo failed). */
    cardClientesLink: 'Ver clientes',
    cardClientesOf: (descricao: string) => `de ${descricao}`,
    sortLabel: 'Ordenar por',
    sorts: { nome: 'Nome (A–Z)', total: 'Maior total em contratos' },
  },
  /** The lists' CSV actions (the import pages' own texts are in csv.ts). */
  csv: {
    exportar: 'Exportar',
    importar: 'Importar',
    exportFailed: 'Não foi possível exportar. Tente de novo.',
    /** The streaming export of a large list: its progress bar and the way to stop it. */
    exportando: 'Exportando clientes',
    exportProgress: (feitos: number, total: number | undefined) =>
      total === undefined ? `${feitos.toLocaleString('pt-BR')} clientes exportados` : `${feitos.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} clientes exportados`,
    cancelar: 'Cancelar',
    exportCanceled: 'Exportação cancelada.',
  },
} as const;
