/**
 * The client pages' texts (list, card, forms, delete page), in Brazilian Portuguese. Beside
 * texts.ts, which holds the shell's (every page's): only the client pages' lazy chunks load them.
 */
import { CAMPOS } from './texts-campos.ts';

export const TC = {
  clientes: {
    heading: 'Busque seus clientes',
    subheading: 'Encontre clientes pelo nome, e-mail ou CNPJ/CPF e acompanhe seus contratos.',
    filterLabel: 'Filtrar por nome, e-mail ou CNPJ/CPF do cliente',
    filterPlaceholder: 'Ex.: João',
    new: 'Novo cliente',
    emptyTitle: 'Nenhum cliente cadastrado',
    emptyText: 'Cadastre o primeiro cliente para começar a acompanhar seus contratos.',
    emptyAction: 'Cadastrar cliente',
    listError: 'Não foi possível carregar os clientes.',
    createHeading: 'Cadastrar cliente',
    updateHeading: 'Atualizar cliente',
    conflictHeading: 'Outra pessoa salvou este cliente enquanto você editava.',
    nome: CAMPOS.nome,
    segmento: CAMPOS.segmento,
    pontoFocal: CAMPOS.pontoFocal,
    valorContrato: CAMPOS.valorContrato,
    /** `vip`: the VIP threshold as money (config.ts), formatted by the caller. */
    valorContratoHelp: (vip: string) => `Em reais, como 1.234,56. Acima de ${vip} o cliente é VIP.`,
    /** Shown before the value field. */
    currencyPrefix: 'R$',
    /** An empty segmento or ponto focal on a card. */
    noValue: '—',
    categoria: CAMPOS.categoria,
    categoriaPlaceholder: 'Selecione uma categoria',
    vip: 'Cliente VIP',
    standard: 'Cliente padrão',
    // The card's contact, document and contract; the form's texts: texts-contato.ts
    /** Which document it is, before the number on a card. */
    tipoDocumento: { CPF: 'CPF', CNPJ: 'CNPJ' },
    emailLabel: (email: string) => `Enviar e-mail para ${email}`,
    telefoneLabel: (telefone: string) => `Ligar para ${telefone}`,
    whatsapp: 'WhatsApp',
    whatsappLabel: (telefone: string) => `Conversar no WhatsApp com ${telefone}`,
    contrato: 'Contrato',
    /** The contract's dates as a card shows them (dd/mm/aaaa; either may be missing). */
    periodo: (inicio: string | undefined, fim: string | undefined) =>
      inicio && fim ? `${inicio} a ${fim}` : fim ? `até ${fim}` : `desde ${inicio ?? ''}`,
    /** `dias` from today to the contract's end (0 is today). */
    renovaEm: (dias: number) => (dias === 0 ? 'Renova hoje' : dias === 1 ? 'Renova em 1 dia' : `Renova em ${dias} dias`),
    vencido: 'Vencido',
    /** The card's name: a link to the client's page. */
    pageLabel: (nome: string) => `Ver o cliente ${nome}`,
    deleteHeading: 'Deletar produto',
    deleteQuestion: 'Você tem certeza de que deseja deletar o produto a seguir?',
    no: 'Não',
    yes: 'Sim',
  },
  /** /clientes/{id}: one client, read-only. */
  pagina: {
    title: (nome: string) => nome,
    loadingTitle: 'Cliente',
    back: 'Voltar para a lista',
    notFound: 'Este cliente não existe ou foi deletado.',
    loadError: 'Não foi possível carregar o cliente.',
    contato: 'Contato',
    semContato: 'Nenhum contato cadastrado.',
    email: CAMPOS.email,
    telefone: CAMPOS.telefone,
    contrato: 'Contrato',
    valor: CAMPOS.valorContrato,
    inicio: CAMPOS.inicioContrato,
    fim: CAMPOS.fimContrato,
    renovacao: 'Renovação',
    semFim: 'Sem data de fim',
    dados: 'Dados do cliente',
    observacoes: CAMPOS.observacoes,
    semObservacoes: 'Nenhuma observação.',
    verCategoria: (descricao: string) => `Ver os clientes de ${descricao}`,
    /** Days from today to the contract's end (negative: it ended). */
    renovacaoTexto: (dias: number) =>
      dias < 0 ? `Terminou há ${-dias} ${dias === -1 ? 'dia' : 'dias'}` : dias === 0 ? 'Termina hoje' : `Termina em ${dias} ${dias === 1 ? 'dia' : 'dias'}`,
  },
} as const;
