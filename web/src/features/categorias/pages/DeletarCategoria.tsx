import { Link } from 'react-router-dom';
import type { Categoria } from '@contract';
import { DeletePage } from '../../../components/DeletePage.tsx';
import { TOAST_DURATION } from '../../../config.ts';
import { viewHref } from '../../../lib/clientes-url.ts';
import { useResumo } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { undoState } from '../../../components/UndoBar.tsx';
import { CATEGORIA_MODEL } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TG } from '../../../texts-categorias.ts';

const TEXTS = { title: T.titles.deleteCategoria, heading: TG.categorias.confirmHeading, cancel: TG.categorias.cancel, confirm: TG.categorias.confirm };
const duration = TOAST_DURATION.categoryDelete;
const TOASTS = { loadFailed: TA.toast.categoriaLoadFailed, deleted: { message: TA.toast.categoriaDeleted, duration }, failed: { message: TA.toast.categoriaDeleteFailed, duration } };

/** How many clients the category has (the portfolio's totals: one read), once known. */
function useClientCount(id: number): number | undefined {
  const { data } = useResumo();
  return data ? (data.categorias.find((c) => c.id === id)?.clientes ?? 0) : undefined;
}

/** What deleting does, or, up front, why it can't be done yet: its clients, with a link to them. */
function Describe({ categoria }: { categoria: Categoria }) {
  const clientes = useClientCount(categoria.id);
  if (!clientes) return <p className="confirm-text">{TG.categorias.confirmText(categoria.descricao)}</p>;
  return (
    <p className="confirm-text" role="alert">
      {TG.categorias.hasClientes(categoria.descricao, clientes)}{' '}
      <Link to={viewHref(paths.clientes, { categorias: [categoria.id] })}>{TG.categorias.seeClientes(clientes)}</Link>
    </p>
  );
}

/**
 * /deletarcategorias/:id: 'Tem certeza?' naming the category, 'Confirmar' or 'Cancelar'; a category
 * with clients says so up front (how many, with a link to them), not after the confirmation.
 * Confirmar stays as the spec has it: the API refuses a category in use, and the spec's error toast
 * and redirect follow (the count may also be stale: another tab may have moved the clients).
 */
export default function DeletarCategoria() {
  return (
    <DeletePage
      model={CATEGORIA_MODEL}
      variant="card"
      texts={TEXTS}
      toasts={TOASTS}
      deletedState={(c) => undoState({ tipo: 'categoria', id: c.id, nome: c.descricao })}
      describe={(c) => <Describe categoria={c} />}
    />
  );
}
