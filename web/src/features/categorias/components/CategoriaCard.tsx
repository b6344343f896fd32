import { Link } from 'react-router-dom';
import type { Categoria } from '@contract';
import { EditIcon, FolderIcon, TrashIcon } from '../../../components/icons.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';

/** A category card: its descricao, 'Editar' and 'Deletar'. */
export function CategoriaCard({ categoria }: { categoria: Categoria }) {
  return (
    <article className="card categoria-card">
      <div className="card-head">
        <span className="card-badge badge-folder" aria-hidden="true">
          <FolderIcon size={20} />
        </span>
        <h2 className="card-title">{categoria.descricao}</h2>
      </div>
      <div className="card-actions">
        <Link className="btn btn-secondary btn-sm" to={paths.atualizarCategoria.to(categoria.id)} aria-label={T.categorias.editarLabel(categoria.descricao)}>
          <EditIcon size={16} />
          {T.common.editar}
        </Link>
        <Link className="btn btn-danger-ghost btn-sm" to={paths.deletarCategoria.to(categoria.id)} aria-label={T.categorias.deletarLabel(categoria.descricao)}>
          <TrashIcon size={16} />
          {T.common.deletar}
        </Link>
      </div>
    </article>
  );
}
