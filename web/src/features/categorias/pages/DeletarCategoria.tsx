import { DeletePage } from '../../../components/DeletePage.tsx';
import { TOAST_DURATION } from '../../../config.ts';
import { T } from '../../../texts.ts';
import { undoState } from '../../../components/UndoBar.tsx';
import { CATEGORIA_MODEL } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TG } from '../../../texts-categorias.ts';

const TEXTS = { title: T.titles.deleteCategoria, heading: TG.categorias.confirmHeading, cancel: TG.categorias.cancel, confirm: TG.categorias.confirm };
const duration = TOAST_DURATION.categoryDelete;
const TOASTS = { loadFailed: TA.toast.categoriaLoadFailed, deleted: { message: TA.toast.categoriaDeleted, duration }, failed: { message: TA.toast.categoriaDeleteFailed, duration } };

/** /deletarcategorias/:id: 'Tem certeza?' naming the category, 'Confirmar' or 'Cancelar'. */
export default function DeletarCategoria() {
  return <DeletePage model={CATEGORIA_MODEL} variant="card" texts={TEXTS} toasts={TOASTS} deletedState={(c) => undoState({ tipo: 'categoria', id: c.id, nome: c.descricao })} describe={(c) => <p className="confirm-text">{TG.categorias.confirmText(c.descricao)}</p>} />;
}
