import { useQuery, useQueryClient } from '@tanstack/react-query'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LiveVisitor } from '../../protocol/console'
import {
  ConsoleClientEvent,
  ConsoleServerEvent,
  type ConsoleAck,
  type ConversationDetail,
  type ConversationMessage,
  type ConversationOffer,
  type MessageAuthor,
  type TakeOverAck,
} from '../../protocol/console'
import { timeText } from '../../shared/agency-format'
import { errorText, FormError } from '../api'
import { ask } from '../connection'
import { useLive, useSocketEvent, visitorLabel } from '../live'
import { DataRights } from './DataRights'
import { phoneText } from '../../domain/phone'
import { attributionCampaign, trafficOf } from '../../domain/attribution'
import { trafficText } from '../../protocol/crm'
import { Facts } from './pipeline-parts'
import { PropertyPicker } from './PropertyPicker'
import type { ScreenProps } from './props'
import { VisitorPipeline } from './VisitorPipeline'
import { ErrorAlert } from '../ErrorAlert'
import { deviceText } from '../device-text'
import { pageText } from '../page-text'
import { useDraft } from '../drafts'
import { consoleMessageHtml } from '../visitor-content'
import { setOwner } from '../live-cache'
import { queries, queryKeys } from '../queries'
import { useSubmit } from '../use-submit'
import { CannedMenu, useCannedMenu } from './CannedMenu'
import { unfilledMessage, unfilledReplyVariables } from '../../shared/reply-variables'

/** The agent stopped typing when nothing was typed for this long. */
const TYPING_IDLE_MS = 3_000

