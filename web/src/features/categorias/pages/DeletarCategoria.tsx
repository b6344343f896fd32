import { DeletePage } from '../../../components/DeletePage.tsx';
import { TOAST_DURATION } from '../../../config.ts';
import { T } from '../../../texts.ts';
import { undoState } from '../../../components/UndoBar.tsx';
import { CATEGORIA_MODEL } from '../model.ts';

const TEXTS = { title: T.titles.deleteCategoria, heading: T.categorias.confirmHeading, cancel: T.categorias.cancel, confirm: T.categorias.confirm };
const duration = TOAST_DURATION.categoryDelete;
const TOASTS = { loadFailed: T.toast.categoriaLoadFailed, deleted: { message: T.toast.categoriaDeleted, duration }, failed: { message: T.toast.categoriaDeleteFailed, duration } };

/** /deletarcategorias/:id: 'Tem certeza?' naming the category, 'Confirmar' or 'Cancelar'. */
export default function DeletarCategoria() {
  return <DeletePage model={CATEGORIA_MODEL} variant="card" texts={TEXTS} toasts={TOASTS} deletedState={(c) => undoState({ tipo: 'categoria', id: c.id, nome: c.descricao })} describe={(c) => <p className="confirm-text">{T.categorias.confirmText(c.descricao)}</p>} />;
}
