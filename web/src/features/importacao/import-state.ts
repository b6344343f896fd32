/**
 * The client import's steps as a reducer: choose (and read) a file → review its columns and rows →
 * importing, batch by batch → summary. Pure: the hook (hooks.ts) runs the requests and dispatches
 * what they answer, so every transition is tested without a page or a server.
 */
import type { Importacao } from '@contract';
import type { ClienteField } from '../../lib/csv/columns.ts';
import type { ParsedFile } from '../../lib/csv/read.ts';
import { guessMapping, type RowCheck } from '../../lib/csv/rows.ts';
import type { ImportPhase } from './components/FileChooser.tsx';
import type { Outcome } from './components/Summary.tsx';

/** An import continued from the list: the job, and once its file is chosen again, the lines it created. */
export interface Resuming {
  job: Importacao;
  created?: Set<number>;
}

/** A row as a run sends it: its line, its wire body, its cells as in the file (for the failed rows' CSV). */
export interface RunLine {
  linha: number;
  cliente: unknown;
  cells: string[];
}

/** A run of the import: what it sends, where it stopped (a cancelled or failed run resumes there). */
export interface Run {
  key: string;
  jobId: number;
  linhas: RunLine[];
  next: number;
  outcome: Outcome;
}

/** A file's rows checked with these columns and header. */
export interface Checked {
  header: boolean;
  mapping: readonly (ClienteField | null)[];
  checks: RowCheck[];
}

export interface ImportState {
  phase: ImportPhase;
  /** Why the last file was refused (shown on the choose step). */
  error?: string | undefined;
  /** The chosen file, and its rows checked with the columns guessed for it (in steps, as it was read). */
  file?: { name: string; parsed: ParsedFile; checked?: Checked | undefined } | undefined;
  /** Whether the file's first row is its header. */
  header: boolean;
  /** The field each column of the file is read as. */
  mapping: (ClienteField | null)[];
  criarCategorias: boolean;
  pularDuplicados: boolean;
  progress: { done: number; total: number };
  cancelling: boolean;
  run?: Run | undefined;
  resuming?: Resuming | undefined;
}

export type ImportAction =
  | { type: 'reading' }
  | { type: 'read'; name: string; parsed: ParsedFile; header: boolean; checked?: Checked | undefined; resuming?: Resuming | undefined }
  | { type: 'refused'; error: string }
  | { type: 'error'; error: string }
  | { type: 'otherFile' }
  | { type: 'resume'; job: Importacao }
  | { type: 'abandonResume' }
  | { type: 'header'; header: boolean }
  | { type: 'column'; column: number; field: ClienteField | null }
  | { type: 'criarCategorias'; value: boolean }
  | { type: 'pularDuplicados'; value: boolean }
  | { type: 'starting'; total: number }
  | { type: 'sending'; done: number; total: number }
  | { type: 'progress'; done: number }
  | { type: 'cancel' }
  | { type: 'finished'; run: Run };

export const initialImportState: ImportState = {
  phase: 'choose',
  header: true,
  mapping: [],
  criarCategorias: true,
  pularDuplicados: true,
  progress: { done: 0, total: 0 },
  cancelling: false,
};

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'reading':
      return { ...state, error: undefined, phase: 'reading' };
    case 'read':
      // The columns are guessed again for each file, from its header when it has one.
      return {
        ...state,
        phase: 'review',
        file: { name: action.name, parsed: action.parsed, checked: action.checked },
        header: action.header,
        mapping: guessMapping(action.parsed.rows, action.header),
        resuming: action.resuming ?? state.resuming,
      };
    case 'refused':
      return { ...state, error: action.error, phase: 'choose' };
    case 'error':
      return { ...state, error: action.error };
    case 'otherFile':
      return { ...state, phase: 'choose' };
    case 'resume':
      return { ...state, resuming: { job: action.job }, file: undefined, error: undefined, phase: 'choose' };
    case 'abandonResume':
      return { ...state, resuming: undefined, file: undefined, phase: 'choose' };
    case 'header':
      return state.file ? { ...state, header: action.header, mapping: guessMapping(state.file.parsed.rows, action.header) } : state;
    case 'column':
      // A field goes to one column: the one that had it loses it.
      return { ...state, mapping: state.mapping.map((f, k) => (k === action.column ? action.field : f === action.field ? null : f)) };
    case 'criarCategorias':
      return { ...state, criarCategorias: action.value };
    case 'pularDuplicados':
      return { ...state, pularDuplicados: action.value };
    case 'starting':
      return { ...state, phase: 'importing', progress: { done: 0, total: action.total } };
    case 'sending':
      // The rows are on their way: a continued import is no longer being chosen.
      return { ...state, phase: 'importing', resuming: undefined, cancelling: false, progress: { done: action.done, total: action.total } };
    case 'progress':
      return { ...state, progress: { ...state.progress, done: action.done } };
    case 'cancel':
      return state.phase === 'importing' ? { ...state, cancelling: true } : state;
    case 'finished':
      return { ...state, run: action.run, phase: 'summary' };
  }
}
