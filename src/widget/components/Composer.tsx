import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useMemo, type FormEvent, type KeyboardEvent } from 'react'
import { DESKTOP_MIN_PX, MESSAGE_MAX_CHARS } from '../constants'
import type { WidgetStore } from '../store'
import { typingReporter } from '../typing'
import { Icon } from './icons'

/** Show the character count from this share of the limit on. */
const COUNT_FROM_RATIO = 0.9

/**
 * Text area and send button (docs/behaviour.md#composer): Enter sends at DESKTOP_MIN_PX and wider (Shift+Enter
 * is a new line), below that the send button does; disabled while the automated agent's reply is
 * in progress, keeping what was typed and the focus; cleared after sending.
 */
export function Composer({ store, send, reportTyping, inputRef }: {
  store: WidgetStore
  send: (text: string) => boolean
  reportTyping: (typing: boolean) => void
  inputRef: React.RefObject<HTMLTextAreaElement | null>
}) {
  useSignals()
  // Only the automated agent's reply locks the area (a person typing does not: store.awaitingReply).
  const waiting = store.awaitingReply.value
  const draft = store.draft.value
  const typing = useMemo(() => typingReporter(reportTyping), [reportTyping])
  useEffect(() => () => typing.stop(), [typing])

  const submit = () => {
    if (waiting || !send(store.draft.value)) return
    store.draft.value = ''
    typing.stop()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    if (!window.matchMedia(`(min-width: ${DESKTOP_MIN_PX}px)`).matches) return
    event.preventDefault()
    submit()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const showCount = draft.length >= MESSAGE_MAX_CHARS * COUNT_FROM_RATIO

  return (
    <form className="composer" onSubmit={onSubmit}>
      <label className="sr-only" htmlFor="chat-input">Escribe tu mensaje</label>
      <textarea
        id="chat-input"
        ref={inputRef}
        className="composer__input"
        rows={1}
        maxLength={MESSAGE_MAX_CHARS}
        value={draft}
        // Read-only rather than disabled: a disabled area would drop the focus (and with it Esc
        // and the visitor's place); assistive tech still hears it as disabled.
        readOnly={waiting}
        aria-disabled={waiting}
        placeholder={waiting ? 'Esperando respuesta...' : 'Enviar mensaje...'}
        onChange={(event) => {
          store.draft.value = event.target.value
          typing.input(event.target.value)
        }}
        onKeyDown={onKeyDown}
      />
      {showCount ? <span className="composer__count" aria-live="polite">{draft.length}/{MESSAGE_MAX_CHARS}</span> : null}
      {/* A press keeps the focus in the text area: a phone's keyboard stays up (docs/behaviour.md#composer). */}
      <button type="submit" className="composer__send" aria-label="Enviar mensaje" aria-disabled={waiting} onMouseDown={(event) => event.preventDefault()}>
        <Icon name="send" />
      </button>
    </form>
  )
}
