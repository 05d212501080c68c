// The widget's tasks on the page's main thread, from a Chromium performance trace
// (docs/behaviour.md#start-up): every top-level task of the page's main thread that runs widget.js
// code (evaluating the script, or calling one of its functions), with its main-thread CPU time.
// CPU time rather than wall time: on a machine other work shares, a task waits for a core far
// longer than it runs, and that wait is not the widget's cost. A figure of the bench, not a test:
// even CPU time grows on a loaded machine (a 98.7 ms task was seen on a fresh clone under load).

/** Top-level tasks (RunTask, with their CPU time) are in the disabled-by-default category. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline']

/** Main-thread CPU time of each task of the page's renderer that ran widget.js code, in ms. */
export function widgetTasks(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  const ranWidget = (e) => /\/widget\.js$/.test(e.args?.data?.url ?? e.args?.data?.fileName ?? '')
  return onMain
    .filter((task) => task.name === 'RunTask')
    .filter((task) => onMain.some((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur && ranWidget(e)))
    .map((task) => task.tdur / 1000)
}
