/**
 * A person's duty hours (docs/console.md#routing), in «Mi cuenta» for one's own and in «Cuentas»
 * for an admin: the agency's office hours (the default), or a week of shifts of their own. Only
 * people on duty are offered conversations. Checked with the server's schema (shared/duty-schema.ts)
 * before sending, each day's message at its row; loaded when first shown (it brings zod).
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ConsoleAccount } from '../../protocol/console'
import { hoursEs } from '../../shared/office-hours'
import { dutyHoursSchema } from '../../shared/duty-schema'
import { daysOf, hoursOf, type DayDraft } from '../agency-draft'
import { api, errorText } from '../api'
import { fieldsSummary, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { ErrorAlert } from '../ErrorAlert'
import { queries } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'
import { SHIFT_WORDS, WeekHours } from './HoursEditor'

/** The schema's and the server's `dutyHours.N` as the week's table names its rows (`hours.N`). */
const asRows = (fields: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^dutyHours\b/, 'hours'), message]))

export function DutyHours({ account, own, onSaved }: { account: ConsoleAccount; own: boolean; onSaved: (account: ConsoleAccount) => void }) {
  const office = useQuery(queries.agencyProfile())
  if (office.error) return <ErrorAlert message={errorText(office.error)} />
  if (!office.data) return <p className="loading">Cargando…</p>
  return <DutyHoursForm account={account} own={own} officeHours={office.data.body.hours} onSaved={onSaved} />
}

function DutyHoursForm({ account, own, officeHours, onSaved }: { account: ConsoleAccount; own: boolean; officeHours: ReadonlyArray<readonly [number, number] | null>; onSaved: (account: ConsoleAccount) => void }) {
  const [followsOffice, setFollowsOffice] = useState(account.dutyHours === null)
  // A week of one's own starts from the office's.
  const [days, setDays] = useState<DayDraft[]>(() => daysOf(account.dutyHours ?? officeHours))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const idPrefix = `duty-${account.id}`
  const day = (weekday: number, change: Partial<DayDraft>) => {
    setDays(days.map((d, i) => (i === weekday ? { ...d, ...change } : d)))
    setStatus('')
    setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path !== `hours.${weekday}` && path !== 'hours')))
  }

  const { busy, error, submit } = useSubmit(async () => {
    setStatus('')
    let dutyHours: Array<[number, number] | null> | null = null
    if (!followsOffice) {
      const read = hoursOf(days, { start: 'la hora de entrada', end: 'de salida', off: 'de descanso' })
      const checked = dutyHoursSchema.safeParse({ dutyHours: read.hours })
      const found = { ...(checked.success ? {} : asRows(issuesToFields(checked.error.issues))), ...read.errors }
      setErrors(found)
      if (Object.keys(found).length) throw new FormError(fieldsSummary(found))
      dutyHours = read.hours
    }
    try {
      const { account: saved } = await api.setDutyHours(dutyHours, own ? undefined : account.id)
      onSaved(saved)
      setStatus(own ? 'Listo: tu horario quedó guardado.' : `Listo: el horario de ${account.name} quedó guardado.`)
    } catch (failure) {
      setErrors(asRows(serverFields(failure)))
      throw failure
    }
  })

  const officeText = hoursEs(officeHours).join(', ') || 'sin horario'
  return (
    <form className="account-form duty-hours" onSubmit={submit} aria-label={own ? 'Mi horario de atención' : `Horario de atención de ${account.name}`} noValidate>
      <h2>{own ? 'Mi horario de atención' : `Horario de ${account.name}`}</h2>
      <p className="muted">Hora de Cancún. Las conversaciones se ofrecen solo a quien está en su horario, con la consola abierta y «Disponible».</p>
      <label className="account-list__toggle">
        <input
          type="checkbox"
          checked={followsOffice}
          onChange={(e) => {
            setFollowsOffice(e.target.checked)
            setStatus('')
            setErrors({})
          }}
        />
        {own ? 'Sigo el horario de la agencia' : 'Sigue el horario de la agencia'} ({officeText})
      </label>
      {followsOffice ? null : <WeekHours idPrefix={idPrefix} days={days} errors={errors} caption={own ? 'Mis turnos' : `Turnos de ${account.name}`} onDay={day} words={SHIFT_WORDS} />}
      <ErrorAlert message={error} />
      <p role="status">{status}</p>
      <SubmitButton busy={busy} busyText="Guardando…">
        Guardar horario
      </SubmitButton>
    </form>
  )
}
