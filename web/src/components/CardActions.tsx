import { Link } from 'react-router-dom';
import { T } from '../texts.ts';
import { EditIcon, TrashIcon } from './icons.tsx';

/** A card's 'Editar' and 'Deletar' links; `name` names the record to screen readers ("Editar Varejo"). */
export function CardActions({ name, editTo, deleteTo }: { name: string; editTo: string; deleteTo: string }) {
  return (
    <div className="card-actions">
      <Link className="btn btn-secondary btn-sm" to={editTo} aria-label={T.common.editLabel(name)}>
        <EditIcon size={16} />
        {T.common.edit}
      </Link>
      <Link className="btn btn-danger-ghost btn-sm" to={deleteTo} aria-label={T.common.deleteLabel(name)}>
        <TrashIcon size={16} />
        {T.common.delete}
      </Link>
    </div>
  );
}
