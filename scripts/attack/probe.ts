/** The `GET /` latency of a span of the run, measured by the probe thread (probe-worker.ts). */
import { Worker } from 'node:worker_threads'

export interface ProbeSample {
  startedAt: number
  ms: number
  failed: boolean
}

export function startProbe(url: string) {
  // The bundle puts probe-worker.mjs beside this one (scripts/attack/run.mjs).
  const worker = new Worker(new URL('./probe-worker.mjs', import.meta.url), { workerData: { url } })
  worker.unref()
  return {
    /** Every load started in [from, until], once the one under way at `until` is done. */
    samples: (from: number, until: number) =>
      new Promise<ProbeSample[]>((resolve) => {
        worker.once('message', resolve)
        worker.postMessage({ from, until })
      }),
    stop: () => worker.terminate(),
  }
}
