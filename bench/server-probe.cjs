// Loaded into a bench server process with `node --require`: measures that process from inside.
// Each SIGUSR2 writes the figures since the previous one to BENCH_PROBE_FILE and starts afresh,
// so the bench brackets its run with two signals and reads the second report.
const { monitorEventLoopDelay } = require('node:perf_hooks')
const { readFileSync, renameSync, writeFileSync } = require('node:fs')
const { execFileSync } = require('node:child_process')

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
/** The kernel's clock ticks per second, the unit of a thread's CPU time in /proc. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
  } catch {
    return NaN
  }
})()
/**
 * CPU time (user + system) of the main thread alone, in ms (Linux: its /proc task, at the
 * kernel's tick, 10 ms); process.cpuUsage() counts every thread, the embedded database's too.
 */
const mainThreadCpuMs = () => {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return NaN
  }
}
let mainCpuStart = mainThreadCpuMs()
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), RSS_SAMPLE_MS).unref()

process.on('SIGUSR2', () => {
  const report = {
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    peakRssMiB: Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20,
    spanUs: [spanStartUs, nowUs()],
    /** CPU time (user + system) the whole process spent in the span, in ms. */
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuStart)),
    mainThreadCpuMs: mainThreadCpuMs() - mainCpuStart,
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
  mainCpuStart = mainThreadCpuMs()
})
