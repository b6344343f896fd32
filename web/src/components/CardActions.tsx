import { Link } from 'react-router-dom';
import { APP_TEXTS } from '../texts/app.ts';
import { EditIcon, TrashIcon } from './icons-pages.tsx';

/** A card's 'Editar' and 'Deletar' links; `name` names the record to screen readers ("Editar Varejo"). */
export function CardActions({ name, editTo, deleteTo }: { name: string; editTo: string; deleteTo: string }) {
  return (
    <div className="card-actions">
      <Link className="btn btn-secondary btn-sm" to={editTo} aria-label={APP_TEXTS.common.editLabel(name)}>
        <EditIcon size={16} />
        {APP_TEXTS.common.edit}
      </Link>
      <Link className="btn btn-danger-ghost btn-sm" to={deleteTo} aria-label={APP_TEXTS.common.deleteLabel(name)}>
        <TrashIcon size={16} />
        {APP_TEXTS.common.delete}
      </Link>
    </div>
  );
}
