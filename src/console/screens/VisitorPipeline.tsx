import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ConversationDetail, PropertyPick } from '../../protocol/console'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, VISIT_LIMITS, type PipelineLead, type Visit } from '../../protocol/crm'
import { whenText } from '../../shared/agency-format'
import { pipelineApi } from '../pipeline-api'
import { PropertyPicker } from './PropertyPicker'
import { readVisitTime, TextField, VisitCard, VisitTimeField } from './pipeline-parts'
import './pipeline.css'
import { ErrorAlert } from '../ErrorAlert'
import { FormError, useSubmit } from '../use-submit'
import { LEAD_LIMITS } from '../../shared/lead-rules'
import { errorText } from '../api'
import { placeLead, placeVisit } from '../live-cache'
import { queries } from '../queries'
import { usePrefilled } from '../use-prefilled'
import { SubmitButton } from '../SubmitButton'

/**
 * A visitor's leads and visits in the conversation view (docs/behaviour.md#visits):
 * each lead one click from its page in *Prospectos*; a person books, moves or cancels a visit
 * here, and the visitor's open widget hears it as a Spanish message.
 */
type Contact = { [Key in keyof ConversationDetail['contact']]: string }

export function VisitorPipeline({
  visitorId,
  contact,
  onLeadSaved,
}: {
  visitorId: string
  contact: ConversationDetail['contact']
  /** A lead of the visitor's was saved here: what the conversation knows of them may have changed. */
  onLeadSaved: () => void
}) {
  // Their leads and visits, kept in the cache as they change here, by the automated agent or on another console (live-cache.ts).
  // (A lead listed as theirs too, another visitor's first, is not told apart by the event: it is updated once listed.)
  const leadsQuery = useQuery(queries.leadsOfVisitor(visitorId))
  const visitsQuery = useQuery(queries.visitsOfVisitor(visitorId))
  const leads = leadsQuery.data ?? []
  const visits = visitsQuery.data ?? []
  const failure = leadsQuery.error ?? visitsQuery.error
  const error = failure ? errorText(failure) : ''
  const queryClient = useQueryClient()
  const changed = (visit: Visit) => placeVisit(queryClient, visit)
  const saved = (lead: PipelineLead) => {
    placeLead(queryClient, lead, true, visitorId)
    onLeadSaved()
  }
  const lead = leads[0]

  return (
    <>
      <h3>Prospectos</h3>
      {leads.length ? (
        <ul className="visitor-leads">
          {leads.map((item) => (
            <li key={item.id}>
              <a href={`#/prospectos/${encodeURIComponent(item.id)}`}>{item.name}</a>{' '}
              <span className={`tag tag--status-${item.status}`}>{LEAD_STATUS_LABELS[item.status]}</span>
              <span className="muted">
                {' '}
                {LEAD_SOURCE_LABELS[item.source]} · <time dateTime={item.createdAt}>{whenText(item.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Sin prospectos.</p>
      )}
      <SaveLead visitorId={visitorId} known={{ name: contact.name ?? '', phone: contact.phone ?? '', email: contact.email ?? '' }} onSaved={saved} />
      <h3>Visitas</h3>
      <ErrorAlert message={error} />
      {visits.length ? (
        <ul className="visit-list">
          {visits.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} inConversation onChanged={changed} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Sin visitas.</p>
      )}
      <BookVisit
        visitorId={visitorId}
        known={{ name: contact.name ?? lead?.name ?? '', phone: contact.phone ?? lead?.phone ?? '' }}
        email={contact.email ?? lead?.email ?? null}
        onBooked={changed}
      />
    </>
  )
}

/**
 * What the visitor told a person in the chat (their name, a phone or an e-mail) saved as a lead,
 * as the automated agent saves what it learns (docs/behaviour.md#leads). Closing the form keeps
 * what was typed.
 */
function SaveLead({ visitorId, known, onSaved }: { visitorId: string; known: Contact; onSaved: (lead: PipelineLead) => void }) {
  const [open, setOpen] = useState(false)
  const { values: form, set, reset } = usePrefilled({ ...known, message: '' })
  const [status, setStatus] = useState('')
  const { busy, error, submit } = useSubmit(async () => {
    const { lead, created } = await pipelineApi.addChatLead(visitorId, form)
    onSaved(lead)
    setOpen(false)
    reset()
    // The same phone or e-mail was already a lead: that one is the visitor's now, nothing new was stored.
    setStatus(created ? '' : `Ese teléfono o correo ya era el prospecto ${lead.name}; quedó ligado a esta conversación.`)
  })
  if (!open)
    return (
      <>
        <p role="status" className="muted">
          {status}
        </p>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            setStatus('')
            setOpen(true)
          }}
        >
          Guardar como prospecto
        </button>
      </>
    )
  return (
    <form className="visit-form" onSubmit={submit} noValidate aria-label="Guardar como prospecto">
      <TextField label="Nombre" value={form.name} max={LEAD_LIMITS.name} onChange={(v) => set('name', v)} />
      <TextField label="Teléfono" type="tel" value={form.phone} max={VISIT_LIMITS.phone} onChange={(v) => set('phone', v)} />
      <TextField label="Correo" type="email" value={form.email} max={LEAD_LIMITS.email} onChange={(v) => set('email', v)} />
      <TextField label="Nota (qué busca)" value={form.message} max={LEAD_LIMITS.message} onChange={(v) => set('message', v)} />
      <ErrorAlert message={error} />
      <div className="visit__controls">
        <SubmitButton busy={busy} busyText="Guardando…">
          Guardar prospecto
        </SubmitButton>
        <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
          Cerrar
        </button>
      </div>
    </form>
  )
}

function BookVisit({ visitorId, known, email, onBooked }: { visitorId: string; known: Pick<Contact, 'name' | 'phone'>; email: string | null; onBooked: (visit: Visit) => void }) {
  const [open, setOpen] = useState(false)
  const { values: form, set, reset } = usePrefilled({ ...known, at: '', note: '' })
  const [property, setProperty] = useState<PropertyPick | null>(null)
  const { busy, error, submit: book } = useSubmit(async () => {
    const time = readVisitTime(form.at)
    if (time.error !== undefined) throw new FormError(time.error)
    const { visit } = await pipelineApi.book({
      visitorId,
      at: time.at,
      propertySlug: property?.slug ?? null,
      name: form.name.trim() || null,
      phone: form.phone.trim() || null,
      email,
      note: form.note,
    })
    onBooked(visit)
    setOpen(false)
    reset('at', 'note')
    setProperty(null)
  })

  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Agendar visita
      </button>
    )
  return (
    <form className="visit-form" onSubmit={book} noValidate aria-label="Agendar visita">
      <VisitTimeField label="Fecha y hora (Cancún)" text={form.at} onChange={(at) => set('at', at)} />
      {property ? (
        <p>
          Propiedad: <strong>{property.title}</strong>{' '}
          <button type="button" className="button button--quiet" onClick={() => setProperty(null)}>
            Quitar
          </button>
        </p>
      ) : (
        <PropertyPicker label="Elegir propiedad" onPick={setProperty} />
      )}
      <TextField label="Nombre" value={form.name} max={VISIT_LIMITS.name} onChange={(v) => set('name', v)} />
      <TextField label="Teléfono" type="tel" value={form.phone} max={VISIT_LIMITS.phone} onChange={(v) => set('phone', v)} />
      <TextField label="Nota" value={form.note} max={VISIT_LIMITS.note} onChange={(v) => set('note', v)} />
      <ErrorAlert message={error} />
      <div className="visit__controls">
        <SubmitButton busy={busy} busyText="Agendando…">
          Confirmar visita
        </SubmitButton>
        <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </div>
    </form>
  )
}
