/** One measured figure of the benchmark, as printed in the table and written to latest.json. */
export interface Figure {
  /** Section, e.g. "Initial JavaScript". */
  section: string;
  /** What was measured, e.g. "/clientes gzip". */
  name: string;
  /** The number (for JSON), in `unit`; null when the measurement failed. */
  value: number | null;
  unit: string;
  /** Human-readable measured value (may add detail such as p99). */
  measured: string;
  /** Human-readable target, empty when the figure is only reported. */
  target: string;
  /** true/false against the target; null when the figure is only reported. */
  pass: boolean | null;
  /** Extra data kept in latest.json (samples, per-run values…). */
  detail?: unknown;
}

/** A figure with a target: pass is computed by the caller's comparison. */
export function judged(
  section: string,
  name: string,
  value: number | null,
  unit: string,
  measured: string,
  target: string,
  pass: boolean,
  detail?: unknown,
): Figure {
  return { section, name, value, unit, measured, target, pass: value === null ? false : pass, detail };
}

/** A figure that is only reported. */
export function reported(section: string, name: string, value: number | null, unit: string, measured: string, detail?: unknown): Figure {
  return { section, name, value, unit, measured, target: '', pass: null, detail };
}

/** A section that could not run: one failing row saying why. */
export function failedSection(section: string, error: unknown): Figure {
  const msg = error instanceof Error ? error.message : String(error);
  return { section, name: 'section failed', value: null, unit: '', measured: `error: ${msg.split('\n')[0]}`, target: 'runs', pass: false };
}

/** The Markdown table: figure | measured | target | pass. */
export function markdownTable(figures: readonly Figure[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const rows = figures.map((f) => {
    const pass = f.pass === null ? '—' : f.pass ? 'pass' : '**FAIL**';
    return `| ${esc(`${f.section}: ${f.name}`)} | ${esc(f.measured)} | ${esc(f.target || 'reported')} | ${pass} |`;
  });
  return ['| figure | measured | target | pass |', '|---|---|---|---|', ...rows].join('\n');
}

/** Formats bytes as KB with one decimal (1 KB = 1024 bytes). */
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Formats bytes as MB with two decimals (1 MB = 1024 × 1024 bytes). */
export const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
/** Formats milliseconds with the precision that suits their size. */
export const formatMs = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : v < 1000 ? `${v.toFixed(1)} ms` : `${(v / 1000).toFixed(2)} s`);
