import { useSignals } from '@preact/signals-react/runtime'
import type { ReadonlySignal } from '@preact/signals-react'
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react'
import { whenIdle } from '../../shared/idle'
import type { ChatConnection } from '../connection'
import { httpUrl, type WidgetProps } from '../props'
import { STAGE_IDLE_TIMEOUT_MS } from '../stages'
import type { WidgetStore } from '../store'
import { Panel } from './Panel'
import { WelcomeBubble } from './WelcomeBubble'

/** What the visitor does to the chat, defined once (mount.tsx) for the launcher, the card and the panel. */
export interface VisitorActions {
  openChat: () => void
  closeChat: () => void
  shareLocation: () => void
  enableAlerts: () => void
}

/**
 * The React part of the widget: welcome bubble and panel. The panel is rendered hidden in the
 * page's first idle moment after the start-up, in a transition React cuts into short tasks, so
 * opening it only shows it (docs/behaviour.md#start-up); or at once if the chat opens first.
 * The launcher is plain DOM made at start-up and driven by the store (mount.tsx, docs/behaviour.md#start-up).
 */
export function Widget({ store, connection, props, visitor, focusOnOpen, icon }: {
  store: WidgetStore
  connection: ChatConnection
  props: WidgetProps
  visitor: VisitorActions
  /** Set when the visitor opens the chat: the panel then takes focus. */
  focusOnOpen: RefObject<boolean>
  /** The configured launcher image, also the panel header's icon. */
  icon: ReadonlySignal<string | undefined>
}) {
  useSignals()
  const everOpened = useRef(false)
  if (store.openChat.value) everOpened.current = true
  const [prerendered, setPrerendered] = useState(false)
  // The agency's own name and logo, from the server's configuration (docs/agency.md#widget).
  const config = store.customStyle.value
  const name = config.agencyName?.trim() || props.instanceName
  const logo = config.agencyLogo ? (httpUrl(config.agencyLogo, props.socketUrl) ?? undefined) : undefined
  useEffect(() => whenIdle(window, () => startTransition(() => setPrerendered(true)), STAGE_IDLE_TIMEOUT_MS), [])

  return (
    <>
      <WelcomeBubble store={store} instanceName={name} onOpen={visitor.openChat} />
      {everOpened.current || prerendered ? (
        <Panel
          store={store}
          connection={connection}
          instanceName={name}
          icon={icon.value ?? logo}
          focusOnOpen={focusOnOpen}
          onClose={visitor.closeChat}
          onShareLocation={visitor.shareLocation}
          onEnableAlerts={visitor.enableAlerts}
        />
      ) : null}
    </>
  )
}
