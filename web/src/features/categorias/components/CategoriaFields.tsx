import { cleanText, LIMITS } from '@contract';
import { TextField } from '../../../components/Field.tsx';
import type { Form } from '../../../lib/form.ts';
import { fold } from '../../../lib/format.ts';
import { useCachedCategorias } from '../../../lib/resources.ts';
import type { CategoriaForm } from '../model.ts';
import { TG } from '../../../texts-categorias.ts';

/**
 * A category name as uniqueness sees it: cleaned, folded (case and accents) and with runs of
 * white space as one ("Várejo ", "varejo" and "VAREJO" are one name).
 */
const foldName = (text: string): string => fold(cleanText(text)).replace(/\s+/g, ' ');

/**
 * The category form's one field: 'Nome da Categoria' (descricao). Warns early when the name is
 * already taken in the list as loaded (case, accents and repeated spaces aside); the API decides.
 */
export function CategoriaFields({ form, self }: { form: Form<CategoriaForm>; self?: number }) {
  const cached = useCachedCategorias();
  const folded = foldName(form.values.descricao);
  const taken = folded ? cached?.find((c) => c.id !== self && foldName(c.descricao) === folded) : undefined;
  return (
    <TextField
      label={TG.categorias.descricao}
      name="descricao"
      value={form.values.descricao}
      max={LIMITS.descricao.max}
      error={form.errors.descricao}
      warning={taken && !form.errors.descricao ? TG.categorias.duplicate(taken.descricao) : undefined}
      onChange={(descricao) => form.change({ descricao })}
    />
  );
}
