import { effect } from '@preact/signals-react'
import { createRoot } from 'react-dom/client'
import { Widget, type VisitorActions } from './components/Widget'
import { createChatConnection } from './connection'
import { createWidgetEvents } from './events'
import { visitorId } from './identity'
import { createProfanityFilter } from './profanity'
import type { WidgetProps } from './props'
import type { SafeStorage } from './storage'
import { createWidgetStore } from './store'
import { themeCss } from './theme'
import { createVisitorContext } from './visitor'
import { welcomeSequence } from './welcome'

export interface MountOptions {
  props: WidgetProps
  storage: SafeStorage
  /** Where React renders (inside the shadow root). */
  container: HTMLElement
  /** Writes the theme rule (custom properties) into the shadow root's stylesheet. */
  applyTheme: (css: string) => void
}

/** Wires one widget: store, connection, timed behaviour, React. Returns its controller. */
export function mountWidget({ props, storage, container, applyTheme }: MountOptions) {
  const store = createWidgetStore()
  const events = createWidgetEvents()
  const userUUID = visitorId(storage)
  const profanity = createProfanityFilter()
  const visitorContext = createVisitorContext({ win: window, props, store, events, storage, userUUID })
  const connection = createChatConnection({
    props,
    store,
    events,
    userUUID,
    attribution: visitorContext.attribution,
    cleanText: profanity.clean,
  })
  visitorContext.start(connection)
  const visitor: VisitorActions = {
    shareLocation: () => void visitorContext.shareLocation(),
    enableAlerts: visitorContext.enableAlerts,
  }

  let cancelWelcome: (() => void) | undefined
  let wasOpen = store.openChat.peek()
  const disposers = [
    effect(() => applyTheme(themeCss(store.customStyle.value))),
    // Spec §4: the welcome sequence runs once, when the configuration asks for it and the chat is closed.
    effect(() => {
      const config = store.customStyle.value
      if (cancelWelcome || !config.visibility_welcome_modal || store.openChat.peek()) return
      cancelWelcome = welcomeSequence(config.time_active_welcome_modal, (stage) => (store.welcomeStage.value = stage))
    }),
    effect(() => {
      const open = store.openChat.value
      if (open === wasOpen) return
      wasOpen = open
      if (open) {
        cancelWelcome?.() // opening the chat cancels every welcome timer
        cancelWelcome ??= () => {}
        store.welcomeStage.value = 'done'
      }
      events.emit(open ? 'open' : 'close')
    }),
  ]

  const root = createRoot(container)
  root.render(<Widget store={store} connection={connection} props={props} visitor={visitor} />)

  return {
    userUUID,
    open: () => void (store.openChat.value = true),
    close: () => void (store.openChat.value = false),
    toggle: () => void (store.openChat.value = !store.openChat.peek()),
    send: (text: unknown) => (typeof text === 'string' ? connection.send(text) : false),
    on: events.on,
    destroy() {
      cancelWelcome?.()
      disposers.forEach((dispose) => dispose())
      visitorContext.destroy()
      connection.destroy()
      events.clear()
      root.unmount()
    },
  }
}

export type WidgetController = ReturnType<typeof mountWidget>
