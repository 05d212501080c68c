import { useEffect, useState } from 'react'
import { ConsoleClientEvent, type TakeOverAck } from '../../protocol/console'
import { trafficText } from '../../protocol/crm'
import { ask } from '../connection'
import { since, useLive, visitorLabel } from '../live'
import type { ScreenProps } from './props'
import { deviceText } from '../device-text'
import { pageText } from '../page-text'

/** The clock of "on this page for …" ticks once a second. */
const TICK_MS = 1_000

/** Visitors on the site now (docs/behaviour.md#console-live-visitors). */
export function LiveVisitors({ live, go }: ScreenProps) {
  const { visitors, typing, online } = useLive(live)
  const [now, setNow] = useState(Date.now())
  const [notice, setNotice] = useState('')
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const list = [...visitors.values()].sort((a, b) => (b.pageSince ?? b.connectedAt).localeCompare(a.pageSince ?? a.connectedAt))

  /** Start a conversation: take it, then open it to write. */
  const start = async (visitorId: string) => {
    const result = await ask<TakeOverAck>(live.socket, ConsoleClientEvent.takeOver, { visitorId })
    if (result.ok) go(`conversaciones/${encodeURIComponent(visitorId)}`)
    else setNotice(result.error ?? '')
  }

  return (
    <section className="live" aria-labelledby="live-title">
      <h1 id="live-title">
        En el sitio ahora <span className="count">{list.length}</span>
      </h1>
      {!online ? <p className="error">Sin conexión: la lista se actualizará al reconectar.</p> : null}
      {notice ? (
        <p role="alert" className="error">
          {notice}
        </p>
      ) : null}
      {list.length === 0 ? <p className="empty">No hay visitantes en el sitio en este momento.</p> : null}
      <ul className="visitors">
        {list.map((v) => (
          <li key={v.visitorId} className="visitor-card">
            <div className="visitor-card__top">
              <strong>{visitorLabel(v.visitorId, v.name)}</strong>
              {typing.has(v.visitorId) ? <span className="tag tag--alert">Escribiendo…</span> : v.chatOpen ? <span className="tag">Chat abierto</span> : null}
            </div>
            <p className="visitor-card__page">
              <span className="sr-only">Página actual: </span>
              {pageText(v.page) ?? '—'} <span className="muted">· {since(v.pageSince ?? v.connectedAt, now)} en la página</span>
            </p>
            <p className="muted">
              {v.pagesSeen} {v.pagesSeen === 1 ? 'página vista' : 'páginas vistas'}
              {` · ${trafficText(v.channel, v.source)}`}
              {v.campaign ? ` · ${v.campaign}` : ''}
            </p>
            <p className="muted">{[deviceText(v.device), v.browser, v.city, v.country].filter(Boolean).join(' · ') || 'Sin datos de sesión'}</p>
            <div className="visitor-card__actions">
              <a className="button button--quiet" href={`#/conversaciones/${encodeURIComponent(v.visitorId)}`}>
                Ver perfil
              </a>
              <button type="button" className="button" onClick={() => start(v.visitorId)}>
                Iniciar conversación
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
