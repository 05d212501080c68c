import { Suspense, useState } from 'react'
import { lazyComponent } from '../lazy'
import { profileSchema } from '../../protocol/accounts'
import { ACCOUNT_LIMITS } from '../../protocol/console'
import { api } from '../api'
import { Avatar } from '../Avatar'
import { fieldsSummary, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { ErrorAlert } from '../ErrorAlert'
import { FormError, useSubmit } from '../use-submit'
import { LabelledField } from './LabelledField'
import { PersonPhoto } from './PersonPhoto'
import type { ScreenProps } from './props'
import { SubmitButton } from '../SubmitButton'

const EMPTY_FORM = { current: '', password: '' }
/** One's duty hours (docs/console.md#routing): its form brings zod, loaded when the screen opens. */
const DutyHours = lazyComponent(() => import('./DutyHours').then((module) => module.DutyHours))

/**
 * One's own account (docs/behaviour.md#console-accounts): who is signed in, the name and photo
 * colleagues and visitors see, and a new password.
 */
export function MyAccount(props: ScreenProps) {
  const { account, accountChanged } = props
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
        <Avatar photo={account.photo} size={32} />
        <strong>{account.name}</strong> · {account.email}
      </p>
      <ProfileForm {...props} />
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
        <DutyHours account={account} own onSaved={accountChanged} />
      </Suspense>
    </section>
  )
}

/**
 * The name and photo one is shown with: in every console (lists, conversations, pickers) and to
 * visitors («Ana está escribiendo», «Ana, de nuestro equipo, se unió…»). Checked with the server's
 * own schema (protocol/accounts.ts) before sending; each field's Spanish message shows under it.
 * A field shows the account as it is now (an admin may rename it meanwhile) until the person
 * changes it.
 */
function ProfileForm({ account, accountChanged }: ScreenProps) {
  const [typed, setTyped] = useState<{ name?: string; photo?: string | null }>({})
  const draft = { name: typed.name ?? account.name, photo: typed.photo !== undefined ? typed.photo : account.photo }
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const change = (patch: { name?: string; photo?: string | null }) => {
    setTyped((old) => ({ ...old, ...patch }))
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([field]) => !(field in patch))))
    setStatus('')
  }
  const { busy, error, submit } = useSubmit(async () => {
    setStatus('')
    const checked = profileSchema.safeParse(draft)
    if (!checked.success) {
      const fields = issuesToFields(checked.error.issues)
      setErrors(fields)
      throw new FormError(fieldsSummary(fields))
    }
    try {
      const { account: saved } = await api.saveProfile(checked.data)
      accountChanged(saved)
      setTyped({})
      setErrors({})
      setStatus('Listo: tus compañeros y los visitantes del chat ya te ven así.')
    } catch (failure) {
      setErrors(serverFields(failure))
      throw failure
    }
  })
  return (
    <form className="account-form" onSubmit={submit} aria-label="Mi nombre y foto" noValidate>
      <h2>Mi nombre y foto</h2>
      <p className="muted">Con este nombre te ven tus compañeros en la consola y los visitantes en el chat («{draft.name.trim() || 'Tu nombre'} está escribiendo»).</p>
      <LabelledField id="profile-name" label="Nombre" error={errors.name}>
        {(control) => <input {...control} autoComplete="name" maxLength={ACCOUNT_LIMITS.name} value={draft.name} onChange={(e) => change({ name: e.target.value })} />}
      </LabelledField>
      <LabelledField id="profile-photo" label="Foto" error={errors.photo}>
        {(control) => (
          <PersonPhoto
            control={control}
            photo={draft.photo}
            name={draft.name}
            onUploaded={(photo) => change({ photo })}
            onRefused={(message) => setErrors(({ photo: _old, ...rest }) => (message ? { ...rest, photo: message } : rest))}
            onRemoved={() => change({ photo: null })}
          />
        )}
      </LabelledField>
      <ErrorAlert message={error} />
      <p role="status">{status}</p>
      <SubmitButton busy={busy} busyText="Guardando…">
        Guardar nombre y foto
      </SubmitButton>
    </form>
  )
}
