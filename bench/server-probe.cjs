// Loaded into a bench server process with `node --require`: measures that process from inside.
// Each SIGUSR2 writes the figures since the previous one to BENCH_PROBE_FILE and starts afresh,
// so the bench brackets its run with two signals and reads the second report.
const { monitorEventLoopDelay } = require('node:perf_hooks')
const { renameSync, writeFileSync } = require('node:fs')

/** Event-loop delay is sampled at this resolution (ms); finer costs the server time of its own. */
const LOOP_RESOLUTION_MS = 10
/** Resident memory is sampled this often (ms) for its peak (reading it costs a /proc read). */
const RSS_SAMPLE_MS = 1000

const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
loop.enable()
let peakRss = 0
/** Monotonic µs (the clock of --cpu-prof's timestamps): the span a report covers, to cut a profile to it. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n)
let spanStartUs = nowUs()
let cpuStart = process.cpuUsage()
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), RSS_SAMPLE_MS).unref()

process.on('SIGUSR2', () => {
  const report = {
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    peakRssMiB: Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20,
    spanUs: [spanStartUs, nowUs()],
    /** CPU time (user + system) the whole process spent in the span, in ms. */
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuStart)),
  }
  const file = process.env.BENCH_PROBE_FILE
  if (file) {
    // Written whole, then named: the bench never reads half a report.
    writeFileSync(`${file}.tmp`, JSON.stringify(report))
    renameSync(`${file}.tmp`, file)
  }
  loop.reset()
  peakRss = 0
  spanStartUs = report.spanUs[1]
  cpuStart = process.cpuUsage()
})