const authorName = (author: Exclude<MessageAuthor, { kind: 'notice' }>) =>
  author.kind === 'visitor' ? 'Visitante' : author.kind === 'person' ? author.name : 'Asistente automático'

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/** One conversation (docs/behaviour.md#console-conversation): history, the visitor's context, take-over and the composer. */
export function Conversation({ account, live, visitorId, onBack }: ScreenProps & { visitorId: string; onBack: () => void }) {
  const { socket } = live
  const state = useLive(live)
  // The history, the visitor's context and who answers: new messages and owners come from the socket into the cache (live-cache.ts).
  const conversation = useQuery(queries.conversation(visitorId))
  const detail = conversation.data ?? null
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState('')
  const shownNotice = notice || (conversation.error ? errorText(conversation.error) : '')
  /** On a phone the visitor's data replace the messages while shown (docs/behaviour.md#console-conversation). */
  const [showDetails, setShowDetails] = useState(false)

  /** The conversation is read: when opened, when back online, and as messages arrive while it is in view. */
  const markRead = useCallback(() => void ask(socket, ConsoleClientEvent.read, { visitorId }).catch(() => {}), [socket, visitorId])
  useEffect(markRead, [markRead])
  useSocketEvent(live, 'connect', markRead)
  useSocketEvent(
    live,
    ConsoleServerEvent.message,
    useCallback((message: ConversationMessage) => message.visitorId === visitorId && document.visibilityState === 'visible' && markRead(), [markRead, visitorId]),
  )
  /**
   * The visitor's name, phone and e-mail as the server now knows them (the title, the panel, the
   * lead and visit forms): asked again when a lead of theirs is saved (here; live-cache.ts for the
   * socket's) or their name is learnt.
   */
  const refreshContact = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(visitorId) }), [queryClient, visitorId])
  // A name the live list learnt (the automated agent took their details) that the title does not show yet.
  const liveName = state.visitors.get(visitorId)?.name
  const shownName = detail?.contact.name
  const askedFor = useRef<string | null>(null)
  useEffect(() => {
    if (!liveName || shownName === undefined || liveName === shownName || askedFor.current === liveName) return
    askedFor.current = liveName
    refreshContact()
  }, [liveName, shownName, refreshContact])

  const mine = detail?.owner?.accountId === account.id
  /** Ask the server to change the conversation; a refusal shows as the notice, `after` applies the answer. */
  const act = (event: string, after?: (result: TakeOverAck) => void) => async () => {
    const result = await ask<TakeOverAck>(socket, event, { visitorId })
    setNotice(result.ok ? '' : (result.error ?? ''))
    after?.(result)
  }
  const takeOver = act(ConsoleClientEvent.takeOver, (result) => {
    if (result.owner !== undefined) void setOwner(queryClient, visitorId, result.owner ?? null)
  })
  const handBack = act(ConsoleClientEvent.handBack)
  const close = act(ConsoleClientEvent.close, (result) => {
    if (result.ok) void setOwner(queryClient, visitorId, null, true)
  })

  const visitor = state.visitors.get(visitorId)
  const title = visitorLabel(visitorId, detail?.contact.name)
  return (
    <section className={`conversation${showDetails ? ' conversation--details' : ''}`} aria-labelledby="conversation-title">
      <header className="conversation__header">
        <button type="button" className="button button--quiet conversation__back" onClick={onBack}>
          ← Conversaciones
        </button>
        <h2 id="conversation-title">{title}</h2>
        <p className="conversation__status">
          {detail?.owner ? detail.owner.accountId === account.id ? 'La atiendes tú' : `La atiende ${detail.owner.name}` : 'La atiende el asistente automático'}
          {visitor ? ` · En el sitio: ${pageText(visitor.page) ?? '—'}` : ' · Fuera del sitio'}
        </p>
        {detail && !detail.owner && detail.offer ? <p className="conversation__offer">{offerText(detail.offer, account.id)}</p> : null}
        <div className="conversation__actions">
          {mine ? <Action label="Devolver al asistente" onClick={handBack} /> : null}
          {!detail?.closed ? <Action label="Cerrar conversación" onClick={close} quiet /> : null}
          {detail ? (
            <button
              type="button"
              className="button button--quiet conversation__details-toggle"
              aria-controls="visitor-panel"
              onClick={() => setShowDetails((shown) => !shown)}
            >
              {/* It says where it leads: with the data shown, back to the messages (it read «Datos del visitante» both ways). */}
              {showDetails ? 'Ver mensajes' : 'Datos del visitante'}
            </button>
          ) : null}
          {account.role === 'admin' ? <DataRights visitorId={visitorId} /> : null}
        </div>
        <ErrorAlert message={shownNotice} />
      </header>
      <div className="conversation__body">
        <div className="conversation__chat">
          <Messages messages={detail?.messages ?? []} typing={state.typing.has(visitorId)} />
          {mine ? (
            <Composer live={live} visitorId={visitorId} name={account.name} language={detail?.language ?? 'es'} page={visitor?.page ?? null} />
          ) : (
            <div className="composer composer--locked">
              <p>{detail?.owner ? `${detail.owner.name} atiende esta conversación.` : 'El asistente automático atiende esta conversación.'}</p>
              {detail && !detail.owner ? <Action label="Tomar conversación" onClick={takeOver} /> : null}
            </div>
          )}
        </div>
        {detail ? <VisitorPanel detail={detail} live={visitor} onLeadSaved={refreshContact} /> : null}
      </div>
    </section>
  )
}

/** Where the conversation's routing stands (docs/console.md#routing), said to the person looking. */
function offerText(offer: ConversationOffer, me: string): string {
  const until = offer.until ? ` hasta las ${timeText(offer.until)}` : ''
  if (offer.stage === 'offered' && offer.to?.accountId === me) return `Te toca responder: es solo tuya${until}. Tómala para contestar.`
  if (offer.stage === 'offered') return `Ofrecida a ${offer.to?.name ?? 'otra persona'}${until}; después, a todo el equipo.`
  if (offer.stage === 'everyone') return 'Nadie la tomó a tiempo: está ofrecida a todo el equipo.'
  return 'Espera a que alguien en turno se conecte: el visitante sabe cuándo le responderemos.'
}

