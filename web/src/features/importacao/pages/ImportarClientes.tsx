/**
 * /clientes/importar: choose a file → its columns → a preview of what will be saved →
 * the import, batch by batch with a progress bar and Cancelar → a summary (failed rows as a CSV to
 * fix and import again; Continuar; Desfazer importação). The file is read in a module worker.
 * Below the file chooser, the imports made so far: one that stopped (the page was closed) is
 * continued by choosing its file again (the lines it created are skipped), or undone.
 */
import { useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { LIMITS, foldName, formatDocumento, type Importacao } from '@contract';
import { ApiRequestError, newIdempotencyKey, reasonOf } from '../../../api/http.ts';
import { CLIENTE_COLUMNS, type ClienteField } from '../../../lib/csv/columns.ts';
import { formatData, formatTelefone } from '../../../lib/csv/fields.ts';
import { readCsvFile, type ParsedFile } from '../../../lib/csv/read.ts';
import { checkRows, columnHeaders, guessMapping, hasHeader, IMPORT_FIELDS, type ImportRow } from '../../../lib/csv/rows.ts';
import { formatMoney } from '../../../lib/format.ts';
import { categorias as categoriasResource, clientes as clientesResource, useCategorias } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { batchEnd } from '../../../lib/csv/batches.ts';
import { createCategoria, readImportacao, sendLote, startImportacao } from '../../../api/importacoes.ts';
import { FileStep, ImportHeader, type ImportPhase } from '../components/FileChooser.tsx';
import { Importacoes } from '../components/Importacoes.tsx';
import { useExistingClientes } from '../existentes.ts';
import { reviewRows, rowsToSend } from '../review.ts';
import { failedRowsCsv, Summary, type Failure, type Outcome } from '../components/Summary.tsx';

const PREVIEW_ROWS = 10;
const INVALID_SHOWN = 100;
const headerOf = (field: ClienteField) => CLIENTE_COLUMNS.find((c) => c.field === field)!.header;

/** A value of the preview as the app shows it (money, phone, CNPJ/CPF and dates formatted), not as stored. */
function shownValue(row: ImportRow, field: ClienteField): string {
  const value = row[field];
  if (value === undefined || value === null || value === '') return '';
  switch (field) {
    case 'valorContrato':
      return formatMoney(row.valorContrato);
    case 'telefone':
      return formatTelefone(String(value));
    case 'documento':
      return formatDocumento(String(value));
    case 'inicioContrato':
    case 'fimContrato':
      return formatData(String(value));
    default:
      return String(value);
  }
}

/** An import continued from the list: the job, and once its file is chosen again, the lines it created. */
interface Resuming {
  job: Importacao;
  created?: Set<number>;
}

/** A run of the import: what it sends, where it stopped (a cancelled or failed run resumes there). */
interface Run {
  key: string;
  jobId: number;
  linhas: { linha: number; cliente: unknown; cells: string[] }[];
  next: number;
  outcome: Outcome;
}

/** The wire body of a row: the spec's fields, its category by id, the contact and contract fields when present. */
function bodyOf(row: ImportRow, categoriaId: number | null): Record<string, unknown> {
  const { categoria: _name, ...fields } = row;
  return { ...fields, categoria: categoriaId === null ? null : { id: categoriaId } };
}

export default function ImportarClientes() {
  const { mutate } = useSWRConfig();
  const categorias = useCategorias();
  const [phase, setPhase] = useState<ImportPhase>('choose');
  const [error, setError] = useState<string>();
  const [file, setFile] = useState<{ name: string; parsed: ParsedFile }>();
  const [header, setHeader] = useState(true);
  const [mapping, setMapping] = useState<(ClienteField | null)[]>([]);
  const [criarCategorias, setCriarCategorias] = useState(true);
  const [pularDuplicados, setPularDuplicados] = useState(true);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [cancelling, setCancelling] = useState(false);
  const [run, setRun] = useState<Run>();
  const [resuming, setResuming] = useState<Resuming>();
  const cancel = useRef(false);

  const onFile = async (chosen: File) => {
    setError(undefined);
    setPhase('reading');
    try {
      const parsed = await readCsvFile(chosen);
      if (parsed.rows.length > LIMITS.importacao.maxLinhas + 1) throw new RangeError(CSV_TEXTS.choose.tooMany(LIMITS.importacao.maxLinhas));
      if (resuming) {
        // The same file (its SHA-256, when both sides have one), then the lines the import created.
        const { job } = resuming;
        if (job.assinatura && parsed.assinatura && job.assinatura !== parsed.assinatura) throw new RangeError(CSV_TEXTS.resume.wrongFile(job.arquivo));
        let detail;
        try {
          detail = await readImportacao(job.id);
        } catch {
          throw new RangeError(CSV_TEXTS.resume.loadFailed);
        }
        const created = new Set<number>();
        for (const [first, last] of detail.linhas) for (let l = first; l <= last; l++) created.add(l);
        setResuming({ job: detail, created });
      }
      const withHeader = hasHeader(parsed.rows[0]);
      setFile({ name: chosen.name, parsed });
      setHeader(withHeader);
      setMapping(guessMapping(parsed.rows, withHeader));
      setPhase('review');
    } catch (err) {
      setError(err instanceof RangeError ? err.message : CSV_TEXTS.choose.readFailed);
      setPhase('choose');
    }
  };

  const allChecks = useMemo(() => (file ? checkRows(file.parsed.rows, mapping, header) : []), [file, mapping, header]);
  // A continued import skips the lines it created already.
  const created = resuming?.created;
  const checks = useMemo(() => (created ? allChecks.filter((c) => !created.has(c.linha)) : allChecks), [allChecks, created]);
  const clientes = useExistingClientes(checks);
  const review = useMemo(() => reviewRows(checks, categorias.data ?? [], clientes.data ?? []), [checks, categorias.data, clientes.data]);


  const toSend = useMemo(() => rowsToSend(review, pularDuplicados), [review, pularDuplicados]);

  /**
   * Sends the batches from `start.next`, one at a time (each cut by rows and bytes, batchEnd),
   * until done, cancelled or failed; the last one says `fim` (the import is then concluded).
   */
  const sendFrom = async (start: Run) => {
    // Done unless it is cancelled or fails on the way (a resumed run starts over from 'cancelled').
    const current: Run = { ...start, outcome: { ...start.outcome, state: 'done', reason: undefined, failures: [...start.outcome.failures] } };
    setPhase('importing');
    cancel.current = false;
    setCancelling(false);
    setProgress({ done: current.next, total: current.linhas.length });
    do {
      if (cancel.current) {
        current.outcome.state = 'cancelled';
        break;
      }
      const end = batchEnd(current.linhas, current.next);
      const batch = current.linhas.slice(current.next, end);
      try {
        const answer = await sendLote(
          current.jobId,
          batch.map(({ linha, cliente }) => ({ linha, cliente })),
          `${current.key}-lote-${current.next}`,
          end >= current.linhas.length,
        );
        current.outcome.created += answer.criados.length;
        const cellsOf = new Map(batch.map((l) => [l.linha, l.cells]));
        for (const f of answer.falhas) current.outcome.failures.push({ linha: f.linha, motivo: f.mensagem, cells: cellsOf.get(f.linha) ?? [] });
      } catch (err) {
        current.outcome.state = 'failed';
        current.outcome.reason = reasonOf(err);
        break;
      }
      current.next = end;
      setProgress({ done: current.next, total: current.linhas.length });
    } while (current.next < current.linhas.length);
    setRun({ ...current });
    setPhase('summary');
    void mutate(categoriasResource.path);
    void mutate(clientesResource.path);
  };

  const start = async () => {
    if (!file) return;
    const key = newIdempotencyKey();
    setPhase('importing');
    setProgress({ done: 0, total: toSend.length });
    const outcome: Outcome = {
      state: 'done',
      created: 0,
      createdCategorias: 0,
      skipped: review.valid.length - toSend.length,
      ...(created ? { already: allChecks.length - checks.length } : {}),
      failures: review.invalid.map((c) => ({ linha: c.linha, motivo: c.problems.join(' '), cells: c.cells })),
    };
    try {
      const job = resuming?.job ?? (await startImportacao(toSend.length, file.name, file.parsed.assinatura, key));
      // Categories first, under the import (its undo deletes them too): the rows then name them by id.
      const ids = new Map(review.existing);
      if (criarCategorias && review.novas.length > 0) {
        for (const [i, descricao] of review.novas.entries()) {
          try {
            const created = await createCategoria(job.id, descricao, `${key}-categoria-${i}`);
            ids.set(foldName(descricao), created.id);
            outcome.createdCategorias++;
          } catch (err) {
            // Created meanwhile by someone else: use theirs.
            if (!(err instanceof ApiRequestError) || err.status !== 409) throw err;
            const list = await mutate<{ id: number; descricao: string }[]>(categoriasResource.path);
            const found = list?.find((c) => foldName(c.descricao) === foldName(descricao));
            if (found) ids.set(foldName(descricao), found.id);
          }
        }
        void mutate(categoriasResource.path);
      }
      const linhas = toSend.map((c) => {
        const name = c.row!.categoria;
        const id = name ? (ids.get(foldName(name)) ?? null) : null;
        return { linha: c.linha, cliente: bodyOf(c.row!, id), cells: c.cells };
      });
      setResuming(undefined);
      await sendFrom({ key, jobId: job.id, linhas, next: 0, outcome });
    } catch (err) {
      setRun({ key, jobId: 0, linhas: [], next: 0, outcome: { ...outcome, state: 'failed', reason: reasonOf(err) } });
      setPhase('summary');
    }
  };

  /** 'Continuar' in the list: the file is asked for again. */
  const resume = (job: Importacao) => {
    setResuming({ job });
    setFile(undefined);
    setError(undefined);
    setPhase('choose');
  };

  const width = mapping.length;
  const headerCells = file && header ? file.parsed.rows[0]! : [];
  const columnName = (j: number) => headerCells[j]?.trim() || CSV_TEXTS.columns.unnamed(j);
  const sample = checks[0]?.cells ?? [];
  const shownFields = IMPORT_FIELDS.filter((f) => mapping.includes(f));
  const hasNome = mapping.includes('nome');
  const failures: Failure[] = run?.outcome.failures ?? [];

  return (
    <div className="page">
      <ImportHeader title={CSV_TEXTS.titles.clientes} heading={CSV_TEXTS.headingClientes} subtitle={CSV_TEXTS.intro} back={paths.clientes} />
      {resuming && (phase === 'choose' || phase === 'review') && (
        <p className="form-note" role="status" data-testid="import-resuming">
          {resuming.created ? CSV_TEXTS.resume.status(resuming.job.arquivo, resuming.created.size) : CSV_TEXTS.resume.choose(resuming.job.arquivo)}{' '}
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setResuming(undefined);
              setFile(undefined);
              setPhase('choose');
            }}
          >
            {CSV_TEXTS.resume.abandon}
          </button>
        </p>
      )}
      <FileStep phase={phase} error={error} onFile={(f) => void onFile(f)} onError={setError} />
      {phase === 'choose' && !resuming && <Importacoes onResume={resume} />}
      {phase === 'review' && file && (
        <>
          <p className="form-note" role="status">
            {CSV_TEXTS.read.summary(file.name, checks.length, file.parsed.encoding, file.parsed.delimiter)}{' '}
            <button type="button" className="btn-link" onClick={() => setPhase('choose')}>
              {CSV_TEXTS.read.other}
            </button>
          </p>
          {checks.length === 0 ? (
            <p className="form-alert" role="alert">
              {CSV_TEXTS.choose.empty}
            </p>
          ) : null}
          <section className="import-section" aria-labelledby="import-columns">
            <h2 id="import-columns">{CSV_TEXTS.columns.heading}</h2>
            <p>{CSV_TEXTS.columns.text}</p>
            <label className="choice">
              <input
                type="checkbox"
                checked={header}
                onChange={(e) => {
                  setHeader(e.target.checked);
                  setMapping(guessMapping(file.parsed.rows, e.target.checked));
                }}
              />
              <span>{CSV_TEXTS.columns.header}</span>
            </label>
            <div className="import-table-wrap">
              <table className="import-table import-mapping">
                <thead>
                  <tr>
                    <th scope="col">{CSV_TEXTS.columns.fileColumn}</th>
                    <th scope="col">{CSV_TEXTS.columns.sample}</th>
                    <th scope="col">{CSV_TEXTS.columns.field}</th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: width }, (_, j) => (
                    <tr key={j}>
                      <th scope="row" className="cell-clip" title={columnName(j)}>
                        {columnName(j)}
                      </th>
                      <td className="cell-clip" title={sample[j] ?? ''} data-label={CSV_TEXTS.columns.sample}>
                        {sample[j] ?? ''}
                      </td>
                      <td>
                        <select
                          aria-label={CSV_TEXTS.columns.columnLabel(columnName(j))}
                          value={mapping[j] ?? ''}
                          onChange={(e) => {
                            const field = (e.target.value || null) as ClienteField | null;
                            // A field goes to one column: the one that had it loses it.
                            setMapping(mapping.map((f, k) => (k === j ? field : f === field ? null : f)));
                          }}
                        >
                          <option value="">{CSV_TEXTS.columns.none}</option>
                          {IMPORT_FIELDS.map((f) => (
                            <option key={f} value={f}>
                              {headerOf(f)}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="import-section" aria-labelledby="import-preview">
            <h2 id="import-preview">{CSV_TEXTS.preview.heading}</h2>
            {!hasNome ? (
              <p className="form-alert" role="alert">
                {CSV_TEXTS.columns.noNome}
              </p>
            ) : (
              <>
                <p role="status" className="import-counts" data-testid="import-counts">
                  {CSV_TEXTS.preview.countParts(toSend.length, review.invalid.length, review.valid.length - toSend.length).map((part, i) => (
                    <span key={i}>
                      {i > 0 && <span className="import-count-sep">{CSV_TEXTS.preview.countSeparator}</span>}
                      <span className={`import-count${i === 0 ? ' is-main' : ''}`}>{part}</span>
                    </span>
                  ))}
                </p>
                <p>{CSV_TEXTS.preview.first(Math.min(PREVIEW_ROWS, review.valid.length))}</p>
                <div className="import-table-wrap" role="region" aria-label={CSV_TEXTS.preview.scrollLabel} tabIndex={0}>
                  <table className="import-table" aria-label={CSV_TEXTS.preview.heading}>
                    <thead>
                      <tr>
                        <th scope="col">{CSV_TEXTS.preview.linha}</th>
                        {shownFields.map((f) => (
                          <th scope="col" key={f}>
                            {headerOf(f)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {review.valid.slice(0, PREVIEW_ROWS).map((c) => (
                        <tr key={c.linha}>
                          <td>{c.linha}</td>
                          {shownFields.map((f) => (
                            <td key={f}>{shownValue(c.row!, f)}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {review.invalid.length > 0 && (
                  <div className="import-problems">
                    <h3>{CSV_TEXTS.preview.invalidHeading(review.invalid.length)}</h3>
                    <ul aria-label={CSV_TEXTS.preview.invalidHeading(review.invalid.length)}>
                      {review.invalid.slice(0, INVALID_SHOWN).map((c) => (
                        <li key={c.linha}>
                          {CSV_TEXTS.preview.linha} {c.linha}: {c.problems.join(' ')}
                        </li>
                      ))}
                    </ul>
                    {review.invalid.length > INVALID_SHOWN && <p>{CSV_TEXTS.preview.more(review.invalid.length - INVALID_SHOWN)}</p>}
                  </div>
                )}
                {review.novas.length > 0 && (
                  <fieldset className="import-section choice-group">
                    <legend>{CSV_TEXTS.preview.newCategorias(review.novas.length)}</legend>
                    <p className="choice-names">{review.novas.join(', ')}</p>
                    <label className="choice">
                      <input type="radio" name="categorias" checked={criarCategorias} onChange={() => setCriarCategorias(true)} />
                      <span>{CSV_TEXTS.preview.createCategorias}</span>
                    </label>
                    <label className="choice">
                      <input type="radio" name="categorias" checked={!criarCategorias} onChange={() => setCriarCategorias(false)} />
                      <span>{CSV_TEXTS.preview.noCategoria}</span>
                    </label>
                  </fieldset>
                )}
                {review.duplicates.length > 0 && (
                  <fieldset className="import-section choice-group">
                    <legend>{CSV_TEXTS.preview.duplicates(review.duplicates.length)}</legend>
                    <label className="choice">
                      <input type="radio" name="duplicados" checked={pularDuplicados} onChange={() => setPularDuplicados(true)} />
                      <span>{CSV_TEXTS.preview.skipDuplicates}</span>
                    </label>
                    <label className="choice">
                      <input type="radio" name="duplicados" checked={!pularDuplicados} onChange={() => setPularDuplicados(false)} />
                      <span>{CSV_TEXTS.preview.importDuplicates}</span>
                    </label>
                  </fieldset>
                )}
                <div className="form-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    // A continued import with nothing left still concludes it.
                    disabled={(toSend.length === 0 && !created) || !categorias.data || !clientes.data}
                    onClick={() => void start()}
                  >
                    {created ? CSV_TEXTS.resume.submit(toSend.length) : CSV_TEXTS.preview.submit(toSend.length)}
                  </button>
                </div>
              </>
            )}
          </section>
        </>
      )}

      {phase === 'importing' && (
        <section className="import-section" aria-labelledby="import-progress">
          <h2 id="import-progress">{CSV_TEXTS.progress.heading}</h2>
          <progress className="import-progress" aria-label={CSV_TEXTS.progress.label} max={Math.max(progress.total, 1)} value={progress.done} />
          <p role="status">{cancelling ? CSV_TEXTS.progress.cancelling : CSV_TEXTS.progress.status(progress.done, progress.total)}</p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={cancelling}
            onClick={() => {
              cancel.current = true;
              setCancelling(true);
            }}
          >
            {CSV_TEXTS.progress.cancel}
          </button>
        </section>
      )}

      {phase === 'summary' && run && (
        <Summary
          outcome={run.outcome}
          jobId={run.jobId || undefined}
          canResume={run.jobId > 0 && run.next < run.linhas.length}
          onResume={() => void sendFrom(run)}
          failedCsv={() => failedRowsCsv(columnHeaders(file?.parsed.rows ?? [], mapping, header, CSV_TEXTS.columns.unnamed), failures)}
          fileName={file?.name ?? 'clientes.csv'}
        />
      )}
    </div>
  );
}
