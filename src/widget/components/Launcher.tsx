import { useSignals } from '@preact/signals-react/runtime'
import { useLayoutEffect } from 'react'
import type { LauncherButton } from '../launcher-button'
import type { WidgetStore } from '../store'

/**
 * The launcher (docs/behaviour.md#launcher) follows the store: the button itself is plain DOM made at start-up,
 * before React (docs/behaviour.md#start-up), so this component renders nothing of its own.
 */
export function Launcher({ store, image, onToggle, button }: {
  store: WidgetStore
  image: string | undefined
  onToggle: () => void
  button: LauncherButton
}) {
  useSignals()
  const open = store.openChat.value
  const bobbing = store.welcomeStage.value === 'card'
  useLayoutEffect(() => button.show({ open, bobbing, image }), [button, open, bobbing, image])
  useLayoutEffect(() => button.onPress(onToggle), [button, onToggle])
  return null
}
