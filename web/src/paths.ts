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
  importarClientes: '/clientes/importar',
  /** One client, read-only (digits only: `/clientes/importar` is the import). */
  cliente: { pattern: '/clientes/:id', to: (id: number | string) => `/clientes/${id}` },
  importarCategorias: '/categorias/importar',
  cadastrarCliente: '/cadastrarproduto',
  atualizarCliente: { pattern: '/atualizarproduto/:id', to: (id: number | string) => `/atualizarproduto/${id}` },
  deletarCliente: { pattern: '/deletarproduto/:id', to: (id: number | string) => `/deletarproduto/${id}` },
  /** Clients whose contract ends soon; `?dias=60` picks the window. */
  renovacoes: '/contratos-a-renovar',
  // The trash: deleted records, restored or (administrators) deleted for good.
  lixeira: '/lixeira',
  /** The tarefas by day: `?escopo=equipe` for the team's, `&tipo=ligacao` for one type. */
  agenda: '/agenda',
  // Sign-in: /entrar and the password page are public; the others need a user.
  entrar: '/entrar',
  esqueciSenha: '/esqueci-senha',
  minhaConta: '/minha-conta',
  usuarios: '/usuarios',
  convidarUsuario: '/usuarios/convidar',
} as const;

/** /entrar, then back to `destino` (a path of this app, with its query string). */
export const entrarPath = (destino?: string): string =>
  destino && destino !== paths.entrar ? `${paths.entrar}?destino=${encodeURIComponent(destino)}` : paths.entrar;

/** Where /entrar goes after signing in: its `destino` when it is a path of this app (never another site), else the client list. */
export function destinoOf(search: string): string {
  const d = new URLSearchParams(search).get('destino');
  return d && d.startsWith('/') && !d.startsWith('//') && !d.startsWith('/\\') ? d : paths.clientes;
}

/** Old paths the spec navigated to without defining: they keep working as redirects. */
export const redirects: readonly { from: string; to: string }[] = [
  { from: '/listacategorias', to: paths.categorias },
  { from: '/produtos', to: paths.clientes },
];
