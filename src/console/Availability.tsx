/**
 * The person's status in the console's header (docs/console.md#routing): «Disponible» or
 * «Ausente», and whether they are on duty now (their hours, or the agency's). Only people
 * available, on duty and with the console open are offered conversations.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Availability as Status, ConsoleAccount } from '../protocol/console'
import { onDutyAt } from '../shared/duty'
import { api, errorText } from './api'
import { queries } from './queries'

/** On duty or not changes at a shift's edge: looked at again each minute. */
const DUTY_CHECK_MS = 60_000

export function Availability({ account, onChanged }: { account: ConsoleAccount; onChanged: (account: ConsoleAccount) => void }) {
  const profile = useQuery(queries.agencyProfile()).data?.body
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    // Not on the server's render: the time of day is the browser's business.
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), DUTY_CHECK_MS)
    return () => clearInterval(timer)
  }, [])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const change = async (availability: Status) => {
    setBusy(true)
    await api.setAvailability(availability).then(
      ({ account: changed }) => {
        setError('')
        onChanged(changed)
      },
      (failure: unknown) => setError(errorText(failure)),
    )
    setBusy(false)
  }
  const offDuty = profile && now && !onDutyAt(now, account.dutyHours, profile)
  return (
    <span className="availability">
      <label className="sr-only" htmlFor="availability">
        Tu estado
      </label>
      <select id="availability" value={account.availability} disabled={busy} onChange={(e) => void change(e.target.value as Status)} aria-describedby={error ? 'availability-error' : undefined}>
        <option value="disponible">Disponible</option>
        <option value="ausente">Ausente</option>
      </select>
      {/* A moon, its words on hover and for screen readers: the header's row has no room for them at 1280 px. */}
      {offDuty ? (
        <span className="availability__duty" title="Fuera de turno: no se te ofrecen conversaciones hasta tu próximo horario (en «Mi cuenta»).">
          <span aria-hidden="true">☾</span>
          <span className="sr-only">Fuera de turno</span>
        </span>
      ) : null}
      {error ? (
        <span id="availability-error" className="error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  )
}
