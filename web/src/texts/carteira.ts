/**
 * The UI texts of the home: its portfolio block and the landing page, in Brazilian
 * Portuguese. They live beside app.ts because only the home's lazy chunks load them: in app.ts
 * they would weigh on the initial JavaScript of every page (as auth.ts, listas.ts).
 */
export const CARTEIRA_TEXTS = {
  /** The landing page below the portfolio (only the home's chunk reads it). */
  home: {
    eyebrow: 'Gestão de clientes para PMEs',
    headline: 'Gerencie seus clientes com a Clientela',
    description:
      'Cadastre clientes, organize-os em categorias e acompanhe cada contrato em um só lugar. Simples para a equipe, claro para a gestão.',
    ctaClientes: 'Ver clientes',
    ctaCreate: 'Cadastrar cliente',
    featuresTitle: 'Tudo o que sua carteira precisa',
    /** `text(vip)`: `vip` is the VIP threshold as money (config.ts), formatted by the caller. */
    features: [
      {
        title: 'Gestão completa de clientes',
        text: () => 'Nome, segmento, ponto focal, valor do contrato e categoria de cada cliente, sempre à mão.',
      },
      {
        title: 'Contratos VIP com prioridade',
        text: (vip: string) => `Contratos acima de ${vip} ganham a coroa VIP e se destacam na lista.`,
      },
      {
        title: 'Acompanhamento do relacionamento',
        text: () => 'Categorias e filtros rápidos para saber com quem falar e quando.',
      },
    ],
  },
  /** The home's portfolio block. */
  portfolio: {
    title: 'Sua carteira',
    lead: 'Clientes, contratos e renovações num relance, com os números exatos a cada alteração da equipe.',
    loading: 'Carregando o resumo da carteira...',
    error: 'Não foi possível carregar o resumo da carteira.',
    clientes: 'Clientes',
    vips: 'Clientes VIP',
    vipShare: (pct: string) => `${pct} da carteira`,
    soma: 'Total em contratos',
    media: 'Contrato médio',
    chartTitle: 'Valor em contratos por categoria',
    chartTable: 'Valor em contratos e clientes por categoria',
    chartCategoria: 'Categoria',
    chartClientes: 'Clientes',
    chartValor: 'Valor em contratos',
    others: 'Outras',
    barLink: (descricao: string, valor: string) => `${descricao} ${valor}, ver clientes`,
    renewTitle: 'Contratos a renovar nos próximos 30 dias',
    renewNone: 'Nenhum contrato vence nos próximos 30 dias.',
    renewLoading: 'Carregando os contratos...',
    renewError: 'Não foi possível carregar os contratos.',
    renewTotal: (n: number, soma: string) => `${n} ${n === 1 ? 'contrato' : 'contratos'}, ${soma}`,
    renewOn: (date: string) => `vence em ${date}`,
    renewOverdue: (dias: number) => (dias === 1 ? 'Vencido há 1 dia' : `Vencido há ${dias} dias`),
    renewMore: (n: number) => `e mais ${n}`,
    recentTitle: 'Atualizações recentes',
    // The feed keeps its last ACTIVITY_FEED_DAYS days (each record's Histórico keeps everything).
    recentNone: (dias: number) => `Nenhuma alteração nos últimos ${dias} dias.`,
    recentError: 'Não foi possível carregar as atualizações.',
    tipo: { produto: 'o cliente', categoria: 'a categoria' },
    acao: { criado: 'cadastrou', alterado: 'alterou', excluido: 'deletou', restaurado: 'restaurou' },
    fields: (campos: string) => `(${campos})`,
    emptyTitle: 'Sua carteira ainda está vazia',
    emptyText: 'Cadastre o primeiro cliente para ver aqui os números da carteira.',
    signInTitle: 'Entre para ver sua carteira',
    signInText: 'Clientes, contratos VIP, renovações e as últimas alterações da equipe, num só lugar.',
    /** Today's tarefas (one's own; the team's with sign-in off), the overdue ones first. */
    hojeTitle: 'Suas tarefas de hoje',
    hojeAgenda: 'Ver agenda',
    hojeNone: 'Nada para hoje. Bom trabalho!',
    hojeError: 'Não foi possível carregar as tarefas de hoje.',
    hojeAtrasada: 'Atrasada',
    hojeMais: (n: number) => `e mais ${n} ${n === 1 ? 'tarefa' : 'tarefas'} na agenda`,
  },
} as const;
