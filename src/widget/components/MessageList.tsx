import { useSignals } from '@preact/signals-react/runtime'
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { AUTO_SCROLL_DELAY_MS } from '../constants'
import { firstShown, followList, initialWindow, showOlder } from '../message-window'
import { messageText } from '../markdown'
import { renderMessage } from '../render'
import { trustedHtml } from '../trusted-html'
import type { DisplayMessage, WidgetStore } from '../store'
import { TypingIndicator } from './TypingIndicator'

/** How close to the end still counts as reading the latest messages. */
const STICK_TO_BOTTOM_PX = 80
/** Scrolled this close to the top, the older messages not rendered yet are added. */
const SHOW_OLDER_PX = 40

/**
 * The conversation (docs/behaviour.md#messages): a polite live log, the typing indicator, and a scroll to the
 * bottom AUTO_SCROLL_DELAY_MS after the messages change or typing starts. A long history is
 * windowed (docs/behaviour.md#long-conversations): the newest messages are rendered, older ones
 * when the visitor scrolls to the top or presses "Ver mensajes anteriores". While the panel is
 * hidden (rendered ahead of its opening, Widget.tsx) the list, such as the history on
 * connecting, renders in a transition React cuts into short tasks, and it is scrolled to the
 * bottom when the panel is shown.
 */
export function MessageList({ store, instanceName }: { store: WidgetStore; instanceName: string }) {
  useSignals()
  const open = store.openChat.value
  const latest = store.messages.value
  // Hidden, the list follows in a transition; shown, at once (an appended message costs no extra frame).
  const deferred = useDeferredValue(latest)
  const messages = open ? latest : deferred
  const typing = store.typing.value
  // A person of the agency types under their own name (docs/behaviour.md#typing-indicator).
  const typist = store.typist.value?.name ?? instanceName
  const scroller = useRef<HTMLDivElement>(null)

  const [rendered, setRendered] = useState(initialWindow)
  const current = followList(rendered, messages.length, (index) => messages[index]?.key)
  if (current !== rendered) setRendered(current) // state that follows the list, adjusted while rendering
  const first = firstShown(current)
  /** Scroll height before older messages were added above: the view is kept where it was. */
  const heightBeforeOlder = useRef<number | null>(null)
  const revealOlder = () => {
    const el = scroller.current
    if (heightBeforeOlder.current !== null || !el) return
    heightBeforeOlder.current = el.scrollHeight
    setRendered(showOlder)
  }
  useLayoutEffect(() => {
    const el = scroller.current
    if (heightBeforeOlder.current === null || !el) return
    el.scrollTop += el.scrollHeight - heightBeforeOlder.current
    heightBeforeOlder.current = null
  }, [first])
  const revealOlderOnTop = useRef(revealOlder)
  revealOlderOnTop.current = first > 0 ? revealOlder : () => {}

  /** The visitor is reading the latest messages (not scrolled up to older ones). */
  const atBottom = useRef(true)
  // A panel rendered while hidden has not scrolled: shown, it starts at the bottom, before its first frame.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!open || !el) return
    el.scrollTop = el.scrollHeight
    atBottom.current = true
  }, [open])
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = scroller.current
      if (el) el.scrollTop = el.scrollHeight
      atBottom.current = true
    }, AUTO_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [messages, typing])

  // Images load after the scroll and push the end down: follow them while the visitor is at
  // the bottom. A chat image that fails to load is hidden with its link (docs/behaviour.md#rendering). Load and
  // error events do not bubble, so capturing listeners cover every image of the list.
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX
      if (el.scrollTop < SHOW_OLDER_PX) revealOlderOnTop.current()
    }
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement && atBottom.current) el.scrollTop = el.scrollHeight
    }
    const onError = (event: Event) => {
      const target = event.target
      if (target instanceof HTMLImageElement) (target.closest('.chat-image-link') ?? target).setAttribute('hidden', '')
    }
    // The list got shorter (a phone's keyboard came up, the composer grew): the newest message stays in view.
    const resized = new ResizeObserver(() => atBottom.current && (el.scrollTop = el.scrollHeight))
    resized.observe(el)
    el.addEventListener('scroll', onScroll, { passive: true })
    el.addEventListener('load', onLoad, true)
    el.addEventListener('error', onError, true)
    return () => {
      resized.disconnect()
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('load', onLoad, true)
      el.removeEventListener('error', onError, true)
    }
  }, [])

  return (
    <div className="messages" ref={scroller} tabIndex={0} aria-label="Conversación">
      {first > 0 ? (
        <button type="button" className="messages__older" onClick={revealOlder}>
          Ver mensajes anteriores
        </button>
      ) : null}
      <div className="log" role="log" aria-live="polite" aria-relevant="additions">
        {messages.slice(first).map((message) => (
          <MessageBubble key={message.key} message={message} />
        ))}
      </div>
      {typing ? <TypingIndicator name={typist} /> : null}
    </div>
  )
}

/** One message; memoised so appending to a long history renders only the new bubble. */
const MessageBubble = memo(function MessageBubble({ message }: { message: DisplayMessage }) {
  const html = useMemo(() => trustedHtml(renderMessage(message.content)), [message.content])
  // null: the page's Trusted Types refuse the widget's policy, so the text without markup.
  const body = html === null ? <span>{messageText(message.content)}</span> : <span dangerouslySetInnerHTML={{ __html: html }} />
  const who = message.role === 'user' ? 'Tú' : 'Agente'
  return (
    <div className={`message message--${message.role}${message.pending ? ' message--pending' : ''}`}>
      <span className="sr-only">{who}: </span>
      {body}
      {message.pending ? <span className="message__status">Pendiente de envío</span> : null}
    </div>
  )
})
