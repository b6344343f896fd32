/**
 * /clientes/importar: choose a file → its columns → a preview of what will be saved →
 * the import, batch by batch with a progress bar and Cancelar → a summary (failed rows as a CSV to
 * fix and import again; Continuar; Desfazer importação). The file is read in a module worker.
 * Below the file chooser, the imports made so far: one that stopped (the page was closed) is
 * continued by choosing its file again (the lines it created are skipped), or undone.
 * The steps' state and requests live in useClienteImport; each step is its own component.
 */
import { columnHeaders } from '../../../lib/csv/rows.ts';
import { useCategorias } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { ChooseStep, ResumingNote } from '../components/ChooseStep.tsx';
import { ImportHeader } from '../components/FileChooser.tsx';
import { ImportingStep } from '../components/ImportingStep.tsx';
import { ReviewStep } from '../components/ReviewStep.tsx';
import { failedRowsCsv, Summary } from '../components/Summary.tsx';
import { useClienteImport } from '../hooks.ts';

export default function ImportarClientes() {
  const categorias = useCategorias();
  const { state, dispatch, checks, review, toSend, created, clientesRead, chooseFile, start, resumeRun, resumeJob, cancel } = useClienteImport({
    categorias: categorias.data,
  });
  const { phase, file, run, resuming } = state;

  return (
    <div className="page">
      <ImportHeader title={CSV_TEXTS.titles.clientes} heading={CSV_TEXTS.headingClientes} subtitle={CSV_TEXTS.intro} back={paths.clientes} />
      {resuming && (phase === 'choose' || phase === 'review') && <ResumingNote resuming={resuming} onAbandon={() => dispatch({ type: 'abandonResume' })} />}
      <ChooseStep
        phase={phase}
        error={state.error}
        resuming={resuming !== undefined}
        onFile={(f) => void chooseFile(f)}
        onError={(error) => dispatch({ type: 'error', error })}
        onResume={resumeJob}
      />
      {phase === 'review' && file && (
        <ReviewStep
          file={file}
          state={state}
          dispatch={dispatch}
          checks={checks}
          review={review}
          toSend={toSend}
          created={created}
          ready={Boolean(categorias.data && clientesRead)}
          onStart={() => void start()}
        />
      )}
      {phase === 'importing' && <ImportingStep progress={state.progress} cancelling={state.cancelling} onCancel={cancel} />}
      {phase === 'summary' && run && (
        <Summary
          outcome={run.outcome}
          jobId={run.jobId || undefined}
          canResume={run.jobId > 0 && run.next < run.linhas.length}
          onResume={() => resumeRun(run)}
          failedCsv={() => failedRowsCsv(columnHeaders(file?.parsed.rows ?? [], state.mapping, state.header, CSV_TEXTS.columns.unnamed), run.outcome.failures)}
          fileName={file?.name ?? 'clientes.csv'}
        />
      )}
    </div>
  );
}
