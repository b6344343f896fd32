import { useId } from 'react';
import { LIMITS } from '@contract';
import { T } from '../../../texts.ts';

/** The category form's one field: 'Nome da Categoria' (descricao). */
export function CategoriaFields({ descricao, onChange }: { descricao: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {T.categorias.campo}
      </label>
      <input id={id} name="descricao" type="text" value={descricao} maxLength={LIMITS.descricao.max} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
