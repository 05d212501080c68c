/**
 * How a row of `npm run attack` is judged (issue 30, «Done when»): its own criterion, and the
 * site's `GET /` p95 while the row ran against the same p95 measured before any attack, with a
 * console signed in. Pure, unit-tested in tests/unit/attack-judgement.test.ts.
 */

/**
 * The `GET /` p95 under attack may be this many times the baseline...
 * (issue 30: «within 2× of its baseline»).
 */
export const LATENCY_FACTOR = 2
/**
 * ...or the baseline plus this much, whichever is larger: a 3 ms baseline doubled is 6 ms, which
 * one scheduler hiccup on a shared 2-core machine exceeds without any attack. 50 ms is still far
 * below what a person notices on a page load, and far below the seconds the findings measured.
 */
export const LATENCY_FLOOR_MS = 50

/** Nearest-rank percentile of numbers in any order (NaN for none), as bench/run.mjs computes it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export const p95 = (values: readonly number[]) => percentile(values, 95)

/** The highest `GET /` p95 a row may cause, from the baseline p95. */
export const latencyBound = (baselineMs: number) => Math.max(LATENCY_FACTOR * baselineMs, baselineMs + LATENCY_FLOOR_MS)

/** Whether a row's `GET /` p95 stayed within its bound (no measurement counts as not held). */
export const latencyHeld = (rowP95Ms: number, baselineMs: number) => Number.isFinite(rowP95Ms) && rowP95Ms <= latencyBound(baselineMs)

/** What a row reports of itself: what it tried, whether its own criterion held, and the figures. */
export interface RowOutcome {
  /** What was sent: «20 sockets, 80,000 events». */
  attempts: string
  held: boolean
  /** What held, or what did not with the measured figure. */
  detail: string
  /** The end of the span whose `GET /` latency counts, when before the row's end (a row that kills the server). */
  measuredUntil?: number
}

export interface RowVerdict extends RowOutcome {
  name: string
  p95Ms: number
  baselineMs: number
  boundMs: number
  /** The criterion and the latency both held. */
  passed: boolean
}

export function judge(name: string, outcome: RowOutcome, rowP95Ms: number, baselineMs: number): RowVerdict {
  return { ...outcome, name, p95Ms: rowP95Ms, baselineMs, boundMs: latencyBound(baselineMs), passed: outcome.held && latencyHeld(rowP95Ms, baselineMs) }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : 'no figure')

/** The row's one printed line. */
export function verdictLine(v: RowVerdict): string {
  const latency = latencyHeld(v.p95Ms, v.baselineMs) ? 'within' : 'OVER'
  return [
    `${v.name}: ${v.attempts}`,
    `${v.held ? 'held' : 'did not hold'}: ${v.detail}`,
    `GET / p95 ${ms(v.p95Ms)} vs baseline ${ms(v.baselineMs)} (${latency} bound ${ms(v.boundMs)})`,
    v.passed ? 'ok' : 'FAILED',
  ].join(' · ')
}

/** The last line, and whether the run passed. */
export function summaryLine(verdicts: readonly RowVerdict[]): { line: string; passed: boolean } {
  const held = verdicts.filter((v) => v.passed).length
  return { line: `attack: ${held} held, ${verdicts.length - held} did not`, passed: held === verdicts.length }
}
