import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { ConsoleServerEvent, type ErasedPerson } from '../../protocol/console'
import {
  LEAD_CHANNELS,
  LEAD_FILTER_LIMITS,
  LEAD_REVIEW,
  LEAD_REVIEW_LABEL,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  trafficText,
  UNASSIGNED,
  type Colleague,
  type LeadChannel,
  type LeadDetail,
  type PipelineLead,
} from '../../protocol/crm'
import { whenText } from '../../shared/agency-format'
import { actorName, changeText, hasChat, NO_FILTERS, propertySlugOf, type LeadFilters } from '../leads'
import { errorText } from '../api'
import { useSocketEvent } from '../live'
import { placeLead } from '../live-cache'
import { pipelineApi } from '../pipeline-api'
import { queries, queryKeys } from '../queries'
import { useDebounced } from '../use-debounced'
import { DataRights } from './DataRights'
import { DayField } from './DayField'
import { ContactLinks, Facts, labelled, PersonPicker, PropertyLink, SelectField, usePeople } from './pipeline-parts'
import type { ScreenProps } from './props'
import './pipeline.css'
import { ErrorAlert } from '../ErrorAlert'
import { useSubmit } from '../use-submit'
import { SubmitButton } from '../SubmitButton'

/** Typing in a text filter asks the server after a pause. */
const RELOAD_MS = 300
const CHANNEL_LABELS: Record<LeadChannel, string> = { chat: 'Chat', form: 'Formulario' }
const LEAD_STATUS_OPTIONS = labelled(LEAD_STATUSES, LEAD_STATUS_LABELS)

/** The leads (docs/behaviour.md#leads): filtered list, newest first, beside the open lead. */
export function Leads({ account, live, param, go }: ScreenProps) {
  const [filters, setFilters] = useState<LeadFilters>(NO_FILTERS)
  // Clearing the filters starts the form afresh: a date field's unfinished text goes too.
  const [cleared, setCleared] = useState(0)
  const [page, setPage] = useState(1)
  // The list of the filters as they settled: new leads and changes are placed in it by live-cache.ts.
  const asked = useDebounced({ filters, page }, RELOAD_MS)
  const leads = useQuery({ ...queries.leads(asked.filters, asked.page), placeholderData: keepPreviousData })
  const list = leads.data ?? null
  const error = leads.error ? errorText(leads.error) : ''
  const [arrived, setArrived] = useState('')
  const { people, names } = usePeople()
  const queryClient = useQueryClient()
  /** A lead's status or assignee changed in the open panel: the list (and its filters) show it. */
  const changed = useCallback((lead: PipelineLead) => placeLead(queryClient, lead, false), [queryClient])
  useSocketEvent(
    live,
    ConsoleServerEvent.lead,
    useCallback((lead: PipelineLead) => setArrived(`Nuevo prospecto: ${lead.name}`), []),
  )

  // An erased person's open lead closes (docs/behaviour.md#data-rights); live-cache.ts drops their leads from the list.
  useSocketEvent(
    live,
    ConsoleServerEvent.erased,
    useCallback(
      ({ leadIds }: ErasedPerson) => {
        if (param && leadIds.includes(param)) {
          setArrived('Se borraron los datos de la persona de este prospecto.')
          go('prospectos')
        }
      },
      [go, param],
    ),
  )

  const filter = (next: Partial<LeadFilters>) => {
    setFilters((old) => ({ ...old, ...next }))
    setPage(1)
  }

  return (
    <div className={`pipeline${param ? ' pipeline--open' : ''}`}>
      <section className="pipeline__list" aria-labelledby="leads-title">
        <h1 id="leads-title">
          Prospectos {list ? <span className="count">{list.total}</span> : null}
        </h1>
        <p role="status" className="pipeline__arrived">
          {arrived}
        </p>
        <Filters key={cleared} filters={filters} people={people} onChange={filter} />
        <p className="pipeline__tools">
          <a className="button button--quiet" href={pipelineApi.leadsCsvUrl(filters)} download>
            Exportar CSV
          </a>
          {Object.values(filters).some(Boolean) ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                filter(NO_FILTERS)
                setCleared((n) => n + 1)
              }}
            >
              Quitar filtros
            </button>
          ) : null}
        </p>
        <ErrorAlert message={error} />
        <ul className="lead-list">
          {list?.items.map((lead) => (
            <li key={lead.id}>
              <LeadItem lead={lead} current={lead.id === param} assignee={lead.assignedTo ? actorName(lead.assignedTo, names) : null} onFilter={filter} />
            </li>
          ))}
        </ul>
        {list && list.items.length === 0 ? <p className="empty">No hay prospectos con estos filtros.</p> : null}
        {list && list.pages > 1 ? (
          <nav className="pager" aria-label="Páginas de prospectos">
            <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </button>
            <span>
              Página {list.page} de {list.pages}
            </span>
            <button type="button" className="button button--quiet" disabled={page >= list.pages} onClick={() => setPage(page + 1)}>
              Siguiente
            </button>
          </nav>
        ) : null}
      </section>
      {param ? (
        <LeadPanel key={param} id={param} admin={account.role === 'admin'} people={people} names={names} onChanged={changed} onBack={() => go('prospectos')} />
      ) : (
        <p className="pipeline__placeholder">Elige un prospecto para verlo.</p>
      )}
    </div>
  )
}

