/**
 * Every UI text of the web app, in Brazilian Portuguese, exactly as the spec says, with
 * the shell's own (every page's). Components import from web/src/texts/; no UI string lives anywhere else.
 * Keys are English; domain nouns stay as the API names them (categoria, descricao, valorContrato),
 * and the client is `cliente` (the wire's `produto` lives on only in the texts users read).
 */
export const APP_TEXTS = {
  brand: 'Clientela',
  nav: {
    label: 'Navegação principal',
    skip: 'Pular para o conteúdo',
    home: 'Clientela',
    about: 'Sobre nós',
    listClientes: 'Listar clientes',
    createClientes: 'Cadastrar clientes',
    listCategorias: 'Listar categorias',
    createCategorias: 'Cadastrar categorias',
    renovacoes: 'Contratos a renovar',
    lixeira: 'Lixeira',
    agenda: 'Agenda',
    /** The count of one's overdue tarefas beside 'Agenda', read aloud ("Agenda, 3 tarefas atrasadas"). */
    atrasadas: (n: number, mais: boolean) => `${n}${mais ? ' ou mais' : ''} ${n === 1 && !mais ? 'tarefa atrasada' : 'tarefas atrasadas'}`,
    /** The menu button's one name; its state is aria-expanded. */
    menu: 'Menu',
    usuarios: 'Usuários',
    signIn: 'Entrar',
    signOut: 'Sair',
    /** The signed-in user's link to "Minha conta": its text is the e-mail. */
    account: 'Minha conta:',
  },
  footer: {
    social: 'Redes sociais',
    linkedin: 'Clientela no LinkedIn',
    github: 'Clientela no GitHub',
    instagram: 'Clientela no Instagram',
    tagline: 'Gestão de clientes simples para pequenas e médias empresas.',
    copyright: (year: number) => `© ${year} Clientela`,
  },
  titles: {
    home: 'Início',
    about: 'Sobre nós',
    categorias: 'Categorias',
    createCategoria: 'Cadastrar categoria',
    updateCategoria: 'Atualizar categoria',
    deleteCategoria: 'Deletar categoria',
    clientes: 'Clientes',
    createCliente: 'Cadastrar cliente',
    updateCliente: 'Atualizar cliente',
    deleteCliente: 'Deletar produto',
    lixeira: 'Lixeira',
    agenda: 'Agenda',
    notFound: 'Página não encontrada',
    error: 'Erro',
  },
  common: {
    loading: 'Carregando...',
    search: 'Buscar',
    edit: 'Editar',
    delete: 'Deletar',
    /** A card's links, named after the record for screen readers. */
    editLabel: (name: string) => `Editar ${name}`,
    deleteLabel: (name: string) => `Deletar ${name}`,
    create: 'Cadastrar',
    cancel: 'Cancelar',
    update: 'Atualizar',
    retry: 'Tentar novamente',
    showMore: 'Mostrar mais',
    backHome: 'Voltar para o início',
    /** Counts as pt-BR writes them ("10.000 resultados"): the paged lists reach tens of thousands. */
    results: (shown: number, total: number) =>
      shown === total
        ? `${total.toLocaleString('pt-BR')} ${total === 1 ? 'resultado' : 'resultados'}`
        : `${shown.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} resultados`,
    noResults: (q: string) => `Nenhum resultado para “${q}”.`,
    noResultsHint: 'Confira a grafia ou busque por outro termo.',
    clearFilter: 'Limpar filtro',
    /** A client without a category (a card, a chip, a chart's bar). */
    noCategoria: 'Sem categoria',
  },
  notFound: {
    code: '404',
    heading: 'Página não encontrada',
    text: 'O endereço que você acessou não existe ou foi movido.',
  },
  error: {
    heading: 'Algo deu errado',
    text: 'Não foi possível exibir esta página. Tente novamente ou volte para o início.',
    reload: 'Recarregar a página',
  },
} as const;

/** Document title of a page: "Clientes · Clientela". */
export const pageTitle = (title: string): string => `${title} · ${APP_TEXTS.brand}`;
