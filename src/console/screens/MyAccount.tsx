import { Suspense, useState } from 'react'
import { lazyComponent } from '../lazy'
import { ACCOUNT_LIMITS } from '../../protocol/console'
import { api } from '../api'
import { ErrorAlert } from '../ErrorAlert'
import { useSubmit } from '../use-submit'
import type { ScreenProps } from './props'
import { SubmitButton } from '../SubmitButton'

const EMPTY_FORM = { current: '', password: '' }
/** One's duty hours (docs/console.md#routing): its form brings zod, loaded when the screen opens. */
const DutyHours = lazyComponent(() => import('./DutyHours').then((module) => module.DutyHours))

/** One's own account: who is signed in, and a new password (docs/behaviour.md#console-accounts). */
export function MyAccount({ account, accountChanged }: ScreenProps) {
  const [form, setForm] = useState(EMPTY_FORM)
  const [status, setStatus] = useState('')
  const { busy, error, submit } = useSubmit(async () => {
    setStatus('')
    await api.changePassword(form.current, form.password)
    setForm(EMPTY_FORM)
    setStatus('Listo: tu contraseña cambió. Se cerró tu sesión en los demás navegadores; usa la nueva la próxima vez que entres.')
  })
  return (
    <section className="accounts" aria-labelledby="my-account-title">
      <h1 id="my-account-title">Mi cuenta</h1>
      <p>
        <strong>{account.name}</strong> · {account.email}
      </p>
      <form className="account-form" onSubmit={submit} aria-label="Cambiar mi contraseña">
        <h2>Cambiar mi contraseña</h2>
        <label className="field">
          <span>Contraseña actual</span>
          <input type="password" autoComplete="current-password" maxLength={ACCOUNT_LIMITS.passwordMax} value={form.current} onChange={(e) => setForm({ ...form, current: e.target.value })} />
        </label>
        <label className="field">
          <span>Nueva contraseña (mínimo {ACCOUNT_LIMITS.passwordMin} caracteres)</span>
          <input type="password" autoComplete="new-password" maxLength={ACCOUNT_LIMITS.passwordMax} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <ErrorAlert message={error} />
        <p role="status">{status}</p>
        <SubmitButton busy={busy} busyText="Cambiando…">
          Cambiar contraseña
        </SubmitButton>
      </form>
      <Suspense fallback={<p className="loading">Cargando…</p>}>
        <DutyHours account={account} own onSaved={(saved) => accountChanged?.(saved)} />
      </Suspense>
    </section>
  )
}