function Filters({ filters, people, onChange }: { filters: LeadFilters; people: Colleague[]; onChange: (next: Partial<LeadFilters>) => void }) {
  return (
    <form className="lead-filters" role="search" aria-label="Filtrar prospectos" onSubmit={(e) => e.preventDefault()}>
      <label className="field lead-filters__wide">
        <span>Buscar</span>
        <input type="search" maxLength={LEAD_FILTER_LIMITS.q} value={filters.q} placeholder="Nombre, teléfono, correo o mensaje" onChange={(e) => onChange({ q: e.target.value })} />
      </label>
      <SelectField label="Estado" value={filters.status} options={[['', 'Todos'], ...LEAD_STATUS_OPTIONS]} onChange={(status) => onChange({ status })} />
      <SelectField label="Origen" value={filters.channel} options={[['', 'Todos'], ...labelled(LEAD_CHANNELS, CHANNEL_LABELS)]} onChange={(channel) => onChange({ channel })} />
      <SelectField
        label="Asignado a"
        value={filters.assignedTo}
        options={[['', 'Cualquiera'], [UNASSIGNED, 'Sin asignar'], ...people.map((p) => [p.id, p.name] as const)]}
        onChange={(assignedTo) => onChange({ assignedTo })}
      />
      <SelectField label="Revisión" value={filters.review} options={[['', 'Todos'], [LEAD_REVIEW, LEAD_REVIEW_LABEL]]} onChange={(review) => onChange({ review })} />
      <DayField label="Desde" value={filters.from} onChange={(from) => onChange({ from })} />
      <DayField label="Hasta" value={filters.to} onChange={(to) => onChange({ to })} />
      <label className="field">
        <span>Campaña</span>
        <input maxLength={LEAD_FILTER_LIMITS.campaign} value={filters.campaign} onChange={(e) => onChange({ campaign: e.target.value })} />
      </label>
      <label className="field lead-filters__wide">
        <span>Propiedad</span>
        <input value={filters.propertySlug} placeholder="Pega el enlace de la propiedad" onChange={(e) => onChange({ propertySlug: propertySlugOf(e.target.value) })} />
      </label>
    </form>
  )
}

