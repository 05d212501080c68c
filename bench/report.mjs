// The bench's report: the table `npm run bench` prints, and bench/README.md, which a full run
// rewrites so the figures a reader finds in the repository are the latest run's, never figures
// copied by hand into prose (they went stale there). Pure: tests/unit/bench-report.test.ts.

/** A figure as the table shows it: en-US digit groups, then its unit. */
const cell = (value, unit) => `${value.toLocaleString('en-US')} ${unit}`

/** The rows as a Markdown table: each figure beside its reference from the same run, and their ratio. */
export function benchTable(rows) {
  return [
    '| figure | value | reference | ratio |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.figure} | ${cell(r.value, r.unit)} | ${r.reference == null ? '-' : cell(r.reference, r.unit)} | ${r.ratio ?? '-'} |`),
  ].join('\n')
}

/** What a reader needs to read the rows; it does not change from run to run. */
const HOW_TO_READ = `# Figures

This file is written by \`npm run bench\` (bench/run.mjs, bench/report.mjs): a full run replaces
it; \`npm run bench -- --only <part>\` prints its rows but leaves this file alone, so the table
below is always one whole run. \`node bench/run.mjs --readme-from bench/results.json\` writes it
again from a run's JSON without measuring anything. Do not edit it by hand: change the header in
bench/report.mjs.

\`npm run bench\` (8–12 minutes) measures everything below in one run and writes the figures to
\`bench/results.json\` too. Parts: \`widget\`, \`api\`, \`chat\`, \`widgetPage\`, \`conversation\`,
\`roundtrip\`, \`site\`, \`numbers\`, \`console\`, \`attack\` (\`npm run bench -- --only chat\` runs one).

## How to read the rows

- **Each timing sits next to its reference from the same run**, and the ratio is value ÷
  reference. Compare figures within one run or one machine only: the machine under these runs
  changes between sessions, and the page rows of one build swing between runs on the same
  machine; read the "as a visitor" rows beside the Playwright ones.
- **PostgreSQL and two-process rows** need \`TEST_DATABASE_URL\` (or \`DATABASE_URL\`) and
  \`TEST_REDIS_URL\` (or \`REDIS_URL\`); without them they are skipped.
- **The chat and API loads** switch the abuse limits off and the typing pause to 0, so the
  figures are the server's own work.
- **chat floor** rows run the same 500 visitors and the same traffic per message (the ack,
  typing, the agent's five messages of the real sizes, in two writes) against socket.io alone
  with the server's options and write coalescing (\`bench/chat-floor-server.ts\`): no database, no
  agent, so its reply p95 is what no chat server on this stack and this machine can beat with
  the bench's visitors beside it.
- **chat database alone** rows store the same 500 visitors' messages and agent turns (the five
  replies of the real sizes, the memory) through the same journal into a fresh embedded
  database, with no sockets and no agent, every batch full (\`bench/chat-database-floor.ts\`): the
  messages a second the embedded database takes here at best, so the closed loop's round of 500
  messages cannot take less than 500 ÷ that rate, whatever socket.io, the agent and the visitors
  cost.
- **Paced** chat rows are the same 500 visitors × 10 writing 2–4 s after the welcome and after
  each reply, as people do; in the closed loop (no pause) latency is about visitors ÷
  throughput, and the bench's own visitors share the machine's cores with the servers (their CPU
  per message is a row; they run socket.io-client's own ES build without \`debug\`, since Node's
  import picks its \`esm-debug\` build, whose disabled debug calls were about 6% of their CPU).
- **A/B runs**: \`BENCH_CHAT_ONLY=oneProcess\` (or \`floor\`, \`oneProcessPaced\`…) runs one chat
  setup, for alternating runs of a build against another (\`BENCH_SERVER_ENTRY\`).
- **console**: the first render is read from the navigation's response to the first
  conversation on screen (the server renders it into the page); "live" is when the app has taken
  over and its socket is connected.
- **page … as a visitor (no inspector)** rows load the same page in a Chromium driven over a bare
  protocol pipe (\`bench/cdp-pipe.mjs\`), beside the Playwright rows: Playwright's pages have the
  inspector's \`Runtime.enable\`, under which every new Error and every request from script
  records its stack, and a utility world whose script it evaluates in the page (a 57 ms task at
  4× CPU in a trace of the bench's own load), so their long-task rows count some work a
  visitor's browser never does.
- **numbers**: the embedded figure is PGlite's WebAssembly engine; the query plans are the same
  index range scans on both databases.
- **attack** rows are \`npm run attack\`'s (docs/security.md#attack-check): each row's \`GET /\` p95
  during the attack against the p95 without it.

Measurements behind past design choices (A/B runs of one change) are in
[decisions.md](decisions.md).`

/** bench/README.md for a run's results ({ date, machine, rows, note? }). */
export function benchReadme({ date, machine, rows, note }) {
  return `${HOW_TO_READ}

## Latest full run

${date} on ${machine}${note ? `, ${note}` : ''}.

${benchTable(rows)}
`
}
