import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: bench scripts have no type declarations
import { benchReadme, benchTable } from '../../bench/report.mjs'

// bench/README.md is written by the bench, never by hand: a full run (bench/run.mjs) passes its
// results here. These fake results check that code path without running the bench.
const rows = [
  { figure: 'widget.js gzip (ref: dependencies alone)', value: 130792, reference: 105435, unit: 'B', ratio: 1.24 },
  { figure: 'chat oneProcess (500 visitors × 10): unanswered', value: 0, reference: null, unit: '', ratio: null },
  { figure: 'site home: LCP (ref: good)', value: 762.5, reference: 2500, unit: 'ms', ratio: 0.3 },
]

describe('bench report', () => {
  it('puts each figure beside its reference and their ratio, digits grouped, "-" where there is none', () => {
    expect(benchTable(rows)).toBe(
      [
        '| figure | value | reference | ratio |',
        '|---|---:|---:|---:|',
        '| widget.js gzip (ref: dependencies alone) | 130,792 B | 105,435 B | 1.24 |',
        '| chat oneProcess (500 visitors × 10): unanswered | 0  | - | - |',
        '| site home: LCP (ref: good) | 762.5 ms | 2,500 ms | 0.3 |',
      ].join('\n'),
    )
  })

  it('writes bench/README.md as the header explaining the rows, then the run and its table', () => {
    const readme: string = benchReadme({ date: '2026-12-07T12:00:00.000Z', machine: '2 × Fake CPU, 8 GiB, Node v20.0.0', rows })
    expect(readme).toMatch(/^# Figures\n/)
    expect(readme).toContain('## How to read the rows')
    expect(readme).toContain('## Latest full run\n\n2026-12-07T12:00:00.000Z on 2 × Fake CPU, 8 GiB, Node v20.0.0.\n\n| figure | value | reference | ratio |')
    expect(readme.endsWith(`${benchTable(rows)}\n`)).toBe(true)
  })

  it('the committed bench/README.md is in the format the bench writes', () => {
    const committed = readFileSync(new URL('../../bench/README.md', import.meta.url), 'utf8')
    const header = benchReadme({ date: 'D', machine: 'M', rows: [] }).split('## Latest full run')[0]
    expect(committed.startsWith(header)).toBe(true)
    expect(committed).toMatch(/## Latest full run\n\n.+ on .+\.\n\n\| figure \| value \| reference \| ratio \|\n\|---\|---:\|---:\|---:\|\n(\| .+ \|\n)+$/)
  })
})
