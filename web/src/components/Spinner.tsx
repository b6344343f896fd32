import { APP_TEXTS } from '../texts/app.ts';

/** A loading spinner announced to screen readers as "Carregando...". */
export function Spinner({ label = APP_TEXTS.common.loading, size = 'lg' }: { label?: string; size?: 'sm' | 'lg' }) {
  return (
    <div role="status" aria-label={label} className={`spinner-wrap spinner-${size}`}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The small spinner inside a submitting button (the button itself carries the state). */
export function ButtonSpinner() {
  return <span className="spinner spinner-inline" aria-hidden="true" />;
}
