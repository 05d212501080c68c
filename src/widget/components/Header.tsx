import { Icon } from './icons'

export const HEADER_TITLE_ID = 'chat-panel-title'

/** Panel header (docs/behaviour.md#launcher): optional icon, welcome title, subtitle and a close button. */
export function Header({ instanceName, icon, onClose }: { instanceName: string; icon: string | undefined; onClose: () => void }) {
  return (
    <header className="header">
      {icon ? <img className="header__icon" src={icon} alt="" /> : null}
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
