import { useState } from 'react'
import { Icon } from './icons'

export const HEADER_TITLE_ID = 'chat-panel-title'

/** Panel header (docs/behaviour.md#launcher): optional icon, welcome title, subtitle and a close button. */
export function Header({ instanceName, icon, onClose }: { instanceName: string; icon: string | undefined; onClose: () => void }) {
  /** An image that could not be loaded is left out (the launcher shows the chat icon and says why). */
  const [broken, setBroken] = useState<string>()
  return (
    <header className="header">
      {icon && icon !== broken ? <img className="header__icon" src={icon} alt="" onError={() => setBroken(icon)} /> : null}
      <div className="header__text">
        <h2 className="header__title" id={HEADER_TITLE_ID}>Bienvenido a {instanceName}</h2>
        <p className="header__subtitle">Estamos aquí para ayudarte.</p>
      </div>
      <button type="button" className="icon-button" aria-label="Cerrar chat" onClick={onClose}>
        <Icon name="close" />
      </button>
    </header>
  )
}
