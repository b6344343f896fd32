/** The one JSON log line of a request. */
type LogLevel = 'info' | 'error' | 'silent';
const logLevel = (): LogLevel => {
  const v = process.env.LOG_LEVEL?.toLowerCase();
  return v === 'silent' || v === 'error' ? v : 'info';
};

/** Writes the one JSON log line of a request; a 5xx carries its cause (only here, never in a body). */
export function logRequest(entry: {
  method: string;
  routeKey: string;
  status: number;
  durationMs: number;
  requestId: string | undefined;
  cause?: unknown;
}): void {
  const level = entry.status >= 500 ? 'error' : 'info';
  const configured = logLevel();
  if (configured === 'silent' || (configured === 'error' && level !== 'error')) return;
  const { cause, ...fields } = entry;
  const line: Record<string, unknown> = { level, msg: 'request', ...fields };
  if (entry.status >= 500 && cause !== undefined) {
    line.error =
      cause instanceof Error ? { name: cause.name, message: cause.message, stack: cause.stack } : { message: String(cause) };
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The one JSON log line of a scheduled job's run (an error propagates: Lambda logs it and the alarm counts it). */
export function logJob(entry: { job: string; durationMs: number } & Record<string, unknown>): void {
  if (logLevel() !== 'info') return;
  process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'job', ...entry })}\n`);
}
