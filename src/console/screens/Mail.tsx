/**
 * «Agencia» → «Correos» (admins; docs/email.md#console): the e-mails the server sends visitors,
 * as the outbox holds them. Whether SMTP_URL is set, how many wait, went, failed; the rows that
 * wait or failed with their last error, each with «Reintentar»; then the latest sent. Read once
 * when opened and on «Actualizar»: the outbox has no live event.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { MAIL_KIND_LABELS, OUTBOX_STATUS_LABELS, type OutboxItem } from '../../protocol/mail'
import { whenText } from '../../shared/agency-format'
import { errorText } from '../api'
import { ErrorAlert } from '../ErrorAlert'
import { mailApi } from '../mail-api'
import { queries, queryKeys } from '../queries'
import { useSubmit } from '../use-submit'

const kindText = (kind: string) => MAIL_KIND_LABELS[kind] ?? kind

function MailRow({ item, onRetried }: { item: OutboxItem; onRetried: (text: string) => void }) {
  const { busy, error, submit } = useSubmit(async () => {
    await mailApi.retry(item.id)
    onRetried(`Se intentará enviar ahora el correo a ${item.recipient}.`)
  })
  const retriable = item.status === 'failed' || (item.status === 'pending' && item.lastError !== null)
  return (
    <tr>
      <td>{kindText(item.kind)}</td>
      <td>{item.recipient}</td>
      <td>{OUTBOX_STATUS_LABELS[item.status]}</td>
      <td>{whenText(item.sentAt ?? item.sendAt)}</td>
      <td>
        {item.lastError ?? ''}
        {item.attempts > 1 && item.status !== 'sent' ? ` (${item.attempts} intentos)` : ''}
        <ErrorAlert message={error} />
      </td>
      <td>
        {retriable ? (
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => void submit()}>
            Reintentar <span className="sr-only">el correo a {item.recipient}</span>
          </button>
        ) : null}
      </td>
    </tr>
  )
}

function MailTable({ caption, items, onRetried }: { caption: string; items: OutboxItem[]; onRetried: (text: string) => void }) {
  if (!items.length) return null
  return (
    // Focusable, so a keyboard scrolls it too.
    <div className="mail-table__scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="mail-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Correo</th>
            <th scope="col">Para</th>
            <th scope="col">Estado</th>
            <th scope="col">Fecha (Cancún)</th>
            <th scope="col">Último error o motivo</th>
            <th scope="col">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <MailRow key={item.id} item={item} onRetried={onRetried} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function Mail() {
  const overview = useQuery(queries.mail())
  const queryClient = useQueryClient()
  const [status, setStatus] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.mail })
  const onRetried = (text: string) => {
    setStatus(text)
    void refresh()
  }
  const data = overview.data
  const open = data?.items.filter((item) => item.status === 'pending' || item.status === 'sending' || item.status === 'failed') ?? []
  const done = data?.items.filter((item) => item.status === 'sent' || item.status === 'cancelled') ?? []
  return (
    <section className="mail" aria-labelledby="mail-title">
      <h1 id="mail-title">Correos a los visitantes</h1>
      <p>
        Confirmaciones y cambios de visitas, recordatorios del día anterior y copias de conversaciones. Cada correo espera aquí hasta que el servidor de correo
        lo recibe; si falla, se vuelve a intentar solo, cada vez más espaciado.
      </p>
      <ErrorAlert message={overview.error ? errorText(overview.error) : ''} />
      {data && !data.configured ? (
        <p role="alert" className="error">
          El servidor de correo no está configurado (SMTP_URL): los correos esperan y se enviarán en cuanto se configure y se reinicie el servidor.
        </p>
      ) : null}
      {data ? (
        <p>
          En espera: <strong>{data.counts.pending + data.counts.sending}</strong> · Enviados: <strong>{data.counts.sent}</strong> · Fallidos:{' '}
          <strong>{data.counts.failed}</strong> · No enviados: <strong>{data.counts.cancelled}</strong>
        </p>
      ) : null}
      <p role="status">{status}</p>
      <button type="button" className="button button--quiet" onClick={() => void refresh()}>
        Actualizar
      </button>
      <MailTable caption="En espera o fallidos" items={open} onRetried={onRetried} />
      <MailTable caption="Últimos enviados o no enviados" items={done} onRetried={onRetried} />
      {data && !data.items.length ? <p>Todavía no hay correos.</p> : null}
    </section>
  )
}
