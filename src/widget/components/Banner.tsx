import { useSignals } from '@preact/signals-react/runtime'
import type { WidgetStore } from '../store'
import { Icon } from './icons'

/**
 * The dismissible banner (docs/behaviour.md#banner): each button hides once its state is on; the whole
 * banner hides on dismiss or when both are on (closeModalOption).
 */
export function Banner({ store, onShareLocation, onEnableAlerts }: {
  store: WidgetStore
  onShareLocation: () => void
  onEnableAlerts: () => void
}) {
  useSignals()
  if (store.closeModalOption.value) return null
  return (
    <div className="banner" role="region" aria-label="Opciones del chat">
      <div className="banner__actions">
        {store.locationShared.value || store.customStyle.value.banner_location === false ? null : (
          <button type="button" className="banner__button" onClick={onShareLocation}>
            <Icon name="ubication" />
            Compartir ubicación
          </button>
        )}
        {store.alertsEnabled.value || store.customStyle.value.banner_alerts === false ? null : (
          <button type="button" className="banner__button" onClick={onEnableAlerts}>
            <Icon name="alerts" />
            Recibir alertas
          </button>
        )}
      </div>
      <button type="button" className="icon-button" aria-label="Cerrar aviso" onClick={() => (store.bannerDismissed.value = true)}>
        <Icon name="close" />
      </button>
    </div>
  )
}
