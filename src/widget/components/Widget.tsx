import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, type RefObject } from 'react'
import type { ChatConnection } from '../connection'
import type { LauncherButton } from '../launcher-button'
import { httpUrl, type WidgetProps } from '../props'
import type { WidgetStore } from '../store'
import { Launcher } from './Launcher'
import { Panel } from './Panel'
import { WelcomeBubble } from './WelcomeBubble'

export interface VisitorActions {
  shareLocation: () => void
  enableAlerts: () => void
}

/** The whole widget: welcome bubble, panel (rendered from its first opening on) and launcher. */
export function Widget({ store, connection, props, visitor, focusOnOpen, launcher }: {
  store: WidgetStore
  connection: ChatConnection
  props: WidgetProps
  visitor: VisitorActions
  /** Set when the visitor opens the chat: the panel then takes focus. */
  focusOnOpen: RefObject<boolean>
  /** The launcher made at start-up, which React drives from now on. */
  launcher: LauncherButton
}) {
  useSignals()
  const everOpened = useRef(false)
  const open = store.openChat.value
  if (open) everOpened.current = true

  const configured = store.customStyle.value.icon_button_url
  const image = (configured && httpUrl(configured, window.location.href)) || props.iconButton

  const openByVisitor = () => {
    focusOnOpen.current = true
    store.openChat.value = true
  }
  // Focus goes back to the launcher once it is shown again: full screen it is hidden while the
  // panel is open, and focusing a hidden button would leave focus on the page's <body>.
  const focusLauncher = useRef(false)
  const closeByVisitor = () => {
    focusLauncher.current = true
    store.openChat.value = false
  }
  useEffect(() => {
    if (open || !focusLauncher.current) return
    focusLauncher.current = false
    launcher.element.focus()
  }, [open])

  return (
    <>
      <WelcomeBubble store={store} instanceName={props.instanceName} onOpen={openByVisitor} />
      {everOpened.current ? (
        <Panel
          store={store}
          connection={connection}
          instanceName={props.instanceName}
          icon={image}
          focusOnOpen={focusOnOpen}
          onClose={closeByVisitor}
          onShareLocation={visitor.shareLocation}
          onEnableAlerts={visitor.enableAlerts}
        />
      ) : null}
      <Launcher store={store} image={image} button={launcher} onToggle={open ? closeByVisitor : openByVisitor} />
    </>
  )
}