function LeadItem({
  lead,
  current,
  assignee,
  onFilter,
}: {
  lead: PipelineLead
  current: boolean
  assignee: string | null
  onFilter: (next: Partial<LeadFilters>) => void
}) {
  return (
    <article className={`lead-item${current ? ' lead-item--current' : ''}${lead.status === 'nuevo' ? ' lead-item--new' : ''}`}>
      <a className="lead-item__name" href={`#/prospectos/${encodeURIComponent(lead.id)}`} aria-current={current ? 'page' : undefined}>
        {lead.name}
      </a>
      <span className="lead-item__when">
        <time dateTime={lead.createdAt}>{whenText(lead.createdAt)}</time>
      </span>
      <span className="lead-item__tags">
        {lead.review ? <ReviewTag /> : null}
        <span className={`tag tag--status-${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
        <span className="tag">{LEAD_SOURCE_LABELS[lead.source]}</span>
        <span className="tag">{trafficText(lead.trafficChannel, lead.trafficSource)}</span>
        {lead.campaign ? (
          <button type="button" className="tag tag--link" onClick={() => onFilter({ campaign: lead.campaign! })}>
            <span className="sr-only">Filtrar por campaña </span>
            Campaña: {lead.campaign}
          </button>
        ) : null}
        {lead.propertySlug ? (
          <button type="button" className="tag tag--link" onClick={() => onFilter({ propertySlug: lead.propertySlug! })}>
            <span className="sr-only">Filtrar por propiedad </span>
            {lead.propertySlug}
          </button>
        ) : null}
        {assignee ? <span className="tag">{assignee}</span> : null}
      </span>
      {lead.message ? <span className="lead-item__message">{lead.message}</span> : null}
    </article>
  )
}

/** A lead kept past a volume limit of the lead policy, for a person to check (docs/behaviour.md#leads). */
const ReviewTag = () => <span className="tag tag--review">{LEAD_REVIEW_LABEL}</span>

function LeadPanel({
  id,
  admin,
  people,
  names,
  onChanged,
  onBack,
}: {
  id: string
  /** Admins may erase the person of a lead with no chat (a chat lead's person is erased from its conversation). */
  admin: boolean
  people: Colleague[]
  names: Map<string, string>
  onChanged: (lead: PipelineLead) => void
  onBack: () => void
}) {
  const query = useQuery(queries.lead(id))
  const detail = query.data ?? null
  const [failed, setFailed] = useState('')
  const error = failed || (query.error ? errorText(query.error) : '')
  const queryClient = useQueryClient()
  /** Asked again after a change: the panel's history grew. */
  const load = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.leads.detail(id) }), [id, queryClient])

  /** A change saved: the panel (with its history) and the list show it. */
  const apply = async (change: Promise<{ lead: PipelineLead }>) => {
    try {
      onChanged((await change).lead)
      setFailed('')
      await load()
    } catch (failure) {
      setFailed(errorText(failure))
    }
  }

  if (!detail)
    return (
      <section className="pipeline__detail" aria-label="Prospecto">
        {error ? <p role="alert" className="error">{error}</p> : <p className="loading">Cargando…</p>}
      </section>
    )
  const { lead } = detail
  return (
    <section className="pipeline__detail" aria-labelledby="lead-title">
      <button type="button" className="button button--quiet pipeline__back" onClick={onBack}>
        ← Prospectos
      </button>
      <h2 id="lead-title">{lead.name}</h2>
      <p className="muted">
        {LEAD_SOURCE_LABELS[lead.source]} · <time dateTime={lead.createdAt}>{whenText(lead.createdAt)}</time>
      </p>
      {lead.review ? (
        <div className="lead-panel__review">
          <ReviewTag />
          <p>Llegó cuando su dirección de internet ya había dejado muchos datos esta hora: puede ser una oficina o una red móvil compartida, o un envío automático.</p>
          <button type="button" className="button" onClick={() => void apply(pipelineApi.setLeadReview(lead.id, null))}>
            No es spam
          </button>
        </div>
      ) : null}
      <ContactLinks phone={lead.phone} email={lead.email} />
      <p className="lead-panel__links">
        {hasChat(lead) ? <a href={`#/conversaciones/${encodeURIComponent(lead.visitorId)}`}>Ver conversación</a> : null}
        {lead.propertySlug ? <PropertyLink slug={lead.propertySlug} title="Ver propiedad" /> : null}
      </p>
      {lead.message ? <blockquote className="lead-panel__message">{lead.message}</blockquote> : null}
      <Facts
        className="lead-panel__facts"
        rows={[
          ['Campaña', lead.campaign],
          ['Canal', trafficText(lead.trafficChannel, lead.trafficSource)],
          ['Página de entrada', lead.landingPage],
        ]}
      />
      <ErrorAlert message={error} />
      <div className="lead-panel__controls">
        <SelectField label="Estado" value={lead.status} options={LEAD_STATUS_OPTIONS} onChange={(status) => void apply(pipelineApi.setLeadStatus(lead.id, status))} />
        <PersonPicker label="Asignado a" value={lead.assignedTo} people={people} onChange={(accountId) => void apply(pipelineApi.assignLead(lead.id, accountId))} />
      </div>
      <h3>Historial</h3>
      {detail.history.length ? (
        // Newest first, numbered as they happened (the newest has the highest number, not «1.»).
        <ol className="history" reversed>
          {[...detail.history].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              {changeText(entry, names)} <span className="muted">· {actorName(entry.actor, names)} · <time dateTime={entry.at}>{whenText(entry.at)}</time></span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Sin cambios todavía.</p>
      )}
      <Notes detail={detail} names={names} onAdded={load} />
      {admin && !hasChat(lead) ? <DataRights leadId={lead.id} /> : null}
    </section>
  )
}

function Notes({ detail, names, onAdded }: { detail: LeadDetail; names: Map<string, string>; onAdded: () => Promise<unknown> }) {
  const [text, setText] = useState('')
  const { busy, error, submit: add } = useSubmit(async () => {
    await pipelineApi.addNote(detail.lead.id, text)
    setText('')
    await onAdded()
  })
  return (
    <>
      <h3>Notas privadas</h3>
      <ul className="notes">
        {detail.notes.map((note) => (
          <li key={note.id}>
            <p>{note.body}</p>
            <p className="muted">
              {actorName(note.author, names)} · <time dateTime={note.at}>{whenText(note.at)}</time>
            </p>
          </li>
        ))}
      </ul>
      <form className="note-form" onSubmit={add}>
        <label className="field">
          <span>Nueva nota (solo la ve el equipo)</span>
          <textarea value={text} rows={2} maxLength={MAX_NOTE_LENGTH} onChange={(e) => setText(e.target.value)} />
        </label>
        <ErrorAlert message={error} />
        <SubmitButton busy={busy} busyText="Guardando…" disabled={!text.trim()}>
          Guardar nota
        </SubmitButton>
      </form>
    </>
  )
}