const Action = ({ label, onClick, quiet = false }: { label: string; onClick: () => void; quiet?: boolean }) => (
  <button type="button" className={`button${quiet ? ' button--quiet' : ''}`} onClick={onClick}>
    {label}
  </button>
)

/** The list scrolls inside the conversation's column, to its newest message as one arrives. */
function Messages({ messages, typing }: { messages: ConversationMessage[]; typing: boolean }) {
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Not scrollIntoView: that scrolls every ancestor too, the page included.
    if (list.current) list.current.scrollTop = list.current.scrollHeight
  }, [messages.length, typing])
  return (
    <div ref={list} className="messages" tabIndex={0} aria-label="Mensajes">
      <div role="log" aria-live="polite">
        <ol className="log">
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>
      </div>
      {typing ? <p className="typing">El visitante está escribiendo…</p> : null}
    </div>
  )
}

const Message = memo(function Message({ message }: { message: ConversationMessage }) {
  const fromVisitor = message.author.kind === 'visitor'
  const html = useMemo(() => consoleMessageHtml(message.content, fromVisitor), [message.content, fromVisitor])
  const time = <time dateTime={message.at}>{timeText(message.at)}</time>
  return (
    <li className={`message message--${message.author.kind}`}>
      {/* A notice (a person joined or left) has no author: only its time. */}
      <span className="message__meta">{message.author.kind === 'notice' ? time : <>{authorName(message.author)} · {time}</>}</span>
      <span className="message__text" dangerouslySetInnerHTML={{ __html: html }} />
    </li>
  )
})

/**
 * The owner's reply. `language` (the conversation's) and `page` (the one the visitor has on screen)
 * choose and fill the canned replies its «/» menu offers (docs/console.md#canned-replies).
 */
function Composer({ live, visitorId, name, language, page }: { live: ScreenProps['live']; visitorId: string; name: string; language: 'es' | 'en'; page: string | null }) {
  const { socket } = live
  const [text, setText] = useDraft(visitorId)
  // A chosen reply replaces the «/…» typed: its text, then its cards as «Insertar propiedad» adds one.
  const canned = useCannedMenu({ text, visitorId, language, page, onFill: (filled) => setText([filled.text, ...filled.cards].join('\n\n')) })
  const unfilled = unfilledReplyVariables(text)
  const typing = useRef(false)
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined)
  const setTyping = useCallback(
    (value: boolean) => {
      clearTimeout(idle.current)
      if (value) idle.current = setTimeout(() => setTyping(false), TYPING_IDLE_MS)
      if (typing.current === value) return
      typing.current = value
      socket.emit(ConsoleClientEvent.typing, { visitorId, typing: value })
    },
    [socket, visitorId],
  )
  useEffect(() => () => setTyping(false), [setTyping])
  // Renamed while typing: said again, so the visitor's «… está escribiendo» names them as they are
  // called now (the server reads the name with each typing event: server/console/conversations.ts).
  const named = useRef(name)
  useEffect(() => {
    if (named.current === name) return
    named.current = name
    if (typing.current) socket.emit(ConsoleClientEvent.typing, { visitorId, typing: true })
  }, [name, socket, visitorId])

  // A reply that is not sent stays in the composer (and its draft), with the reason under it.
  const { busy: sending, error, submit: send } = useSubmit(async () => {
    const content = text.trim()
    if (!content) return
    // A variable a canned reply had no value for is never sent as it is (shared/reply-variables.ts).
    const left = unfilledReplyVariables(content)
    if (left.length) throw new FormError(`Antes de enviar, cambia ${left.map((name) => `{${name}}`).join(', ')} por su valor.`)
    // One id for this message however often it is sent again: the server stores it once.
    const clientMessageId = newId()
    let result: ConsoleAck
    try {
      result = await ask<ConsoleAck>(socket, ConsoleClientEvent.send, { visitorId, content, clientMessageId })
    } catch {
      throw new FormError('No pudimos enviar el mensaje. Revisa tu conexión e intenta de nuevo.')
    }
    if (!result.ok) throw new FormError(result.error ?? 'No pudimos enviar el mensaje.')
    setText('')
    typing.current = false
    clearTimeout(idle.current)
  })

  return (
    <form className="composer" onSubmit={send}>
      <label className="sr-only" htmlFor="composer-text">
        Respuesta al visitante
      </label>
      <textarea
        id="composer-text"
        value={text}
        rows={3}
        placeholder="Escribe tu respuesta (**negritas**, enlaces e imágenes) o «/» para una respuesta guardada"
        {...canned.textareaProps}
        onChange={(e) => {
          setText(e.target.value)
          setTyping(e.target.value.length > 0)
        }}
        onBlur={() => setTyping(false)}
        onKeyDown={(e) => {
          if (canned.onKeyDown(e)) return
          if (e.key !== 'Enter' || e.shiftKey) return
          e.preventDefault()
          void send()
        }}
      />
      <CannedMenu menu={canned} />
      <ErrorAlert message={error || canned.error} />
      {/* Always there, so a screen reader hears what a chosen reply left to fill. */}
      <p className="composer__note" role="status">
        {[unfilled.length ? unfilledMessage(unfilled) : '', canned.note].filter(Boolean).join(' ')}
      </p>
      <div className="composer__row">
        <PropertyPicker label="Insertar propiedad" onPick={(pick) => setText((old) => (old.trim() ? `${old.trim()}\n\n${pick.markdown}` : pick.markdown))} />
        <button type="submit" className="button" disabled={sending || !text.trim()}>
          Enviar
        </button>
      </div>
    </form>
  )
}

