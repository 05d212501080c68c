/**
 * The numbers screen's charts (docs/behaviour.md#numbers), drawn with visx (SVG primitives; see
 * docs/architecture.md#console-charts for the choice). Each chart is a figure: the drawing for the eye, hidden from screen
 * readers, and the same numbers as a table that screen readers always read and anyone can show.
 */
import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface Series {
  name: string
  color: string
  /** A dash pattern, so lines differ without colour too. */
  dash?: string
}

/** Width a chart draws at before its box is measured, and the least it draws at. */
const FALLBACK_WIDTH = 320
const DAY_CHART_HEIGHT = 220
const MARGIN = { top: 12, right: 12, bottom: 28, left: 36 }
/** Days per axis label: about one label per this many pixels. */
const PX_PER_DAY_LABEL = 70
/** A breakdown row: its label above, a bar per series under it. */
const ROW_LABEL_PX = 18
const BAR_PX = 10
const BAR_GAP_PX = 3
const ROW_GAP_PX = 12
const INK = '#4b5563'

/** The box's width, followed as it changes (phone rotation, side panels). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(FALLBACK_WIDTH)
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(FALLBACK_WIDTH / 2, Math.floor(entry!.contentRect.width))))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

export interface TableData {
  columns: string[]
  rows: (string | number)[][]
}

/** A chart with its legend, and its numbers as a table (screen readers always; on screen when asked). */
export function ChartFigure({ title, series, table, children }: { title: string; series: Series[]; table: TableData; children: (width: number) => ReactNode }) {
  const id = useId()
  const { ref, width } = useWidth()
  const [showTable, setShowTable] = useState(false)
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <div className="chart__top">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="button button--quiet" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
          Ver tabla <span className="sr-only">de «{title}»</span>
        </button>
      </div>
      <ul className="chart__legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name}>
            <svg width="18" height="10">
              <line x1="0" x2="18" y1="5" y2="5" stroke={s.color} strokeWidth="4" strokeDasharray={s.dash} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <div ref={ref} className="chart__drawing" aria-hidden="true" hidden={showTable}>
        {children(width)}
      </div>
      <div className={showTable ? 'chart__table' : 'sr-only'}>
        <table>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

/** One line per series over the days of the range. */
export function DayLines<T>({ width, days, series, values, dayLabel }: { width: number; days: T[]; series: Series[]; values: ((d: T) => number)[]; dayLabel: (d: T) => string }) {
  const inner = { width: width - MARGIN.left - MARGIN.right, height: DAY_CHART_HEIGHT - MARGIN.top - MARGIN.bottom }
  const labels = days.map(dayLabel)
  const x = scalePoint({ domain: labels, range: [0, inner.width] })
  const max = Math.max(1, ...days.flatMap((d) => values.map((v) => v(d))))
  const y = scaleLinear({ domain: [0, max], range: [inner.height, 0], nice: true })
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, inner.width / PX_PER_DAY_LABEL)))
  return (
    <svg width={width} height={DAY_CHART_HEIGHT}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {series.map((s, i) => (
          <LinePath key={s.name} data={days} x={(d) => x(dayLabel(d)) ?? 0} y={(d) => y(values[i]!(d))} stroke={s.color} strokeWidth={2.5} strokeDasharray={s.dash} />
        ))}
        <AxisLeft scale={y} numTicks={Math.min(5, max)} tickFormat={(v) => String(v)} stroke={INK} tickStroke={INK} tickLabelProps={{ fill: INK, fontSize: 11 }} />
        <AxisBottom
          top={inner.height}
          scale={x}
          tickValues={labels.filter((_, i) => i % every === 0)}
          stroke={INK}
          tickStroke={INK}
          tickLabelProps={{ fill: INK, fontSize: 11, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  )
}

/** Per row, its label and a bar per series with its value at the end. */
export function RowBars({ width, rows, series }: { width: number; rows: { label: string; values: number[] }[]; series: Series[] }) {
  const rowHeight = ROW_LABEL_PX + series.length * (BAR_PX + BAR_GAP_PX) + ROW_GAP_PX
  const y = scaleBand({ domain: rows.map((_, i) => i), range: [0, rows.length * rowHeight] })
  const max = Math.max(1, ...rows.flatMap((r) => r.values))
  /** Room for the value written after the longest bar. */
  const x = scaleLinear({ domain: [0, max], range: [0, Math.max(0, width - 40)] })
  return (
    <svg width={width} height={rows.length * rowHeight}>
      {rows.map((row, i) => (
        <Group key={i} top={y(i) ?? 0}>
          <text y={ROW_LABEL_PX - 5} fontSize={12} fill="#1f2933">
            {row.label.length > 60 ? `${row.label.slice(0, 59)}…` : row.label}
          </text>
          {series.map((s, j) => {
            const top = ROW_LABEL_PX + j * (BAR_PX + BAR_GAP_PX)
            const length = x(row.values[j]!)
            return (
              <Group key={s.name} top={top}>
                <Bar x={0} y={0} width={Math.max(length, 1)} height={BAR_PX} fill={s.color} />
                <text x={length + 4} y={BAR_PX - 1} fontSize={11} fill={INK}>
                  {row.values[j]}
                </text>
              </Group>
            )
          })}
        </Group>
      ))}
    </svg>
  )
}
