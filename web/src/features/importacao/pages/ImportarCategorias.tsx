/**
 * /categorias/importar: a one-column list of categories, read in the import's worker;
 * names that exist already (ignoring case and accents) or repeat are skipped; the others are
 * created one by one as POST /categorias does, with a progress bar and Cancelar.
 */
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { foldName } from '@contract';
import { ApiRequestError, newIdempotencyKey, reasonOf } from '../../../lib/api-client.ts';
import { readCsvFile } from '../../../lib/csv/read.ts';
import { categoriaNames } from '../../../lib/csv/rows.ts';
import { categorias as categoriasResource, useCategorias } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { C } from '../../../texts-csv.ts';
import { FileStep, ImportHeader, type ImportPhase } from '../components/FileChooser.tsx';


export default function ImportarCategorias() {
  const { mutate } = useSWRConfig();
  const categorias = useCategorias();
  const [phase, setPhase] = useState<ImportPhase>('choose');
  const [error, setError] = useState<string>();
  const [rows, setRows] = useState<ReturnType<typeof categoriaNames>>([]);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState({ created: 0, failures: [] as { linha: number; motivo: string }[], cancelled: false });
  const cancel = useRef(false);

  const onFile = async (file: File) => {
    setError(undefined);
    setPhase('reading');
    try {
      // A comma is part of a name here (Excel writes a one-column list without quotes): only `;` or tab split columns.
      setRows(categoriaNames((await readCsvFile(file, { commaIsText: true })).rows));
      setPhase('review');
    } catch {
      setError(C.choose.readFailed);
      setPhase('choose');
    }
  };

  const review = useMemo(() => {
    const seen = new Set((categorias.data ?? []).map((c) => foldName(c.descricao)));
    const novas: { linha: number; descricao: string }[] = [];
    let skipped = 0;
    for (const r of rows) {
      if (!r.descricao) continue;
      if (seen.has(foldName(r.descricao))) skipped++;
      else novas.push({ linha: r.linha, descricao: r.descricao });
      seen.add(foldName(r.descricao));
    }
    return { novas, skipped, invalid: rows.filter((r) => r.problem) };
  }, [rows, categorias.data]);

  const start = async () => {
    const key = newIdempotencyKey();
    const actions = categoriasResource.actions(mutate);
    const failures = review.invalid.map((r) => ({ linha: r.linha, motivo: r.problem! }));
    let created = 0;
    cancel.current = false;
    setPhase('importing');
    for (const [i, r] of review.novas.entries()) {
      if (cancel.current) break;
      setProgress({ done: i, total: review.novas.length });
      try {
        await actions.create({ descricao: r.descricao }, `${key}-${i}`);
        created++;
      } catch (err) {
        failures.push({ linha: r.linha, motivo: reasonOf(err) ?? (err instanceof ApiRequestError ? `HTTP ${err.status}` : C.progress.failed) });
      }
    }
    setResult({ created, failures, cancelled: cancel.current });
    setPhase('summary');
  };

  return (
    <div className="page">
      <ImportHeader title={C.titles.categorias} heading={C.headingCategorias} subtitle={C.introCategorias} back={paths.categorias} />
      <FileStep phase={phase} error={error} onFile={(f) => void onFile(f)} onError={setError} />
      {phase === 'review' && (
        <section className="import-section" aria-labelledby="import-preview">
          <h2 id="import-preview">{C.preview.heading}</h2>
          <p role="status" data-testid="import-counts">
            {C.preview.newCategoriasCount(review.novas.length, review.skipped)}
          </p>
          <ul aria-label={C.preview.heading}>
            {review.novas.slice(0, 50).map((r) => (
              <li key={r.linha}>{r.descricao}</li>
            ))}
          </ul>
          {review.invalid.length > 0 && (
            <ul aria-label={C.preview.invalidHeading(review.invalid.length)}>
              {review.invalid.map((r) => (
                <li key={r.linha}>
                  {C.preview.linha} {r.linha}: {r.problem}
                </li>
              ))}
            </ul>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-primary" disabled={review.novas.length === 0 || !categorias.data} onClick={() => void start()}>
              {C.preview.submitCategorias(review.novas.length)}
            </button>
          </div>
        </section>
      )}
      {phase === 'importing' && (
        <section className="import-section">
          <h2>{C.progress.heading}</h2>
          <progress className="import-progress" aria-label={C.progress.label} max={Math.max(progress.total, 1)} value={progress.done} />
          <button type="button" className="btn btn-secondary" onClick={() => (cancel.current = true)}>
            {C.progress.cancel}
          </button>
        </section>
      )}
      {phase === 'summary' && (
        <section className="import-section" aria-labelledby="import-summary">
          <h2 id="import-summary">{C.summary.heading}</h2>
          <p role="status">{result.cancelled ? C.summary.cancelled : C.summary.done}</p>
          <ul data-testid="import-summary">
            <li>{C.summary.createdCategorias(result.created)}</li>
            <li>{C.summary.failed(result.failures.length)}</li>
          </ul>
          {result.failures.length > 0 && (
            <ul aria-label={C.summary.failedHeading}>
              {result.failures.map((f) => (
                <li key={f.linha}>
                  {C.preview.linha} {f.linha}: {f.motivo}
                </li>
              ))}
            </ul>
          )}
          <Link className="btn btn-secondary" to={paths.categorias}>
            {C.summary.toCategorias}
          </Link>
        </section>
      )}
    </div>
  );
}
