// The heaviest functions (self time) of a V8 .cpuprofile (node --cpu-prof), optionally only
// the samples between two monotonic µs timestamps (the span bench/server-probe.cjs reports).
// `node bench/profile-top.mjs file.cpuprofile [count] [fromUs toUs]`
import { readFileSync } from 'node:fs'

/** [{ name, where, ms, share }] heaviest first; idle time is not work and is left out. */
export function heaviest(file, count = 3, span) {
  const { nodes, samples, timeDeltas, startTime } = JSON.parse(readFileSync(file, 'utf8'))
  const frames = new Map(nodes.map((n) => [n.id, n.callFrame]))
  const self = new Map()
  let total = 0
  let at = startTime
  samples.forEach((id, i) => {
    at += timeDeltas[i] ?? 0
    if (span && (at < span[0] || at > span[1])) return
    const frame = frames.get(id)
    if (frame.functionName === '(idle)') return
    const url = frame.url.includes('/node_modules/') ? frame.url.replace(/^.*\/node_modules\//, '') : frame.url.replace(/^.*\/(dist|\.before)\//, '$1/')
    const where = `${url}:${frame.lineNumber + 1}`
    const key = `${frame.functionName || '(anonymous)'}\t${where}`
    const us = timeDeltas[i + 1] ?? 0
    self.set(key, (self.get(key) ?? 0) + us)
    total += us
  })
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => {
      const [name, where] = key.split('\t')
      return { name, where, ms: Math.round(us / 1000), share: Math.round((1000 * us) / total) / 10 }
    })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count, from, to] = process.argv.slice(2)
  console.table(heaviest(file, Number(count ?? 10), from ? [Number(from), Number(to)] : undefined))
}
