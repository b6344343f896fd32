/**
 * The client import's steps (choose → review → importing → summary) as the reducer moves them:
 * what each action changes and what it leaves, without a page or a server.
 */
import { describe, expect, it } from 'vitest';
import type { Importacao } from '../../lambdas/contract/index.ts';
import { importReducer, initialImportState, type ImportAction, type ImportState, type Run } from '../../web/src/features/importacao/import-state.ts';
import type { ParsedFile } from '../../web/src/lib/csv/read.ts';
import { guessMapping, POSITIONAL_FIELDS } from '../../web/src/lib/csv/rows.ts';

const parsed: ParsedFile = {
  rows: [
    ['Nome', 'Valor', 'Segmento'],
    ['Padaria Pão Quente', '1500,50', 'Varejo'],
  ],
  encoding: 'utf-8',
  delimiter: ';',
};

const job: Importacao = {
  id: 7,
  autor: 'ana@empresa.com.br',
  criadoEm: '2026-11-23T17:05:00.000Z',
  atualizadoEm: '2026-11-23T17:06:00.000Z',
  estado: 'importando',
  total: 400,
  criados: 200,
  categorias: 0,
  arquivo: 'planilha.csv',
  desfazerAte: '2999-12-23T17:05:00.000Z',
};

const run: Run = {
  key: 'k',
  jobId: 7,
  linhas: [{ linha: 2, cliente: { nome: 'Padaria Pão Quente' }, cells: parsed.rows[1]! }],
  next: 1,
  outcome: { state: 'done', created: 1, createdCategorias: 0, skipped: 0, failures: [] },
};

const apply = (state: ImportState, ...actions: ImportAction[]) => actions.reduce(importReducer, state);
const reviewing = () => apply(initialImportState, { type: 'reading' }, { type: 'read', name: 'clientes.csv', parsed, header: true });

describe('the client import reducer', () => {
  it('starts on choose, with categories created and duplicates skipped by default', () => {
    expect(initialImportState).toMatchObject({ phase: 'choose', header: true, mapping: [], criarCategorias: true, pularDuplicados: true, cancelling: false });
    expect(initialImportState.file).toBeUndefined();
    expect(initialImportState.run).toBeUndefined();
  });

  it('choose → reading → review: the file kept, its columns guessed from its header', () => {
    const reading = apply({ ...initialImportState, error: 'antes' }, { type: 'reading' });
    expect(reading.phase).toBe('reading');
    expect(reading.error).toBeUndefined();
    const review = importReducer(reading, { type: 'read', name: 'clientes.csv', parsed, header: true });
    expect(review.phase).toBe('review');
    expect(review.file).toEqual({ name: 'clientes.csv', parsed });
    expect(review.header).toBe(true);
    expect(review.mapping).toEqual(['nome', 'valorContrato', 'segmento']);
  });

  it('a refused file goes back to choose with why; an error from the chooser keeps the step', () => {
    const refused = apply(initialImportState, { type: 'reading' }, { type: 'refused', error: 'Arquivo grande demais.' });
    expect(refused).toMatchObject({ phase: 'choose', error: 'Arquivo grande demais.' });
    const tooBig = importReducer(initialImportState, { type: 'error', error: 'Maior que 5 MB.' });
    expect(tooBig).toMatchObject({ phase: 'choose', error: 'Maior que 5 MB.' });
  });

  it('the header switch guesses the columns again: positional without one', () => {
    const state = importReducer(reviewing(), { type: 'header', header: false });
    expect(state.header).toBe(false);
    expect(state.mapping).toEqual(guessMapping(parsed.rows, false));
    expect(state.mapping).toEqual(POSITIONAL_FIELDS.slice(0, 3));
    // Without a file there is nothing to guess from.
    expect(importReducer(initialImportState, { type: 'header', header: false })).toBe(initialImportState);
  });

  it('a field goes to one column: the column that had it loses it', () => {
    const state = importReducer(reviewing(), { type: 'column', column: 2, field: 'nome' });
    expect(state.mapping).toEqual([null, 'valorContrato', 'nome']);
    expect(importReducer(state, { type: 'column', column: 1, field: null }).mapping).toEqual([null, null, 'nome']);
  });

  it('the review choices are kept as chosen', () => {
    const state = apply(reviewing(), { type: 'criarCategorias', value: false }, { type: 'pularDuplicados', value: false });
    expect(state).toMatchObject({ phase: 'review', criarCategorias: false, pularDuplicados: false });
  });

  it("'Escolher outro arquivo' goes back to choose", () => {
    expect(importReducer(reviewing(), { type: 'otherFile' }).phase).toBe('choose');
  });

  it("'Continuar' in the list asks for the file again; the file read keeps the job with the lines it created; giving up forgets both", () => {
    const asking = importReducer({ ...reviewing(), error: 'antes' }, { type: 'resume', job });
    expect(asking).toMatchObject({ phase: 'choose', resuming: { job } });
    expect(asking.file).toBeUndefined();
    expect(asking.error).toBeUndefined();
    const created = new Set([2, 3]);
    const read = apply(asking, { type: 'reading' }, { type: 'read', name: 'planilha.csv', parsed, header: true, resuming: { job, created } });
    expect(read.phase).toBe('review');
    expect(read.resuming).toEqual({ job, created });
    // A refused file keeps the import being continued.
    expect(apply(asking, { type: 'reading' }, { type: 'refused', error: 'Outro arquivo.' }).resuming).toEqual({ job });
    const abandoned = importReducer(read, { type: 'abandonResume' });
    expect(abandoned.phase).toBe('choose');
    expect(abandoned.resuming).toBeUndefined();
    expect(abandoned.file).toBeUndefined();
  });

  it('review → importing: the progress counts the rows sent; the continued import is no longer being chosen', () => {
    const starting = importReducer({ ...reviewing(), resuming: { job, created: new Set([2]) } }, { type: 'starting', total: 300 });
    expect(starting).toMatchObject({ phase: 'importing', progress: { done: 0, total: 300 } });
    const sending = importReducer({ ...starting, cancelling: true }, { type: 'sending', done: 0, total: 300 });
    expect(sending).toMatchObject({ phase: 'importing', cancelling: false, progress: { done: 0, total: 300 } });
    expect(sending.resuming).toBeUndefined();
    expect(importReducer(sending, { type: 'progress', done: 200 }).progress).toEqual({ done: 200, total: 300 });
  });

  it('Cancelar marks the run as cancelling while it imports, and only then', () => {
    const importing = apply(reviewing(), { type: 'starting', total: 1 });
    expect(importReducer(importing, { type: 'cancel' }).cancelling).toBe(true);
    const review = reviewing();
    expect(importReducer(review, { type: 'cancel' })).toBe(review);
  });

  it('importing → summary with the run; Continuar from the summary goes back to importing where it stopped', () => {
    const summary = apply(reviewing(), { type: 'starting', total: 1 }, { type: 'finished', run });
    expect(summary.phase).toBe('summary');
    expect(summary.run).toBe(run);
    // The file stays for the failed rows' CSV.
    expect(summary.file?.name).toBe('clientes.csv');
    const again = importReducer(summary, { type: 'sending', done: run.next, total: run.linhas.length });
    expect(again).toMatchObject({ phase: 'importing', progress: { done: 1, total: 1 } });
  });

  it('never changes the state it is given', () => {
    const before = reviewing();
    const copy = structuredClone(before);
    apply(before, { type: 'column', column: 0, field: 'segmento' }, { type: 'header', header: false }, { type: 'starting', total: 1 }, { type: 'cancel' }, { type: 'finished', run });
    expect(before).toEqual(copy);
  });
});
