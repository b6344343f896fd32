import { useRef, type HTMLAttributes } from 'react';
import { charCount, LIMITS, type ContatoField } from '@contract';
import { FieldFrame } from '../../../components/Field.tsx';
import { useActionPress } from '../../../components/FormShell.tsx';
import type { Form } from '../../../lib/form.ts';
import { C } from '../../../texts-contato.ts';
import { TF } from '../../../texts-forms.ts';
import { maskData, maskDocumento, maskTelefone, NORMALIZE } from '../masks.ts';
import { contatoProblem, type ClienteForm } from '../model.ts';

type Masked = { mask: (text: string) => string; normalize: (text: string) => string };
const NONE: Masked = { mask: (t) => t, normalize: (t) => t };
const MASKS: Record<Exclude<ContatoField, 'observacoes'>, Masked> = {
  email: NONE,
  telefone: { mask: maskTelefone, normalize: NORMALIZE.telefone },
  documento: { mask: maskDocumento, normalize: NORMALIZE.documento },
  inicioContrato: { mask: maskData, normalize: NORMALIZE.data },
  fimContrato: { mask: maskData, normalize: NORMALIZE.data },
};

/**
 * A one-line field with a mask: typing gets the field's punctuation, a paste is read whole (any
 * common written form), leaving the field shows it the field's way and says what is wrong.
 */
function MaskedField({
  form,
  name,
  help,
  inputMode,
  autoComplete = 'off',
}: {
  form: Form<ClienteForm>;
  name: Exclude<ContatoField, 'observacoes'>;
  help?: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
}) {
  const { mask, normalize } = MASKS[name];
  const pasting = useRef(false);
  const pressing = useActionPress();
  const value = form.values[name];
  const onBlur = () => {
    const shown = normalize(value);
    if (shown !== value) form.change({ [name]: shown });
    // Left for the form's buttons: the submit checks it (a message now would move them).
    if (!pressing?.current) form.setError(name, contatoProblem({ ...form.values, [name]: shown }, name));
  };
  return (
    <FieldFrame label={C.labels[name]} error={form.errors[name]} help={help}>
      {(a11y) => (
        <input
          {...a11y}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete={autoComplete}
          spellCheck={false}
          value={value}
          onPaste={() => {
            pasting.current = true;
          }}
          onChange={(e) => {
            const text = e.target.value;
            form.change({ [name]: pasting.current ? normalize(text) : mask(text) });
            pasting.current = false;
          }}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}

/** The second section of the client form: e-mail, telefone, CNPJ/CPF, contract dates, notes. */
export function ContatoFields({ form }: { form: Form<ClienteForm> }) {
  const { values, errors, change } = form;
  const max = LIMITS.observacoes.max;
  // Counted as the API counts its limit (code points, NFC), like the one-line fields.
  const used = charCount(values.observacoes);
  return (
    <fieldset className="form-section">
      <legend>{C.section}</legend>
      <div className="field-grid">
        <MaskedField form={form} name="email" inputMode="email" />
        <MaskedField form={form} name="telefone" inputMode="tel" help={C.telefoneHelp} />
        <MaskedField form={form} name="documento" inputMode="text" help={C.documentoHelp} />
        <div className="field-pair">
          <MaskedField form={form} name="inicioContrato" inputMode="numeric" help={C.dataHelp} />
          <MaskedField form={form} name="fimContrato" inputMode="numeric" help={C.dataHelp} />
        </div>
        <FieldFrame
          label={C.labels.observacoes}
          error={errors.observacoes}
          className="field field-wide"
          describedBy={used >= max * 0.8 ? ['counter'] : []}
          extra={(ids) =>
            used >= max * 0.8 ? (
              <p id={ids.counter} className={used >= max ? 'field-counter at-limit' : 'field-counter'}>
                {TF.form.counter(used, max)}
              </p>
            ) : null
          }
        >
          {(a11y) => <textarea {...a11y} name="observacoes" rows={4} value={values.observacoes} onChange={(e) => change({ observacoes: e.target.value })} />}
        </FieldFrame>
      </div>
    </fieldset>
  );
}
