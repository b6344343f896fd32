/** Progress lines of the long local tools (seeding, migrations). */

/** "12,000 of 130,000 (9%), 410/s, about 4 min 23 s left". */
export function progressLine(p: { feitos: number; total: number }, startedMs: number, nowMs = Date.now()): string {
  const seconds = Math.max((nowMs - startedMs) / 1000, 0.001);
  const rate = p.feitos / seconds;
  const total = Math.max(p.total, p.feitos);
  const left = rate > 0 ? (total - p.feitos) / rate : 0;
  const pct = total > 0 ? Math.floor((p.feitos / total) * 100) : 100;
  const time = left >= 60 ? `${Math.floor(left / 60)} min ${Math.round(left % 60)} s` : `${Math.round(left)} s`;
  return `${p.feitos.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${pct}%), ${Math.round(rate).toLocaleString('en-US')}/s, about ${time} left`;
}

