import { useCallback, useEffect, useRef, useState } from 'react'
import { ConsoleServerEvent } from '../../protocol/console'
import type { Visit, VisitStatus, VisitWeek } from '../../protocol/crm'
import { agencyDay, shiftDay } from '../../domain/agency-clock'
import { dayText } from '../../shared/agency-format'
import { usePlaced, useSocketEvent } from '../live'
import { visitListWith, weekWith } from '../live-lists'
import { pipelineApi } from '../pipeline-api'
import { SelectField, VISIT_STATUS_OPTIONS, VisitCard } from './pipeline-parts'
import type { ScreenProps } from './props'
import './pipeline.css'
import { ErrorAlert } from '../ErrorAlert'

const DAYS_PER_WEEK = 7

type View = 'week' | 'list'

/** The visits (docs/behaviour.md#visits): a week's agenda in Cancún time, or the list from today on. */
export function Visits({ live }: ScreenProps) {
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
      {view === 'week' ? <Week live={live} /> : <List live={live} />}
    </section>
  )
}

/**
 * What `load` (a stable callback) answers, asked again whenever the console reconnects. A visit
 * booked, moved or changed (from a conversation, or on another console) is placed with `withVisit`
 * (stable too); asked again when that cannot tell (null).
 */
function useVisits<T>(live: ScreenProps['live'], load: () => Promise<T>, withVisit: (data: T, visit: Visit) => T | null) {
  const { data, show, place } = usePlaced<T>()
  const [error, setError] = useState('')
  const reload = useCallback(
    () =>
      load().then(
        (result) => {
          show(result)
          setError('')
        },
        (failure: Error) => setError(failure.message),
      ),
    [load, show],
  )
  useEffect(() => void reload(), [reload])
  useSocketEvent(live, 'connect', reload)
  const changed = useCallback((visit: Visit) => place((current) => withVisit(current, visit), reload), [place, reload, withVisit])
  useSocketEvent(live, ConsoleServerEvent.visit, changed)
  return { data, error, changed }
}

function Week({ live }: { live: ScreenProps['live'] }) {
  const today = agencyDay(new Date())
  const [day, setDay] = useState(today)
  const { data: week, error, changed } = useVisits<VisitWeek>(live, useCallback(() => pipelineApi.week(day), [day]), weekWith)
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

function List({ live }: { live: ScreenProps['live'] }) {
  const [status, setStatus] = useState<VisitStatus | ''>('')
  const { data, error, changed } = useVisits(
    live,
    useCallback(() => pipelineApi.visits(status || undefined), [status]),
    useCallback(
      (list: { items: Visit[] }, visit: Visit) => {
        const items = visitListWith(list.items, visit, status, agencyDay(new Date()))
        return items && { items }
      },
      [status],
    ),
  )
  return (
    <>
      <div className="visits__bar">
        <h2>Desde hoy</h2>
        <SelectField label="Estado" value={status} options={[['', 'Todos'], ...VISIT_STATUS_OPTIONS]} onChange={setStatus} />
      </div>
      <ErrorAlert message={error} />
      {data && data.items.length === 0 ? <p className="empty">No hay visitas con este filtro.</p> : null}
      <ul className="visit-list">
        {data?.items.map((visit) => (
          <li key={visit.id}>
            <VisitCard visit={visit} onChanged={changed} />
          </li>
        ))}
      </ul>
    </>
  )
}
