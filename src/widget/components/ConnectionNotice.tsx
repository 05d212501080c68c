import { useSignals } from '@preact/signals-react/runtime'
import type { WidgetStore } from '../store'
import { Icon } from './icons'

/** Says, unobtrusively and in Spanish, when the chat server cannot be reached or refused something. */
export function ConnectionNotice({ store, onRetry }: { store: WidgetStore; onRetry: () => void }) {
  useSignals()
  const status = store.connection.value
  const notice = store.notice.value
  if (status === 'reconnecting' || status === 'failed' || status === 'offline') {
    return (
      <div className="notice" role="status">
        <Icon name="offline" />
        {status === 'offline' ? (
          <span>Sin conexión a internet. Tus mensajes se enviarán al recuperar la conexión.</span>
        ) : status === 'reconnecting' ? (
          <span>Reconectando con el chat… Tus mensajes se enviarán al recuperar la conexión.</span>
        ) : (
          <>
            <span>No pudimos conectar con el chat. Tus mensajes se enviarán al recuperar la conexión.</span>
            <button type="button" onClick={onRetry}>Reintentar</button>
          </>
        )}
      </div>
    )
  }
  return notice ? (
    <div className="notice" role="status">
      <span>{notice}</span>
    </div>
  ) : null
}
