/**
 * The texts, routes and timings the browser suite checks, copied from the spec (and from
 * the app's fixes of it) on purpose: the tests hold the app to the spec, not to the
 * app's own text module.
 */
export const ROUTES = {
  home: '/home',
  sobreNos: '/sobre-nos',
  categorias: '/categorias',
  cadastrarCategoria: '/cadastrarcategorias',
  atualizarCategoria: (id: number) => `/categorias/atualizar/${id}`,
  deletarCategoria: (id: number) => `/deletarcategorias/${id}`,
  clientes: '/clientes',
  cadastrarCliente: '/cadastrarproduto',
  atualizarCliente: (id: number) => `/atualizarproduto/${id}`,
  deletarCliente: (id: number) => `/deletarproduto/${id}`,
} as const;

/** The navbar links: label → path (the spec's section 2, then the renewals view). */
export const NAV_LINKS: readonly { name: string; path: string }[] = [
  { name: 'Sobre nós', path: '/sobre-nos' },
  { name: 'Listar clientes', path: '/clientes' },
  { name: 'Cadastrar clientes', path: '/cadastrarproduto' },
  { name: 'Listar categorias', path: '/categorias' },
  { name: 'Cadastrar categorias', path: '/cadastrarcategorias' },
  // The agenda of tarefas (its badge counts one's overdue ones).
  { name: 'Agenda', path: '/agenda' },
  // The renewals view, after the spec's links.
  { name: 'Contratos a renovar', path: '/contratos-a-renovar' },
  // The trash.
  { name: 'Lixeira', path: '/lixeira' },
];

export const TEXT = {
  buscar: 'Buscar',
  cadastrar: 'Cadastrar',
  atualizar: 'Atualizar',
  editar: 'Editar',
  deletar: 'Deletar',
  nomeCategoria: 'Nome da Categoria',
  temCerteza: 'Tem certeza?',
  confirmar: 'Confirmar',
  cancelar: 'Cancelar',
  buscaClientes: 'Busque seus clientes',
  nome: 'Nome',
  segmento: 'Segmento',
  pontoFocal: 'Ponto focal',
  valorContrato: 'Valor do contrato',
  categoria: 'Categoria',
  selecioneCategoria: 'Selecione uma categoria',
  deletarProduto: 'Deletar produto',
  perguntaDeletarProduto: 'Você tem certeza de que deseja deletar o produto a seguir?',
  nao: 'Não',
  sim: 'Sim',
  // Additions to the spec.
  vip: 'Cliente VIP',
  padrao: 'Cliente padrão',
  semCategoria: 'Sem categoria',
  tentarNovamente: 'Tentar novamente',
  naoEncontrada: 'Página não encontrada',
} as const;

/** The spec's sections 5 and 8. */
export const TOAST = {
  preenchaCategoria: 'Preencha o nome da categoria!',
  preenchaProduto: 'Preencha o nome do produto!',
  categoriaCadastrada: 'A categoria foi cadastrada com sucesso!',
  categoriaAtualizada: 'A categoria foi atualizada com sucesso!',
  categoriaDeletada: 'Categoria deletada com sucesso!',
  produtoCadastrado: 'O produto foi cadastrado com sucesso!',
  produtoAtualizado: 'O produto foi atualizado com sucesso!',
  produtoApagado: 'Produto apagado com sucesso',
  erroCadastrarCategoria: 'Erro ao cadastrar a categoria.',
  erroAtualizarCategoria: 'Erro ao atualizar a categoria.',
  erroBuscarCategoria: 'Erro ao buscar a categoria.',
  erroCadastrarProduto: 'Erro ao cadastrar o produto.',
  erroAtualizarProduto: 'Erro ao atualizar o produto.',
  erroBuscarProduto: 'Erro ao buscar o produto.',
  erroBuscarCategorias: 'Erro ao buscar categorias!',
  erroDeletarProduto: 'Erro ao deletar o produto',
  erroDeletarCategoria: 'Erro ao deletar a categoria 😥',
} as const;

/** The spec's section 9, in ms. */
export const TIMING = {
  toast: 2_000,
  toastCategoryDelete: 3_000,
  createRedirect: 1_500,
  firstLoadHold: 800,
  /** react-hot-toast keeps a dismissed toast for its exit animation this long. */
  toastRemoveDelay: 1_000,
} as const;
