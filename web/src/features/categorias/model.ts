import { isBlank, type Categoria, type CategoriaInput } from '@contract';
import type { FieldErrors, FormModel } from '../../lib/form.ts';
import { categorias } from '../../lib/resources.ts';
import { paths } from '../../paths.ts';
import { FORM_TEXTS } from '../../texts/forms.ts';
import { CATEGORIAS_TEXTS } from '../../texts/categorias.ts';

/** The category form's state: its one field as typed. */
export interface CategoriaForm {
  descricao: string;
}

/** The category as the shared pages see it: one field, 'Nome da Categoria'. */
export const CATEGORIA_MODEL: FormModel<Categoria, CategoriaForm, CategoriaInput> = {
  resource: categorias,
  listPath: paths.categorias,
  fields: [{ key: 'descricao', label: CATEGORIAS_TEXTS.categorias.descricao, wire: ['descricao'] }],
  toForm: (c) => ({ descricao: c.descricao }),
  toBody: (form) => ({ descricao: form.descricao }),
};

/** A blank name is refused before sending (create only: the spec's update form validates nothing). */
export const validateCreate = (form: CategoriaForm): FieldErrors<CategoriaForm> =>
  isBlank(form.descricao) ? { descricao: FORM_TEXTS.form.required(CATEGORIAS_TEXTS.categorias.descricao) } : {};
