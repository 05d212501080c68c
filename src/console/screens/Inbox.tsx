import { Suspense, use, useCallback, useEffect, useRef, useState } from 'react'
import { ConsoleServerEvent, type ErasedPerson, type InboxFilter, type InboxItem, type InboxPage } from '../../protocol/console'
import { messageText } from '../../widget/public'
import { api } from '../api'
import { timeAndDayText } from '../../shared/agency-format'
import { FirstInboxContext } from '../boot'
import { lazyComponent } from '../lazy'
import { useSocketEvent, visitorLabel } from '../live'
import { newestOnly } from '../newest-answer'
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
/** Many events in a burst refresh the list once. */
const REFRESH_MS = 250

/** The inbox (docs/behaviour.md#console-inbox) beside the open conversation. */
export function Inbox(props: ScreenProps) {
  const { live, param, go } = props
  const [filter, setFilter] = useState<InboxFilter>('all')
  const [search, setSearch] = useState('')
  // The first page (no filter, no search) came with the console's page: shown at once, not asked again.
  const firstInbox = use(FirstInboxContext)
  const [items, setItems] = useState<InboxItem[]>(() => firstInbox.page?.items ?? [])
  const [next, setNext] = useState<string | null>(() => firstInbox.page?.next ?? null)
  const [error, setError] = useState('')
  /** The open conversation's person was erased (here or on another console): said where it was. */
  const [erased, setErased] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const show = useCallback((page: InboxPage) => {
    setItems(page.items)
    setNext(page.next)
    setError('')
    document.dispatchEvent(new CustomEvent('consola:unread', { detail: page.unreadConversations }))
  }, [])
  const [newest] = useState(newestOnly)
  const load = useCallback(() => {
    newest(api.inbox(filter, search)).then(show, (failure: Error) => setError(failure.message))
  }, [filter, newest, search, show])
  // A new filter loads at once (the first one from the page); typing in the search waits for a pause.
  const typed = useRef(search)
  useEffect(() => {
    clearTimeout(timer.current)
    const page = firstInbox.take()
    if (page) return show(page)
    const delay = typed.current === search ? 0 : REFRESH_MS
    typed.current = search
    timer.current = setTimeout(load, delay)
    return () => clearTimeout(timer.current)
  }, [firstInbox, load, search, show])
  const refresh = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(load, REFRESH_MS)
  }, [load])
  useSocketEvent(live, ConsoleServerEvent.message, refresh)
  useSocketEvent(live, ConsoleServerEvent.owner, refresh)
  useSocketEvent(live, ConsoleServerEvent.handoff, refresh)
  useSocketEvent(live, 'connect', refresh)
  // An erased person's conversations leave the list at once, and their open conversation closes (docs/behaviour.md#data-rights).
  useSocketEvent(
    live,
    ConsoleServerEvent.erased,
    useCallback(
      ({ visitorIds }: ErasedPerson) => {
        setItems((shown) => shown.filter((item) => !visitorIds.includes(item.visitorId)))
        if (param && visitorIds.includes(param)) {
          setErased('Se borraron todos los datos del visitante. El registro de borrados guarda solo quién y cuándo.')
          go('conversaciones')
        }
        refresh()
      },
      [go, param, refresh],
    ),
  )

  const more = () => {
    if (!next) return
    api.inbox(filter, search, next).then((page) => {
      setItems((old) => [...old, ...page.items])
      setNext(page.next)
    })
  }

  return (
    <div className={`inbox${param ? ' inbox--open' : ''}`}>
      <section className="inbox__list" aria-labelledby="inbox-title">
        <h1 id="inbox-title">Conversaciones</h1>
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
                  {item.owner ? <span className="tag">La atiende {item.owner.name}</span> : item.closed ? <span className="tag">Cerrada</span> : <span className="tag tag--auto">Automática</span>}
                  {live.get().visitors.has(item.visitorId) ? <span className="tag tag--live">En el sitio</span> : null}
                  {item.unread ? <span className="badge" aria-label={`${item.unread} sin leer`}>{item.unread}</span> : null}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {items.length === 0 && !error ? <p className="empty">No hay conversaciones con este filtro.</p> : null}
        {next ? (
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
