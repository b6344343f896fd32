/**
 * What a record action says when it is done or fails: the spec's toasts and the
 * Desfazer bar after a delete, in Brazilian Portuguese. Beside app.ts: only the pages
 * that act on records load them.
 */
export const ACOES_TEXTS = {
  /** Toasts: the spec's, to the letter. */
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
    /** A record back from the trash (the bar's Desfazer, the Lixeira page). */
    restored: 'Registro restaurado.',
  },
  /** The bar a list page shows after a delete: it stays until used, dismissed or the page is left. */
  undo: {
    cliente: 'Cliente deletado.',
    categoria: 'Categoria deletada.',
    tarefa: 'Tarefa deletada.',
    action: 'Desfazer',
    actionLabel: (nome: string) => `Desfazer: restaurar ${nome}`,
    dismiss: 'Fechar aviso',
    failed: 'Não foi possível desfazer: o registro não foi restaurado.',
  },
} as const;
