/**
 * Every UI text of the web app, in Brazilian Portuguese, exactly as SPEC.md (sections 2, 5, 8)
 * and issues 3 and 13 say. Components import from here; no UI string lives anywhere else.
 * Keys are English; domain nouns stay as the API names them (categoria, descricao, valorContrato),
 * and the client is `cliente` (the wire's `produto` lives on only in the texts users read).
 */
export const T = {
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
    notFound: 'Página não encontrada',
    error: 'Erro',
  },
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
  about: {
    heading: 'Sobre nós',
    intro: 'Somos a equipe que desenvolve a Clientela. Fale com a gente!',
    photoAlt: (nome: string) => `Foto de ${nome}`,
    linkedin: (nome: string) => `LinkedIn de ${nome}`,
    github: (nome: string) => `GitHub de ${nome}`,
    linktree: (nome: string) => `Página de links de ${nome}`,
    linksLabel: (nome: string) => `Links de ${nome}`,
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
    results: (shown: number, total: number) =>
      shown === total ? `${total} ${total === 1 ? 'resultado' : 'resultados'}` : `${shown} de ${total} resultados`,
    noResults: (q: string) => `Nenhum resultado para “${q}”.`,
    noResultsHint: 'Confira a grafia ou busque por outro termo.',
    clearFilter: 'Limpar filtro',
  },
  /** Messages next to a form's fields; `label` is the field's own label. */
  form: {
    required: (label: string) => `Preencha o campo “${label}”.`,
    invalid: (label: string) => `O campo “${label}” tem um valor inválido.`,
    /** How much of a text field's limit is used, shown near the limit. */
    counter: (used: number, max: number) => `${used} de ${max} caracteres`,
    pasteCut: (max: number) => `O texto colado passava de ${max} caracteres e foi cortado no limite.`,
  },
  /** The value field's messages; amounts come formatted by the caller (`max` with its currency). */
  money: {
    invalid: (label: string) => `${label}: use só números, como 1.234,56.`,
    ambiguous: (label: string, thousands: string, cents: string | undefined) =>
      `${label} ambíguo: escreva ${thousands}${cents ? ` ou ${cents}` : ''} (o ponto separa os milhares e a vírgula, os centavos).`,
    decimals: (label: string, decimals: number) => `${label}: no máximo ${decimals} casas decimais.`,
    negative: (label: string) => `${label} não pode ser negativo.`,
    max: (label: string, max: string) => `${label}: no máximo ${max}.`,
  },
  /** An edit whose record someone else saved meanwhile (HTTP 409). */
  conflict: {
    heading: 'Outra pessoa alterou este registro enquanto você editava',
    loading: 'Buscando a versão atual...',
    differs: 'Campos em que a sua versão difere da atual:',
    none: 'Nenhum campo da sua versão difere da atual.',
    field: 'Campo',
    mine: 'Sua versão',
    current: 'Versão atual',
    empty: '(vazio)',
    load: 'Carregar a versão atual',
    loaded: 'Versão atual carregada. Reaplique o que ainda valer e clique em Atualizar.',
    reapply: 'Usar a minha',
    reapplyLabel: (label: string) => `Usar a sua versão de ${label}`,
    failed: 'Não foi possível buscar a versão atual.',
  },
  categorias: {
    heading: 'Categorias',
    subheading: 'Organize seus clientes em categorias.',
    filterLabel: 'Filtrar por nome da categoria',
    filterPlaceholder: 'Ex.: Varejo',
    new: 'Nova categoria',
    emptyTitle: 'Nenhuma categoria cadastrada',
    emptyText: 'Crie a primeira categoria para organizar seus clientes.',
    emptyAction: 'Cadastrar categoria',
    listError: 'Não foi possível carregar as categorias.',
    /** The label of the descricao field. */
    descricao: 'Nome da Categoria',
    duplicate: (descricao: string) => `Já existe uma categoria chamada “${descricao}”.`,
    createHeading: 'Cadastrar categoria',
    updateHeading: 'Atualizar categoria',
    confirmHeading: 'Tem certeza?',
    confirmText: (descricao: string) => `A categoria “${descricao}” será deletada. Esta ação não pode ser desfeita.`,
    confirm: 'Confirmar',
    cancel: 'Cancelar',
  },
  clientes: {
    heading: 'Busque seus clientes',
    subheading: 'Encontre clientes pelo nome e acompanhe seus contratos.',
    filterLabel: 'Filtrar por nome do cliente',
    filterPlaceholder: 'Ex.: João',
    new: 'Novo cliente',
    emptyTitle: 'Nenhum cliente cadastrado',
    emptyText: 'Cadastre o primeiro cliente para começar a acompanhar seus contratos.',
    emptyAction: 'Cadastrar cliente',
    listError: 'Não foi possível carregar os clientes.',
    createHeading: 'Cadastrar cliente',
    updateHeading: 'Atualizar cliente',
    nome: 'Nome',
    segmento: 'Segmento',
    pontoFocal: 'Ponto focal',
    valorContrato: 'Valor do contrato',
    /** `vip`: the VIP threshold as money (config.ts), formatted by the caller. */
    valorContratoHelp: (vip: string) => `Em reais, como 1.234,56. Acima de ${vip} o cliente é VIP.`,
    /** Shown before the value field. */
    currencyPrefix: 'R$',
    /** An empty segmento or ponto focal on a card. */
    noValue: '—',
    categoria: 'Categoria',
    categoriaPlaceholder: 'Selecione uma categoria',
    noCategoria: 'Sem categoria',
    vip: 'Cliente VIP',
    standard: 'Cliente padrão',
    deleteHeading: 'Deletar produto',
    deleteQuestion: 'Você tem certeza de que deseja deletar o produto a seguir?',
    no: 'Não',
    yes: 'Sim',
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
  /** Toasts: SPEC sections 5 and 8, to the letter. */
  toast: {
    fillCategoria: 'Preencha o nome da categoria!',
    fillCliente: 'Preencha o nome do produto!',
    categoriaCreated: 'A categoria foi cadastrada com sucesso!',
    categoriaUpdated: 'A categoria foi atualizada com sucesso!',
    categoriaDeleted: 'Categoria deletada com sucesso!',
    clienteCreated: 'O produto foi cadastrado com sucesso!',
    clienteUpdated: 'O produto foi atualizado com sucesso!',
    clienteDeleted: 'Produto apagado com sucesso',
    categoriaCreateFailed: 'Erro ao cadastrar a categoria.',
    categoriaUpdateFailed: 'Erro ao atualizar a categoria.',
    categoriaLoadFailed: 'Erro ao buscar a categoria.',
    clienteCreateFailed: 'Erro ao cadastrar o produto.',
    clienteUpdateFailed: 'Erro ao atualizar o produto.',
    clienteLoadFailed: 'Erro ao buscar o produto.',
    categoriasLoadFailed: 'Erro ao buscar categorias!',
    clienteDeleteFailed: 'Erro ao deletar o produto',
    categoriaDeleteFailed: 'Erro ao deletar a categoria 😥',
  },
} as const;

/** Document title of a page: "Clientes · Clientela". */
export const pageTitle = (title: string): string => `${title} · ${T.brand}`;
