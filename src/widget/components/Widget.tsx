import { useSignals } from '@preact/signals-react/runtime'
import type { ReadonlySignal } from '@preact/signals-react'
import { useRef, type RefObject } from 'react'
import type { ChatConnection } from '../connection'
import type { WidgetProps } from '../props'
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
 * The React part of the widget: welcome bubble and panel (rendered from its first opening on).
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

  return (
    <>
      <WelcomeBubble store={store} instanceName={props.instanceName} onOpen={visitor.openChat} />
      {everOpened.current ? (
        <Panel
          store={store}
          connection={connection}
          instanceName={props.instanceName}
          icon={icon.value}
          focusOnOpen={focusOnOpen}
          onClose={visitor.closeChat}
          onShareLocation={visitor.shareLocation}
          onEnableAlerts={visitor.enableAlerts}
        />
      ) : null}
    </>
  )
}
