import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useState } from 'react'
import { ConsoleServerEvent, type ErasedPerson, type InboxFilter, type InboxItem } from '../../protocol/console'
import { trafficText } from '../../protocol/crm'
import { messageText } from '../../widget/public'
import { errorText } from '../api'
import { timeAndDayText, timeText } from '../../shared/agency-format'
import { lazyComponent } from '../lazy'
import { useSocketEvent, visitorLabel } from '../live'
import { queries, takePageInbox } from '../queries'
import { useDebounced } from '../use-debounced'
import type { ScreenProps } from './props'

/** The open conversation (its message renderer, sanitiser, composer and pipeline) loads when first opened. */
const Conversation = lazyComponent(() => import('./Conversation').then((module) => module.Conversation))

/** Each label completes «conversaciones»: feminine plural, as «Todas» (docs/behaviour.md#console-inbox). */
const FILTERS: { id: InboxFilter; label: string }[] = [
  { id: 'all', label: 'Todas' },
  { id: 'needs', label: 'Necesitan asesor' },
  { id: 'auto', label: 'Automáticas' },
  { id: 'mine', label: 'Mías' },
  { id: 'closed', label: 'Cerradas' },
]
/** Typing in the search asks the server after this pause; a new filter asks at once. */
const SEARCH_PAUSE_MS = 250

/** Where a conversation waiting for a person stands (docs/console.md#routing), as its tag says it to `me`. */
function offerTag(item: InboxItem, me: string) {
  const offer = item.offer
  if (!offer || item.owner || item.closed) return null
  if (offer.stage === 'offered' && offer.to?.accountId === me) return <span className="tag tag--turn">Te toca responder</span>
  if (offer.stage === 'offered') return <span className="tag">Ofrecida a {offer.to?.name}</span>
  if (offer.stage === 'everyone') return <span className="tag">Ofrecida a todos</span>
  return <span className="tag">Espera a alguien en turno</span>
}

/**
 * The conversations offered to this person now, above the list whatever its filter: each until
 * when it is theirs alone (docs/console.md#routing).
 */
function MyTurn({ me }: { me: string }) {
  const waiting = useInfiniteQuery(queries.inbox('needs', '')).data?.pages.flatMap((page) => page.items) ?? []
  const mine = waiting.filter((item) => item.offer?.stage === 'offered' && item.offer.to?.accountId === me && !item.owner)
  if (!mine.length) return null
  return (
    <ul className="turn-list" aria-label="Te toca responder">
      {mine.map((item) => (
        <li key={item.visitorId}>
          <strong>Te toca responder:</strong> <a href={`#/conversaciones/${encodeURIComponent(item.visitorId)}`}>{visitorLabel(item.visitorId, item.name)}</a>
          {item.offer?.until ? ` · solo tuya hasta las ${timeText(item.offer.until)}` : ''}
        </li>
      ))}
    </ul>
  )
}

/** The inbox (docs/behaviour.md#console-inbox) beside the open conversation. */
export function Inbox(props: ScreenProps) {
  const { live, param, go, account } = props
  const [filter, setFilter] = useState<InboxFilter>('all')
  const [search, setSearch] = useState('')
  const q = useDebounced(search, SEARCH_PAUSE_MS)
  // The first page (no filter, no search) came with the console's page: in the cache already, not asked again (queries.ts).
  const queryClient = useQueryClient()
  const [fromPage] = useState(() => takePageInbox(queryClient))
  // The list shown is always the current filter's: the previous one stays only until it is answered.
  const inbox = useInfiniteQuery({ ...queries.inbox(filter, q), placeholderData: keepPreviousData, refetchOnMount: !fromPage })
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? []
  const error = inbox.error ? errorText(inbox.error) : ''
  /** The open conversation's person was erased (here or on another console): said where it was. */
  const [erased, setErased] = useState('')
  // An erased person's open conversation closes (docs/behaviour.md#data-rights); the cache drops their conversations (live-cache.ts).
  useSocketEvent(
    live,
    ConsoleServerEvent.erased,
    useCallback(
      ({ visitorIds }: ErasedPerson) => {
        if (param && visitorIds.includes(param)) {
          setErased('Se borraron todos los datos del visitante. El registro de borrados guarda solo quién y cuándo.')
          go('conversaciones')
        }
      },
      [go, param],
    ),
  )

  const more = () => {
    if (inbox.hasNextPage && !inbox.isFetchingNextPage) void inbox.fetchNextPage()
  }

  return (
    <div className={`inbox${param ? ' inbox--open' : ''}`}>
      <section className="inbox__list" aria-labelledby="inbox-title">
        <div className="inbox__heading">
          <h1 id="inbox-title">Conversaciones</h1>
          <a href="#/respuestas">Respuestas guardadas</a>
        </div>
        <MyTurn me={account.id} />
        <div className="filters" role="group" aria-label="Filtrar conversaciones">
          {FILTERS.map((f) => (
            <button key={f.id} type="button" className="chip" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
              {f.label}
            </button>
          ))}
        </div>
        <label className="field">
          <span>Buscar</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Nombre, teléfono, correo o texto" />
        </label>
        {error ? <p role="alert" className="error">{error}</p> : null}
        <ul className="conversations">
          {items.map((item) => (
            <li key={item.visitorId}>
              <a
                href={`#/conversaciones/${encodeURIComponent(item.visitorId)}`}
                className={`conversation-item${item.unread ? ' conversation-item--unread' : ''}${param === item.visitorId ? ' conversation-item--current' : ''}`}
                aria-current={param === item.visitorId ? 'page' : undefined}
              >
                <span className="conversation-item__top">
                  <strong>{visitorLabel(item.visitorId, item.name)}</strong>
                  {item.lastAt ? <time dateTime={item.lastAt}>{timeAndDayText(item.lastAt)}</time> : null}
                </span>
                <span className="conversation-item__text">{item.lastText ? messageText(item.lastText) : null}</span>
                <span className="conversation-item__tags">
                  {item.needsHuman && !item.owner ? <span className="tag tag--alert">Necesita asesor</span> : null}
                  {offerTag(item, account.id)}
                  {item.owner ? <span className="tag">La atiende {item.owner.name}</span> : item.closed ? <span className="tag">Cerrada</span> : <span className="tag tag--auto">Automática</span>}
                  {live.get().visitors.has(item.visitorId) ? <span className="tag tag--live">En el sitio</span> : null}
                  <span className="tag">{trafficText(item.channel, item.source)}</span>
                  {item.unread ? <span className="badge" aria-label={`${item.unread} sin leer`}>{item.unread}</span> : null}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {items.length === 0 && !error ? <p className="empty">No hay conversaciones con este filtro.</p> : null}
        {inbox.hasNextPage ? (
          <button type="button" className="button button--quiet" onClick={more}>
            Cargar más
          </button>
        ) : null}
      </section>
      {param ? (
        <Suspense fallback={<p className="loading">Cargando…</p>}>
          <Conversation key={param} {...props} visitorId={param} onBack={() => go('conversaciones')} />
        </Suspense>
      ) : (
        <p className="inbox__placeholder" {...(erased ? { role: 'status' } : {})}>
          {erased || 'Elige una conversación para verla.'}
        </p>
      )}
    </div>
  )
}
