import type { Categoria } from '@contract';
import { CardActions } from '../../../components/CardActions.tsx';
import { Badge, FolderIcon } from '../../../components/icons.tsx';
import { paths } from '../../../paths.ts';

/** A category card: its descricao, 'Editar' and 'Deletar'. */
export function CategoriaCard({ categoria }: { categoria: Categoria }) {
  return (
    <article className="card categoria-card">
      <div className="card-head">
        <Badge className="card-badge badge-folder" icon={<FolderIcon size={20} />} />
        <h2 className="card-title">{categoria.descricao}</h2>
      </div>
      <CardActions name={categoria.descricao} editTo={paths.atualizarCategoria.to(categoria.id)} deleteTo={paths.deletarCategoria.to(categoria.id)} />
    </article>
  );
}
