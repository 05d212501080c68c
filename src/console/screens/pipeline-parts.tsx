/** Pieces the leads, visits and conversation screens share (docs/behaviour.md#leads, #visits). */
import { ConfirmDialog, type ConfirmHandle } from '../ConfirmDialog'
import { ErrorAlert } from '../ErrorAlert'
import { useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { queries } from '../queries'
import { VISIT_OUTCOMES, VISIT_PAST_ERROR, VISIT_STATUS_LABELS, VISIT_STATUSES, type Colleague, type Visit, type VisitStatus } from '../../protocol/crm'
import { DAY_TIME_ERROR, DAY_TIME_PLACEHOLDER, dayTimeFieldText, dayTimeFromText } from '../day-text'
import { agencyInstant, agencyLocalInput } from '../../domain/agency-clock'
import { timeText, whenText } from '../../shared/agency-format'
import { visitHoursOf, visitHoursText, withinVisitHours } from '../../shared/office-hours'
import { phoneLinks, phoneText } from '../../domain/phone'
import { pipelineApi } from '../pipeline-api'
import { propertyPath } from '../../domain/site-paths'

/** Contact links of a lead or a visit: call, WhatsApp, e-mail. */
export function ContactLinks({ phone, email }: { phone: string | null; email: string | null }) {
  const links = phoneLinks(phone)
  const items: ReactNode[] = []
  if (phone) items.push(links ? <a key="tel" href={links.tel}>Llamar {phoneText(phone)}</a> : <span key="tel">{phoneText(phone)}</span>)
  if (links)
    items.push(
      <a key="wa" href={links.whatsapp} target="_blank" rel="noopener noreferrer">
        WhatsApp
      </a>,
    )
  if (email) items.push(<a key="mail" href={`mailto:${email}`}>{email}</a>)
  return items.length ? <p className="contact-links">{items}</p> : null
}

/** The property's page on the site, in a new tab. */
export function PropertyLink({ slug, title }: { slug: string; title?: string | null }) {
  return (
    <a href={propertyPath(slug)} target="_blank" rel="noopener noreferrer">
      {title || slug}
    </a>
  )
}

/** [value, label] pairs of stored codes and their Spanish labels, in the codes' order. */
export const labelled = <T extends string>(codes: readonly T[], labels: Record<T, string>) => codes.map((code) => [code, labels[code]] as const)

/** A labelled one-line text input of at most `max` characters. */
export function TextField({ label, value, max, type = 'text', onChange }: { label: string; value: string; max: number; type?: 'text' | 'tel' | 'email'; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type={type} maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  )
}

/** A labelled drop-down of `[value, label]` options. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  unavailable = [],
  onChange,
}: {
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  /** Options shown but not offered (their text says why). */
  unavailable?: readonly T[]
  onChange: (value: T) => void
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([code, text]) => (
          <option key={code} value={code} disabled={unavailable.includes(code)}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * Everyone's name by account id (GET /consola/api/people): the console's accounts, each named as
 * the team member linked to it where there is one (docs/agency.md#the-team), so leads and visits
 * are assigned to the same people /acerca shows.
 */
export function usePeople(): { people: Colleague[]; names: Map<string, string> } {
  const people = useQuery(queries.people()).data ?? []
  return { people, names: new Map(people.map((p) => [p.id, p.name])) }
}

/** A person as the picker lists them: name, and their role in the team when linked («Laura Méndez · Asesora»). */
const personLabel = (person: Colleague) => (person.jobTitle ? `${person.name} · ${person.jobTitle}` : person.name)

/**
 * Who works a lead («Asignado a») or attends a visit («Asesor»): the people, «Sin asignar» first;
 * `onChange` gets an account id or null. An account no longer listed (removed) is shown as such,
 * not as whichever person comes first.
 */
export function PersonPicker({ label, value, people, onChange }: { label: string; value: string | null; people: readonly Colleague[]; onChange: (accountId: string | null) => void }) {
  const gone = value !== null && people.length > 0 && !people.some((person) => person.id === value)
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      options={[['', 'Sin asignar'], ...people.map((person) => [person.id, personLabel(person)] as const), ...(gone ? [[value, 'Cuenta eliminada'] as const] : [])]}
      onChange={(accountId) => onChange(accountId || null)}
    />
  )
}

/** Labelled facts, those without a value left out. */
export function Facts({ rows, className }: { rows: readonly (readonly [string, string | null | undefined])[]; className?: string }) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

/** The time a visit's day-and-hour field holds: its instant (ISO, Cancún's wall clock read), or what it says wrong in Spanish. */
export type VisitTime = { at: string; error?: undefined } | { error: string }

/** A visit's day and hour typed as dd/mm/aaaa hh:mm (Cancún) whatever the browser's language, read once: a time to come, or the reason it is not. */
export function readVisitTime(text: string, now = new Date()): VisitTime {
  if (!text.trim()) return { error: 'Escribe la fecha y la hora.' }
  const local = dayTimeFromText(text)
  const at = local && agencyInstant(local)
  if (!at) return { error: DAY_TIME_ERROR }
  return Date.parse(at) <= now.getTime() ? { error: VISIT_PAST_ERROR } : { at }
}

/**
 * A visit's day and hour typed as dd/mm/aaaa hh:mm (24 hours, Cancún), not the browser's own
 * date input (mm/dd/yyyy and AM/PM in an English browser, its refusals in English). What it holds
 * wrong is said in Spanish by its form when sent (readVisitTime), not on leaving the field: a
 * message appearing there would move the button under the pointer; a time outside the visit
 * hours is said as it is typed.
 */
export function VisitTimeField({ label, text, onChange }: { label: string; text: string; onChange: (text: string) => void }) {
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input autoComplete="off" placeholder={DAY_TIME_PLACEHOLDER} value={text} onChange={(event) => onChange(event.target.value)} />
      </label>
      <VisitHoursNotice at={dayTimeFromText(text) ?? ''} />
    </>
  )
}

/** A visit's time as its field first shows it. */
export const visitTimeText = (iso: string) => dayTimeFieldText(agencyLocalInput(iso))

export const VISIT_STATUS_OPTIONS = labelled(VISIT_STATUSES, VISIT_STATUS_LABELS)

/** A visit still to come is not yet «Realizada» or «No asistió»: those options say so and are not offered (the server refuses them too). */
const COMING_VISIT_STATUS_OPTIONS = VISIT_STATUS_OPTIONS.map(([code, text]) => [code, VISIT_OUTCOMES.includes(code) ? `${text} (cuando pase su hora)` : text] as const)

/**
 * A time outside the visit hours (03:00 typed for 15:00, a Sunday) is said beside the field, not
 * refused: a person may have agreed it with the client (docs/behaviour.md#visits).
 */
export function VisitHoursNotice({ at }: { at: string }) {
  // The agency's office hours (its profile, «Agencia»): nothing is said until they are known.
  const profile = useQuery(queries.agencyProfile()).data?.body
  const visit = profile ? visitHoursOf(profile.hours) : null
  return !visit || withinVisitHours(at, visit) ? null : (
    <p className="visit__hours-notice" role="status">
      Esa hora queda fuera del horario de visitas ({visitHoursText(visit)}). Agéndala solo si ya lo acordaste con el cliente.
    </p>
  )
}

/**
 * One visit: when (Cancún), status, property, visitor and their contact. `compact` (the week's
 * agenda) shows the hour only and no controls, its hour a button that opens the whole card
 * (`onOpen`); otherwise a person changes its status, moves it or cancels it, and the visitor's
 * widget hears of it.
 */
export function VisitCard({
  visit,
  compact = false,
  inConversation = false,
  onChanged,
  onOpen,
}: {
  visit: Visit
  compact?: boolean
  inConversation?: boolean
  onChanged?: (visit: Visit) => void
  onOpen?: () => void
}) {
  const { people, names } = usePeople()
  const [moving, setMoving] = useState(false)
  const [at, setAt] = useState(() => visitTimeText(visit.at))
  const [error, setError] = useState('')
  const change = async (request: Promise<{ visit: Visit }>) => {
    try {
      onChanged?.((await request).visit)
      setError('')
      setMoving(false)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }
  const move = () => {
    const time = readVisitTime(at)
    if (time.error !== undefined) setError(time.error)
    else void change(pipelineApi.moveVisit(visit.id, time.at))
  }
  // Cancelled, done or missed: nothing left to move or cancel (another time is another visit).
  const open = visit.status !== 'cancelada' && !VISIT_OUTCOMES.includes(visit.status)
  const coming = Date.parse(visit.at) > Date.now()
  // Cancelling tells the visitor: asked first, as «Cancelar visita» sits beside the move's buttons.
  const cancelDialog = useRef<ConfirmHandle>(null)
  const stopMoving = () => {
    setMoving(false)
    setAt(visitTimeText(visit.at))
    setError('')
  }
  const when = (
    <>
      <time dateTime={visit.at}>{compact ? timeText(visit.at) : whenText(visit.at)}</time>{' '}
      <span className={`tag tag--status-${visit.status}`}>{VISIT_STATUS_LABELS[visit.status]}</span>
    </>
  )
  return (
    <article className={`visit visit--${visit.status}`}>
      {onOpen ? (
        <button type="button" className="visit__time visit__open" aria-haspopup="dialog" onClick={onOpen}>
          {when}
        </button>
      ) : (
        <span className="visit__time">{when}</span>
      )}
      {visit.propertySlug ? <PropertyLink slug={visit.propertySlug} title={visit.propertyTitle} /> : <span className="muted">Sin propiedad</span>}
      {inConversation ? null : (
        <span>
          {visit.name ?? 'Visitante'} · <a href={`#/conversaciones/${encodeURIComponent(visit.visitorId)}`}>Ver conversación</a>
        </span>
      )}
      {compact && visit.assignedTo ? <span className="muted">Asesor: {names.get(visit.assignedTo) ?? 'Cuenta eliminada'}</span> : null}
      {compact ? null : <ContactLinks phone={visit.phone} email={visit.email} />}
      {visit.note && !compact ? <span className="muted">{visit.note}</span> : null}
      {compact ? null : (
        <div className="visit__controls">
          <SelectField
            label="Estado de la visita"
            value={visit.status}
            options={coming ? COMING_VISIT_STATUS_OPTIONS : VISIT_STATUS_OPTIONS}
            unavailable={coming ? VISIT_OUTCOMES : []}
            onChange={(status: VisitStatus) => void change(pipelineApi.setVisitStatus(visit.id, status))}
          />
          <PersonPicker label="Asesor" value={visit.assignedTo} people={people} onChange={(accountId) => void change(pipelineApi.assignVisit(visit.id, accountId))} />
          {open && !moving ? (
            <button type="button" className="button button--quiet" onClick={() => setMoving(true)}>
              Mover visita
            </button>
          ) : null}
          {open ? (
            <button type="button" className="button button--quiet" onClick={() => cancelDialog.current?.open()}>
              Cancelar visita
            </button>
          ) : null}
          {moving ? (
            <>
              <VisitTimeField label="Nueva fecha y hora (Cancún)" text={at} onChange={setAt} />
              <button type="button" className="button" onClick={move}>
                Guardar cambio
              </button>
              <button type="button" className="button button--quiet" onClick={stopMoving}>
                No mover
              </button>
            </>
          ) : null}
          <ConfirmDialog
            ref={cancelDialog}
            id={`cancel-visit-${visit.id}`}
            title={`¿Cancelar la visita del ${whenText(visit.at)}?`}
            text="Si el visitante tiene el chat abierto, se le avisa de la cancelación. Una visita cancelada ya no se puede mover."
            confirm="Sí, cancelar visita"
            dismiss="No, conservarla"
            onConfirm={() => void change(pipelineApi.setVisitStatus(visit.id, 'cancelada'))}
          />
        </div>
      )}
      <ErrorAlert message={error} />
    </article>
  )
}