const field = (record: Record<string, unknown> | null, key: string) => {
  const value = record?.[key]
  return typeof value === 'string' && value && value !== 'Unknown' ? value : null
}

/** How the visitor came: from their stored record, else from the live list («Redes sociales · instagram»). */
function channelText(detail: ConversationDetail, live: LiveVisitor | undefined): string | null {
  if (detail.utms) {
    const { channel, source } = trafficOf(detail.utms)
    return trafficText(channel, source)
  }
  return live ? trafficText(live.channel, live.source) : null
}

function VisitorPanel({ detail, live, onLeadSaved }: { detail: ConversationDetail; live: LiveVisitor | undefined; onLeadSaved: () => void }) {
  const location = (detail.metrics?.clientLocation ?? null) as Record<string, unknown> | null
  return (
    <aside id="visitor-panel" className="visitor-panel" aria-label="Datos del visitante">
      <h3>Visitante</h3>
      <Facts
        rows={[
          ['Nombre', detail.contact.name],
          ['Teléfono', detail.contact.phone && phoneText(detail.contact.phone)],
          ['Correo', detail.contact.email],
          ['Página actual', pageText(live?.page)],
          ['Canal', channelText(detail, live)],
          ['Campaña', attributionCampaign(detail.utms) ?? live?.campaign],
          ['Dispositivo', deviceText(field(detail.metrics, 'deviceType'))],
          ['Navegador', field(detail.metrics, 'browser')],
          ['Sistema', field(detail.metrics, 'os')],
          ['Ubicación', [field(location, 'city'), field(location, 'region'), field(location, 'country')].filter(Boolean).join(', ')],
        ]}
      />
      <VisitorPipeline visitorId={detail.visitorId} contact={detail.contact} onLeadSaved={onLeadSaved} />
      <h3>Recorrido</h3>
      <ol className="trail">
        {detail.navigation.slice(-30).map((step, index) => (
          <li key={`${step.time}-${index}`}>
            <time dateTime={step.time}>{timeText(step.time)}</time> {pageText(step.urlPath)}
          </li>
        ))}
      </ol>
    </aside>
  )
}
