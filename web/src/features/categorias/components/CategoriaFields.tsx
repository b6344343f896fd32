import { foldName, LIMITS } from '@contract';
import { TextField } from '../../../components/Field.tsx';
import type { Form } from '../../../lib/form.ts';
import { useCachedCategorias } from '../../../lib/resources.ts';
import type { CategoriaForm } from '../model.ts';
import { CATEGORIAS_TEXTS } from '../../../texts/categorias.ts';

/**
 * The category form's one field: 'Nome da Categoria' (descricao). Warns early when the name is
 * already taken in the list as loaded, folded by the contract's `foldName`, the API's own rule
 * (case, accents, ligatures, full-width letters and repeated spaces aside); the API decides.
 */
export function CategoriaFields({ form, self }: { form: Form<CategoriaForm>; self?: number }) {
  const cached = useCachedCategorias();
  const folded = foldName(form.values.descricao);
  const taken = folded ? cached?.find((c) => c.id !== self && foldName(c.descricao) === folded) : undefined;
  return (
    <TextField
      label={CATEGORIAS_TEXTS.categorias.descricao}
      name="descricao"
      value={form.values.descricao}
      max={LIMITS.descricao.max}
      error={form.errors.descricao}
      warning={taken && !form.errors.descricao ? CATEGORIAS_TEXTS.categorias.duplicate(taken.descricao) : undefined}
      onChange={(descricao) => form.change({ descricao })}
    />
  );
}
