import { useSignals } from '@preact/signals-react/runtime'
import type { WidgetStore } from '../store'
import { Icon, isIconName } from './icons'
import { TypingDots } from './TypingIndicator'

/** Spanish fallbacks of docs/behaviour.md#welcome for a configuration without its own texts. */
export const WELCOME_FALLBACK_BUTTON = '¡Chatear Ahora!'
export function welcomeFallbackMessage(instanceName: string): string {
  return `¡Hola! Bienvenido a ${instanceName}. ¿Buscas casa, departamento o terreno en Cancún? Escríbenos y te ayudamos.`
}

/** The welcome bubble (docs/behaviour.md#welcome): typing dots, then the greeting card. */
export function WelcomeBubble({ store, instanceName, onOpen }: { store: WidgetStore; instanceName: string; onOpen: () => void }) {
  useSignals()
  const stage = store.welcomeStage.value
  if (store.openChat.value || (stage !== 'typing' && stage !== 'card')) return null
  const config = store.customStyle.value
  if (stage === 'typing') {
    return (
      <div className="welcome" key="typing" aria-hidden="true">
        <div className="welcome__typing"><TypingDots /></div>
      </div>
    )
  }
  const message = config.welcomeMessage?.trim() || welcomeFallbackMessage(instanceName)
  const button = config.welcomeMessageButton?.trim() || WELCOME_FALLBACK_BUTTON
  return (
    // A new element, not the typing bubble resized: nothing on the page moves (no layout shift).
    <div className="welcome" key="card">
      {/* The whole card opens the chat on click; the button is its keyboard path. */}
      <div className="welcome__card" role="group" aria-label="Mensaje de bienvenida" onClick={onOpen}>
        {config.btn_close_welcome_modal ? (
          <button
            type="button"
            className="welcome__close"
            aria-label="Cerrar mensaje de bienvenida"
            onClick={(event) => {
              event.stopPropagation()
              store.welcomeStage.value = 'done'
            }}
          >
            <Icon name="close" />
          </button>
        ) : null}
        <Icon name={isIconName(config.svgName) ? config.svgName : 'hello'} className="welcome__icon" />
        <p className="welcome__message">{message}</p>
        <button type="button" className="welcome__button">{button}</button>
      </div>
    </div>
  )
}
