/** THE route table of the web: every path the app links to or mounts, in one place. */
export const paths = {
  root: '/',
  home: '/home',
  sobreNos: '/sobre-nos',
  categorias: '/categorias',
  cadastrarCategoria: '/cadastrarcategorias',
  atualizarCategoria: { pattern: '/categorias/atualizar/:id', to: (id: number | string) => `/categorias/atualizar/${id}` },
  deletarCategoria: { pattern: '/deletarcategorias/:id', to: (id: number | string) => `/deletarcategorias/${id}` },
  clientes: '/clientes',
  cadastrarCliente: '/cadastrarproduto',
  atualizarCliente: { pattern: '/atualizarproduto/:id', to: (id: number | string) => `/atualizarproduto/${id}` },
  deletarCliente: { pattern: '/deletarproduto/:id', to: (id: number | string) => `/deletarproduto/${id}` },
} as const;

/** Old paths the spec navigated to without defining: they keep working as redirects. */
export const redirects: readonly { from: string; to: string }[] = [
  { from: '/listacategorias', to: paths.categorias },
  { from: '/produtos', to: paths.clientes },
];
