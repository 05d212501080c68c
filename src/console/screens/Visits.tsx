import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { Visit, VisitStatus } from '../../protocol/crm'
import { agencyDay, shiftDay } from '../../domain/agency-clock'
import { dayText } from '../../shared/agency-format'
import { errorText } from '../api'
import { placeVisit } from '../live-cache'
import { queries } from '../queries'
import { SelectField, VISIT_STATUS_OPTIONS, VisitCard } from './pipeline-parts'
import type { ScreenProps } from './props'
import './pipeline.css'
import { ErrorAlert } from '../ErrorAlert'

const DAYS_PER_WEEK = 7

type View = 'week' | 'list'

/** The visits (docs/behaviour.md#visits): a week's agenda in Cancún time, or the list from today on. */
export function Visits(_props: ScreenProps) {
  const [view, setView] = useState<View>('week')
  return (
    <section className="visits" aria-labelledby="visits-title">
      <h1 id="visits-title">Visitas</h1>
      <div className="filters" role="group" aria-label="Vista">
        <button type="button" className="chip" aria-pressed={view === 'week'} onClick={() => setView('week')}>
          Semana
        </button>
        <button type="button" className="chip" aria-pressed={view === 'list'} onClick={() => setView('list')}>
          Lista
        </button>
      </div>
      {view === 'week' ? <Week /> : <List />}
    </section>
  )
}

/**
 * The visits of a week or a status, as the cache holds them: a visit booked, moved or changed (here,
 * from a conversation, or on another console) is placed by live-cache.ts, and the list is asked
 * again when that cannot tell. The previous week or status shows until the new one is answered.
 */
function useVisitsShown<T>(query: UseQueryResult<T>) {
  const queryClient = useQueryClient()
  return { data: query.data ?? null, error: query.error ? errorText(query.error) : '', changed: (visit: Visit) => placeVisit(queryClient, visit) }
}

function Week() {
  const today = agencyDay(new Date())
  const [day, setDay] = useState(today)
  const { data: week, error, changed } = useVisitsShown(useQuery({ ...queries.week(day), placeholderData: keepPreviousData }))
  // The visit opened from the agenda, as it is now (changed here or on another console; kept when moved out of the week).
  const [opened, setOpened] = useState<Visit | null>(null)
  const openedNow = opened && (week?.visits.find((visit) => visit.id === opened.id) ?? opened)
  const byDay = new Map<string, Visit[]>()
  for (const visit of week?.visits ?? []) {
    const key = agencyDay(new Date(visit.at))
    byDay.set(key, [...(byDay.get(key) ?? []), visit])
  }
  return (
    <>
      <div className="visits__bar">
        <h2>{week ? `Semana del ${dayText(week.from)} al ${dayText(week.to)}` : 'Semana'}</h2>
        <div className="week-nav" role="group" aria-label="Cambiar de semana">
          <button type="button" className="button button--quiet" onClick={() => setDay(shiftDay(day, -DAYS_PER_WEEK))}>
            ← Anterior
          </button>
          <button type="button" className="button button--quiet" onClick={() => setDay(today)} disabled={week?.days.includes(today)}>
            Esta semana
          </button>
          <button type="button" className="button button--quiet" onClick={() => setDay(shiftDay(day, DAYS_PER_WEEK))}>
            Siguiente →
          </button>
        </div>
      </div>
      <p className="muted">Horas de Cancún.</p>
      <ErrorAlert message={error} />
      <ol className="agenda">
        {week?.days.map((key) => (
          <li key={key} className={`agenda__day${key === today ? ' agenda__day--today' : ''}`} aria-current={key === today ? 'date' : undefined}>
            <h3>{dayText(key)}</h3>
            {byDay.get(key)?.length ? (
              <ul>
                {byDay.get(key)!.map((visit) => (
                  <li key={visit.id}>
                    <VisitCard visit={visit} compact onOpen={() => setOpened(visit)} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Sin visitas</p>
            )}
          </li>
        ))}
      </ol>
      {openedNow ? (
        <VisitDialog
          visit={openedNow}
          onChanged={(visit) => {
            changed(visit)
            setOpened(visit)
          }}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  )
}

/** A visit opened from the week's agenda: the list's whole card, with its actions, in a modal dialog. */
function VisitDialog({ visit, onChanged, onClose }: { visit: Visit; onChanged: (visit: Visit) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => dialog.current?.showModal(), [])
  return (
    <dialog ref={dialog} className="visit-dialog" aria-labelledby="visit-dialog-title" onClose={onClose}>
      <div className="visit-dialog__bar">
        <h2 id="visit-dialog-title">Visita</h2>
        <button type="button" className="button button--quiet" onClick={() => dialog.current?.close()}>
          Cerrar
        </button>
      </div>
      <VisitCard visit={visit} onChanged={onChanged} />
    </dialog>
  )
}

function List() {
  const [status, setStatus] = useState<VisitStatus | ''>('')
  const { data: items, error, changed } = useVisitsShown(useQuery({ ...queries.visits(status), placeholderData: keepPreviousData }))
  return (
    <>
      <div className="visits__bar">
        <h2>Desde hoy</h2>
        <SelectField label="Estado" value={status} options={[['', 'Todos'], ...VISIT_STATUS_OPTIONS]} onChange={setStatus} />
      </div>
      <ErrorAlert message={error} />
      {items && items.length === 0 ? <p className="empty">No hay visitas con este filtro.</p> : null}
      <ul className="visit-list">
        {items?.map((visit) => (
          <li key={visit.id}>
            <VisitCard visit={visit} onChanged={changed} />
          </li>
        ))}
      </ul>
    </>
  )
}
