/**
 * The forms' messages next to their fields, the value field's and the edit-conflict panel's, in
 * Brazilian Portuguese. Beside app.ts: only the forms' lazy chunks load them.
 */
export const FORM_TEXTS = {
  /** Messages next to a form's fields; `label` is the field's own label. */
  form: {
    required: (label: string) => `Preencha o campo “${label}”.`,
    invalid: (label: string) => `O campo “${label}” tem um valor inválido.`,
    /** How much of a text field's limit is used, shown near the limit. */
    counter: (used: number, max: number) => `${used} de ${max} caracteres`,
    pasteCut: (max: number) => `O texto colado passava de ${max} caracteres e foi cortado no limite.`,
  },
  /** The value field's messages; amounts come formatted by the caller (`max` with its currency). */
  money: {
    invalid: (label: string) => `${label}: use só números, como 1.234,56.`,
    ambiguous: (label: string, thousands: string, cents: string | undefined) =>
      `${label} ambíguo: escreva ${thousands}${cents ? ` ou ${cents}` : ''} (o ponto separa os milhares e a vírgula, os centavos).`,
    decimals: (label: string, decimals: number) => `${label}: no máximo ${decimals} casas decimais.`,
    negative: (label: string) => `${label} não pode ser negativo.`,
  },
  /** Leaving a form with typed changes. */
  leave: { question: 'Descartar as alterações?', discard: 'Descartar', keep: 'Continuar editando' },
  /** An edit whose record someone else saved meanwhile (HTTP 409). */
  conflict: {
    /** The panel's heading (a page names its record: "este cliente"). */
    heading: 'Outra pessoa salvou este registro enquanto você editava.',
    intro: 'Compare abaixo e escolha o que manter.',
    loading: 'Buscando a versão atual...',
    differs: 'Campos em que a sua versão difere da atual:',
    none: 'Nenhum campo da sua versão difere da atual.',
    field: 'Campo',
    mine: 'Sua versão',
    current: 'Versão atual',
    changedBy: 'O que mudou',
    /** Per field, in plain words: who changed it since the version the edit started from. */
    who: { mine: 'Só você mudou', theirs: 'Só a outra pessoa mudou', both: 'Você e a outra pessoa mudaram' },
    /** In place of the re-apply button on a field only the other person changed. */
    keptCurrent: 'Fica a atual',
    empty: '(vazio)',
    load: 'Carregar a versão atual',
    loaded: 'Versão atual carregada. Reaplique o que ainda valer e clique em Atualizar.',
    reapply: 'Usar a minha',
    reapplyLabel: (label: string) => `Usar a sua versão de ${label}`,
    failed: 'Não foi possível buscar a versão atual.',
  },
} as const;
