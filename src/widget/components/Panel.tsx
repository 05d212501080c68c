import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { DESKTOP_MIN_PX, MOBILE_FULLSCREEN_MAX_PX, PUT_BACK_EVENT } from '../constants'
import type { ChatConnection } from '../connection'
import { lockPageScroll, pageScrollLocked } from '../scroll-lock'
import type { WidgetStore } from '../store'
import { Banner } from './Banner'
import { Composer } from './Composer'
import { ConnectionNotice } from './ConnectionNotice'
import { Header, HEADER_TITLE_ID } from './Header'
import { MessageList } from './MessageList'

const FOCUSABLE = 'button:not([disabled]), textarea, a[href], [tabindex]:not([tabindex="-1"])'
const FULL_SCREEN_QUERY = `(max-width: ${MOBILE_FULLSCREEN_MAX_PX}px)`
const isFullScreen = () => window.matchMedia(FULL_SCREEN_QUERY).matches

/**
 * While the panel is open full screen, the page behind it does not scroll (also across a rotation,
 * and on the <html> a framework put in place of the locked one or reset: its own styles are what
 * closing puts back, the locked one's are gone with it).
 */
function usePageScrollLock(open: boolean, dialog: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return
    const media = window.matchMedia(FULL_SCREEN_QUERY)
    const shadow = dialog.current!.getRootNode()
    let unlock: (() => void) | undefined
    const follow = () => {
      if (!media.matches) unlock = void unlock?.()
      else if (!unlock || !pageScrollLocked(document)) unlock = lockPageScroll(document)
    }
    follow()
    media.addEventListener('change', follow)
    shadow.addEventListener(PUT_BACK_EVENT, follow)
    return () => {
      media.removeEventListener('change', follow)
      shadow.removeEventListener(PUT_BACK_EVENT, follow)
      unlock?.()
    }
  }, [open, dialog])
}

/**
 * The chat panel (docs/behaviour.md#launcher) as a dialog: Esc closes it; full screen (up to 768 px) it is modal
 * and Tab stays inside it. When the visitor opened it, focus moves in (to the text area on
 * desktop, to the dialog on phones so no keyboard pops up unasked). Full screen, the page
 * behind does not scroll.
 */
export function Panel({ store, connection, instanceName, icon, focusOnOpen, onClose, onShareLocation, onEnableAlerts }: {
  store: WidgetStore
  connection: ChatConnection
  instanceName: string
  icon: string | undefined
  focusOnOpen: React.RefObject<boolean>
  onClose: () => void
  onShareLocation: () => void
  onEnableAlerts: () => void
}) {
  useSignals()
  const open = store.openChat.value
  const dialog = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  usePageScrollLock(open, dialog)

  useEffect(() => {
    if (!open || !focusOnOpen.current) return
    focusOnOpen.current = false
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_MIN_PX}px)`).matches
    ;(desktop && input.current ? input.current : dialog.current)?.focus()
  }, [open, focusOnOpen])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Tab' && isFullScreen()) {
      const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      const active = (dialog.current?.getRootNode() as ShadowRoot | undefined)?.activeElement
      if (!first || !last) return
      if (event.shiftKey && (active === first || active === dialog.current)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
  }

  return (
    <div
      ref={dialog}
      id="chat-panel"
      className="panel"
      role="dialog"
      aria-modal={isFullScreen() ? true : undefined}
      aria-labelledby={HEADER_TITLE_ID}
      tabIndex={-1}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <Header instanceName={instanceName} icon={icon} onClose={onClose} />
      <ConnectionNotice store={store} onRetry={connection.retry} />
      <Banner store={store} onShareLocation={onShareLocation} onEnableAlerts={onEnableAlerts} />
      <MessageList store={store} instanceName={instanceName} />
      <Composer store={store} send={connection.send} reportTyping={connection.reportTyping} inputRef={input} />
    </div>
  )
}
