import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@contract';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { CSV_TEXTS } from '../../../texts/csv.ts';

const MB = LIMITS.importacao.arquivoBytes / (1024 * 1024);

/** Choose a file or drop it; a file over the limit is refused here, before anything is read or sent. */
export function FileChooser({ onFile, onTooBig }: { onFile: (file: File) => void; onTooBig: () => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LIMITS.importacao.arquivoBytes) onTooBig();
    else onFile(file);
  };
  return (
    <div
      className={`import-drop${over ? ' is-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files[0]);
      }}
    >
      <label htmlFor={id} className="form-label">
        <strong>{CSV_TEXTS.choose.drop}</strong>
      </label>
      <p className="form-note">{CSV_TEXTS.choose.limit(MB)}</p>
      <input
        id={id}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-label={CSV_TEXTS.choose.label}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

export const FILE_LIMIT_MB = MB;

/** The steps of an import page. */
export type ImportPhase = 'choose' | 'reading' | 'review' | 'importing' | 'summary';

/** An import page's header, with the way back to its list. */
export function ImportHeader({ title, heading, subtitle, back }: { title: string; heading: string; subtitle: string; back: string }) {
  return (
    <PageHeader
      title={title}
      heading={heading}
      subtitle={subtitle}
      action={
        <Link className="btn btn-secondary" to={back}>
          {CSV_TEXTS.back}
        </Link>
      }
    />
  );
}

/**
 * An import page's first steps: choose (or drop) a file, with why the last one was refused
 * (`error`; a file over the limit is refused here, through `onError`), then reading it.
 */
export function FileStep({ phase, error, onFile, onError }: { phase: ImportPhase; error: string | undefined; onFile: (file: File) => void; onError: (message: string) => void }) {
  if (phase === 'reading')
    return (
      <section className="import-section" aria-busy="true">
        <p role="status">{CSV_TEXTS.choose.reading}</p>
        <Spinner />
      </section>
    );
  if (phase !== 'choose') return null;
  return (
    <section className="import-section">
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <FileChooser onFile={onFile} onTooBig={() => onError(CSV_TEXTS.choose.tooBig(FILE_LIMIT_MB))} />
    </section>
  );
}
