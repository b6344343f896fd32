/**
 * The category pages' texts (list, card, forms, delete page), in Brazilian Portuguese. Beside
 * app.ts: only the category pages' lazy chunks load them.
 */
import { CAMPOS } from './campos.ts';

export const CATEGORIAS_TEXTS = {
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
    descricao: CAMPOS.descricao,
    duplicate: (descricao: string) => `Já existe uma categoria chamada “${descricao}”.`,
    createHeading: 'Cadastrar categoria',
    updateHeading: 'Atualizar categoria',
    conflictHeading: 'Outra pessoa salvou esta categoria enquanto você editava.',
    confirmHeading: 'Tem certeza?',
    confirmText: (descricao: string) => `A categoria “${descricao}” será deletada e ficará na Lixeira, de onde pode ser restaurada.`,
    /** A category with clients can't be deleted: said before the confirmation. */
    hasClientes: (descricao: string, n: number) =>
      `A categoria “${descricao}” tem ${n} ${n === 1 ? 'cliente' : 'clientes'} e só pode ser deletada sem clientes: mude-os de categoria antes.`,
    seeClientes: (n: number) => (n === 1 ? 'Ver o cliente' : `Ver os ${n} clientes`),
    confirm: 'Confirmar',
    cancel: 'Cancelar',
  },
} as const;
