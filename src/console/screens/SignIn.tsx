import { useRef, useState } from 'react'
import type { ConsoleAccount } from '../../protocol/console'
import { api } from '../api'
import { ErrorAlert } from '../ErrorAlert'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'

/** What the sign-in form says after the server ended the session (docs/behaviour.md#console-accounts). */
export const SESSION_ENDED = 'Tu sesión se cerró: por inactividad, por un cambio de contraseña o porque se cerró desde otro lugar. Vuelve a iniciar sesión.'

/** The sign-in form; `notice` says why the console came back to it (its session ended elsewhere). */
export function SignIn({ onSignedIn, notice = '' }: { onSignedIn: (account: ConsoleAccount) => void; notice?: string }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const emailField = useRef<HTMLInputElement>(null)
  const passwordField = useRef<HTMLInputElement>(null)
  const { busy, error, submit } = useSubmit(async () => {
    // Said in Spanish by the console, not in the browser's language by its own bubble (noValidate).
    const missing = !email.trim() ? { field: emailField, message: 'Escribe tu correo.' } : !password ? { field: passwordField, message: 'Escribe tu contraseña.' } : null
    if (missing) {
      missing.field.current?.focus()
      throw new FormError(missing.message)
    }
    onSignedIn((await api.signIn(email, password)).account)
  })
  return (
    <main className="sign-in">
      <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Consola de asesores</h1>
        {notice ? (
          <p role="status" className="sign-in__notice">
            {notice}
          </p>
        ) : null}
        <label className="field">
          <span>Correo</span>
          <input ref={emailField} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Contraseña</span>
          <input ref={passwordField} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <ErrorAlert message={error} />
        <SubmitButton busy={busy} busyText="Entrando…">
          Entrar
        </SubmitButton>
      </form>
    </main>
  )
}
