import type { Dispatch } from 'react';
import { formatDocumento } from '@contract';
import { CLIENTE_COLUMNS, type ClienteField } from '../../../lib/csv/columns.ts';
import { formatData, formatTelefone } from '../../../lib/csv/fields.ts';
import type { ParsedFile } from '../../../lib/csv/read.ts';
import { IMPORT_FIELDS, type ImportRow, type RowCheck } from '../../../lib/csv/rows.ts';
import { formatMoney } from '../../../lib/format.ts';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import type { ImportAction, ImportState } from '../import-state.ts';
import type { ImportReview } from '../review.ts';

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

/**
 * The client import's review: which field each column of the file is, then a preview of what will
 * be saved (the first rows, the invalid ones and why, the new categories, the names already
 * stored) and the button that starts it.
 */
export function ReviewStep(p: {
  file: { name: string; parsed: ParsedFile };
  state: Pick<ImportState, 'header' | 'mapping' | 'criarCategorias' | 'pularDuplicados'>;
  dispatch: Dispatch<ImportAction>;
  checks: readonly RowCheck[];
  review: ImportReview;
  toSend: readonly RowCheck[];
  /** The lines an earlier run created, when the import is being continued. */
  created: Set<number> | undefined;
  /** Whether the stored categories and clients the review compares with have been read. */
  ready: boolean;
  onStart: () => void;
}) {
  const { file, dispatch, checks, review, toSend, created } = p;
  const { header, mapping, criarCategorias, pularDuplicados } = p.state;
  const width = mapping.length;
  const headerCells = header ? file.parsed.rows[0]! : [];
  const columnName = (j: number) => headerCells[j]?.trim() || CSV_TEXTS.columns.unnamed(j);
  const sample = checks[0]?.cells ?? [];
  const shownFields = IMPORT_FIELDS.filter((f) => mapping.includes(f));
  const hasNome = mapping.includes('nome');

  return (
    <>
      <p className="form-note" role="status">
        {CSV_TEXTS.read.summary(file.name, checks.length, file.parsed.encoding, file.parsed.delimiter)}{' '}
        <button type="button" className="btn-link" onClick={() => dispatch({ type: 'otherFile' })}>
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
          <input type="checkbox" checked={header} onChange={(e) => dispatch({ type: 'header', header: e.target.checked })} />
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
                      onChange={(e) => dispatch({ type: 'column', column: j, field: (e.target.value || null) as ClienteField | null })}
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
                  <input type="radio" name="categorias" checked={criarCategorias} onChange={() => dispatch({ type: 'criarCategorias', value: true })} />
                  <span>{CSV_TEXTS.preview.createCategorias}</span>
                </label>
                <label className="choice">
                  <input type="radio" name="categorias" checked={!criarCategorias} onChange={() => dispatch({ type: 'criarCategorias', value: false })} />
                  <span>{CSV_TEXTS.preview.noCategoria}</span>
                </label>
              </fieldset>
            )}
            {review.duplicates.length > 0 && (
              <fieldset className="import-section choice-group">
                <legend>{CSV_TEXTS.preview.duplicates(review.duplicates.length)}</legend>
                <label className="choice">
                  <input type="radio" name="duplicados" checked={pularDuplicados} onChange={() => dispatch({ type: 'pularDuplicados', value: true })} />
                  <span>{CSV_TEXTS.preview.skipDuplicates}</span>
                </label>
                <label className="choice">
                  <input type="radio" name="duplicados" checked={!pularDuplicados} onChange={() => dispatch({ type: 'pularDuplicados', value: false })} />
                  <span>{CSV_TEXTS.preview.importDuplicates}</span>
                </label>
              </fieldset>
            )}
            <div className="form-actions">
              <button
                type="button"
                className="btn btn-primary"
                // A continued import with nothing left still concludes it.
                disabled={(toSend.length === 0 && !created) || !p.ready}
                onClick={p.onStart}
              >
                {created ? CSV_TEXTS.resume.submit(toSend.length) : CSV_TEXTS.preview.submit(toSend.length)}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}
