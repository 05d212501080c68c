import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { BREAKDOWNS, RANGE_REVERSED, type Dashboard, type DashboardRange } from '../../protocol/numbers'
import { errorText } from '../api'
import { queries } from '../queries'
import { FormError, useSubmit } from '../use-submit'
import { ChartFigure, DayLines, RowBars, type Series } from '../charts'
import { agencyToday, BREAKDOWN_TITLES, dayLabel, DEFAULT_RANGE_DAYS, formatSeconds, lastDays, percentOf, rowLabel } from '../numbers-view'
import type { ScreenProps } from './props'
import { ErrorAlert } from '../ErrorAlert'
import { DayField } from './DayField'
import { dayFieldText } from '../day-text'

/** Ranges one press away, in days. */
const PRESETS = [7, 30, 90] as const

const CONVERSATIONS: Series = { name: 'Conversaciones', color: '#15803d', dash: '6 3' }
const LEADS: Series = { name: 'Prospectos', color: '#1f5fa8' }
const VISITS: Series = { name: 'Visitas', color: '#c2410c', dash: '2 2' }
const VISITORS: Series = { name: 'Visitantes', color: '#15803d' }

/** The agency's numbers over a range of days (docs/behaviour.md#numbers). */
export function Numbers(_props: ScreenProps) {
  const [range, setRange] = useState<DashboardRange>(() => lastDays(agencyToday(), DEFAULT_RANGE_DAYS))
  const [form, setForm] = useState(range)
  // The figures of the range asked for last: an older range's slower answer never replaces them.
  const numbers = useQuery({ ...queries.numbers(range), placeholderData: keepPreviousData })
  // After a refused range the figures shown stay, with the reason above them.
  const lastShown = useRef<Dashboard | null>(null)
  if (numbers.data) lastShown.current = numbers.data
  const data = numbers.data ?? lastShown.current
  const loading = numbers.isFetching
  // The range form asks nothing itself: it refuses a reversed range at the form, or shows the range's figures.
  const { error: refused, setError: setRefused, submit } = useSubmit(async () => {
    if (form.from && form.to && form.to < form.from) throw new FormError(RANGE_REVERSED)
    choose({ ...form })
  })
  const error = refused || (numbers.error ? errorText(numbers.error) : '')

  const choose = (wanted: DashboardRange) => {
    setRefused('')
    setForm(wanted)
    setRange(wanted)
  }

  return (
    <section className="numbers" aria-labelledby="numbers-title" aria-busy={loading}>
      <h1 id="numbers-title">Cifras</h1>
      <form className="numbers__range" onSubmit={submit} aria-label="Periodo">
        <DayField label="Desde" required value={form.from} onChange={(from) => setForm({ ...form, from })} />
        <DayField label="Hasta" required value={form.to} onChange={(to) => setForm({ ...form, to })} />
        <button type="submit" className="button">
          Ver cifras
        </button>
        <div className="numbers__presets">
          {PRESETS.map((days) => {
            const preset = lastDays(agencyToday(), days)
            // Marked while the figures shown are its days (the first 30 days too), not when typed over.
            const shown = data?.range.from === preset.from && data.range.to === preset.to
            return (
              <button key={days} type="button" className="chip" aria-pressed={shown} onClick={() => choose(preset)}>
                Últimos {days} días
              </button>
            )
          })}
        </div>
      </form>
      <ErrorAlert message={error} />
      {data ? (
        <>
          {/* The figures' own days: after a refused range the fields differ from what is shown. */}
          <p className="numbers__period">
            Cifras del {dayFieldText(data.range.from)} al {dayFieldText(data.range.to)}.
          </p>
          <Figures data={data} />
        </>
      ) : (
        <p className="loading">Cargando…</p>
      )}
    </section>
  )
}

function Figures({ data }: { data: Dashboard }) {
  const { totals, funnel } = data
  const figures = [
    ['Conversaciones', String(totals.conversations)],
    ['Solicitudes de asesor', String(totals.handoffs)],
    ['Primera respuesta (mediana)', formatSeconds(data.medianFirstResponseSeconds)],
    ['Prospectos', String(totals.leads)],
    ['Visitas agendadas', String(totals.visits)],
  ]
  return (
    <>
      <dl className="numbers__totals">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="numbers__grid">
        <ChartFigure
          title="Por día"
          series={[CONVERSATIONS, LEADS, VISITS]}
          table={{ columns: ['Día', 'Conversaciones', 'Prospectos', 'Visitas'], rows: data.perDay.map((d) => [dayLabel(d.day), d.conversations, d.leads, d.visits]) }}
        >
          {(width) => (
            <DayLines width={width} days={data.perDay} series={[CONVERSATIONS, LEADS, VISITS]} values={[(d) => d.conversations, (d) => d.leads, (d) => d.visits]} dayLabel={(d) => dayLabel(d.day)} />
          )}
        </ChartFigure>
        <ChartFigure
          title="De conversación a prospecto y visita"
          series={[VISITORS]}
          table={{
            columns: ['Etapa', 'Visitantes', 'De las conversaciones'],
            rows: [
              ['Conversaciones', funnel.conversations, percentOf(funnel.conversations, funnel.conversations)],
              ['Dejaron sus datos', funnel.withLead, percentOf(funnel.withLead, funnel.conversations)],
              ['Agendaron visita', funnel.withVisit, percentOf(funnel.withVisit, funnel.conversations)],
            ],
          }}
        >
          {(width) => (
            <RowBars
              width={width}
              series={[VISITORS]}
              rows={[
                { label: 'Conversaciones', values: [funnel.conversations] },
                { label: `Dejaron sus datos (${percentOf(funnel.withLead, funnel.conversations)})`, values: [funnel.withLead] },
                { label: `Agendaron visita (${percentOf(funnel.withVisit, funnel.conversations)})`, values: [funnel.withVisit] },
              ]}
            />
          )}
        </ChartFigure>
        {BREAKDOWNS.map((name) => {
          const rows = data.breakdowns[name]
          const titles = BREAKDOWN_TITLES[name]
          return (
            <ChartFigure
              key={name}
              title={titles.title}
              series={[LEADS, VISITS]}
              table={{ columns: [titles.column, 'Prospectos', 'Visitas'], rows: rows.map((r) => [rowLabel(r, name), r.leads, r.visits]) }}
            >
              {(width) =>
                rows.length ? (
                  <RowBars width={width} series={[LEADS, VISITS]} rows={rows.map((r) => ({ label: rowLabel(r, name), values: [r.leads, r.visits] }))} />
                ) : (
                  <p className="empty">Sin prospectos ni visitas en este periodo.</p>
                )
              }
            </ChartFigure>
          )
        })}
      </div>
    </>
  )
}
