import type { Importacao } from '@contract';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import type { Resuming } from '../import-state.ts';
import { FileStep, type ImportPhase } from './FileChooser.tsx';
import { Importacoes } from './Importacoes.tsx';

/** The import being continued, with a way to give it up (shown while its file is chosen and reviewed). */
export function ResumingNote({ resuming, onAbandon }: { resuming: Resuming; onAbandon: () => void }) {
  return (
    <p className="form-note" role="status" data-testid="import-resuming">
      {resuming.created ? CSV_TEXTS.resume.status(resuming.job.arquivo, resuming.created.size) : CSV_TEXTS.resume.choose(resuming.job.arquivo)}{' '}
      <button type="button" className="btn-link" onClick={onAbandon}>
        {CSV_TEXTS.resume.abandon}
      </button>
    </p>
  );
}

/**
 * The client import's first step: choose a file (then read it), and below, unless an import is
 * being continued, the imports made so far.
 */
export function ChooseStep(p: {
  phase: ImportPhase;
  error: string | undefined;
  resuming: boolean;
  onFile: (file: File) => void;
  onError: (message: string) => void;
  onResume: (job: Importacao) => void;
}) {
  return (
    <>
      <FileStep phase={p.phase} error={p.error} onFile={p.onFile} onError={p.onError} />
      {p.phase === 'choose' && !p.resuming && <Importacoes onResume={p.onResume} />}
    </>
  );
}
