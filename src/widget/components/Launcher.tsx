import { useSignals } from '@preact/signals-react/runtime'
import type { Ref } from 'react'
import type { WidgetStore } from '../store'
import { Icon } from './icons'

/** The round floating button at the bottom-left that toggles the panel (spec §2). */
export function Launcher({ store, image, onToggle, buttonRef }: {
  store: WidgetStore
  image: string | undefined
  onToggle: () => void
  buttonRef: Ref<HTMLButtonElement>
}) {
  useSignals()
  const open = store.openChat.value
  const bobbing = !open && store.welcomeStage.value === 'card'
  const classes = ['launcher', open ? 'launcher--open' : '', bobbing ? 'launcher--bob' : ''].filter(Boolean).join(' ')
  return (
    <button
      ref={buttonRef}
      type="button"
      className={classes}
      aria-label={open ? 'Cerrar chat' : 'Abrir chat'}
      aria-expanded={open}
      aria-controls="chat-panel"
      onClick={onToggle}
    >
      {open ? <Icon name="close" /> : image ? <img src={image} alt="" /> : <Icon name="iconBtn" />}
    </button>
  )
}
