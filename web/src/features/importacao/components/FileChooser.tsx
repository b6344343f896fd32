import { useId, useState } from 'react';
import { LIMITS } from '@contract';
import { C } from '../../../texts-csv.ts';

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
        <strong>{C.choose.drop}</strong>
      </label>
      <p className="form-note">{C.choose.limit(MB)}</p>
      <input
        id={id}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-label={C.choose.label}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

export const FILE_LIMIT_MB = MB;
