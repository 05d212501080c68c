import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { lazyComponent } from '../lazy'
import { ACCOUNT_LIMITS, type AccountRole, type ConsoleAccount } from '../../protocol/console'
import { api, errorText } from '../api'
import { queries, queryKeys } from '../queries'
import type { ScreenProps } from './props'
import { ConfirmDialog, useConfirmFor } from '../ConfirmDialog'
import { ErrorAlert } from '../ErrorAlert'
import { useSubmit } from '../use-submit'
import { SubmitButton } from '../SubmitButton'
import { accountChangeSchema } from '../../protocol/accounts'
import { Avatar } from '../Avatar'
import { fieldsSummary, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { FormError } from '../use-submit'
import { LabelledField } from './LabelledField'

const EMPTY_FORM = { email: '', name: '', role: 'asesor', password: '' }
/** A person's duty hours (docs/console.md#routing), opened per account: its form brings zod. */
const DutyHours = lazyComponent(() => import('./DutyHours').then((module) => module.DutyHours))
const roleText = (role: AccountRole) => (role === 'admin' ? 'Administrador' : 'Asesor')

/**
 * Agent accounts (admins only; docs/behaviour.md#console-accounts): add, rename, a new password,
 * remove. The list is the cache's, which the console's socket keeps current (live-cache.ts): an
 * account renamed or removed on another console changes here at once.
 */
export function Accounts({ account, accountChanged }: ScreenProps) {
  const accounts = useQuery(queries.accounts())
  const items = accounts.data ?? []
  const queryClient = useQueryClient()
  const load = () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts })
  const [status, setStatus] = useState('')
  const [form, setForm] = useState(EMPTY_FORM)
  /** The account whose duty hours are open below its row. */
  const [hoursOf, setHoursOf] = useState<string | null>(null)
  /** The account whose «Cambiar nombre» is open. */
  const [renaming, setRenaming] = useState<string | null>(null)

  const { busy, error: formError, setError, submit: add } = useSubmit(async () => {
    setStatus('')
    const { account: added } = await api.addAccount(form)
    setForm(EMPTY_FORM)
    setStatus(`Listo: ${added.name} (${roleText(added.role)}) ya puede entrar con ${added.email}.`)
    await load()
  })
  const error = formError || (accounts.error ? errorText(accounts.error) : '')
  // The account «Eliminar» was pressed for: removed only once the dialog is confirmed.
  const { dialog, item: removing, ask: askRemove } = useConfirmFor<ConsoleAccount>()
  const remove = async () => {
    if (!removing) return
    await api.removeAccount(removing.id).then(
      () => setStatus(`Se eliminó la cuenta de ${removing.name}.`),
      (e: unknown) => setError(errorText(e)),
    )
    await load()
  }
  // «Nueva contraseña»: asked first (the account's sessions end), the new password shown once.
  const { dialog: resetDialog, item: resetting, ask: askReset } = useConfirmFor<ConsoleAccount>()
  const [newPassword, setNewPassword] = useState<{ name: string; password: string } | null>(null)
  const reset = async () => {
    if (!resetting) return
    await api.resetPassword(resetting.id).then(
      ({ password }) => {
        setError('')
        setStatus('')
        setNewPassword({ name: resetting.name, password })
      },
      (e: unknown) => setError(errorText(e)),
    )
  }

  return (
    <section className="accounts" aria-labelledby="accounts-title">
      <h1 id="accounts-title">Cuentas</h1>
      <ul className="account-list">
        {items.map((a) => (
          <li key={a.id}>
            <span>
              <Avatar photo={a.photo} />
              <strong>{a.name}</strong> · {a.email} · {roleText(a.role)}
            </span>
            <span className="account-list__actions">
              <button type="button" className="button button--quiet" aria-expanded={renaming === a.id} onClick={() => setRenaming(renaming === a.id ? null : a.id)}>
                Cambiar nombre <span className="sr-only">de {a.name}</span>
              </button>
              <button type="button" className="button button--quiet" aria-expanded={hoursOf === a.id} onClick={() => setHoursOf(hoursOf === a.id ? null : a.id)}>
                Horario <span className="sr-only">de {a.name}</span>
              </button>
            </span>
            {hoursOf === a.id ? (
              <Suspense fallback={<p className="loading">Cargando…</p>}>
                <DutyHours
                  account={a}
                  own={a.id === account.id}
                  onSaved={(saved) => {
                    if (saved.id === account.id) accountChanged(saved)
                    void load()
                  }}
                />
              </Suspense>
            ) : null}
            {a.id !== account.id ? (
              <span className="account-list__actions">
                {a.role === 'asesor' ? <PublishToggle account={a} onChanged={setStatus} onError={setError} /> : null}
                <button type="button" className="button button--quiet" onClick={() => askReset(a)}>
                  Nueva contraseña <span className="sr-only">para {a.name}</span>
                </button>
                <button type="button" className="button button--quiet" onClick={() => askRemove(a)}>
                  Eliminar <span className="sr-only">{a.name}</span>
                </button>
              </span>
            ) : null}
            {renaming === a.id ? (
              <RenameForm
                account={a}
                onRenamed={(text) => {
                  setRenaming(null)
                  setError('')
                  setStatus(text)
                }}
                onCancel={() => setRenaming(null)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <p role="status" className="accounts__new-password">
        {newPassword ? (
          <>
            Nueva contraseña de {newPassword.name}: <code>{newPassword.password}</code> — dásela ahora; no se vuelve a mostrar.
          </>
        ) : null}
      </p>
      <ConfirmDialog
        ref={resetDialog}
        id="reset-password"
        title={`¿Dar una contraseña nueva a ${resetting?.name ?? ''}?`}
        text="La contraseña que tiene deja de servir y se cierran sus sesiones. La nueva se muestra una sola vez, aquí."
        confirm="Sí, dar contraseña nueva"
        onConfirm={reset}
      />
      <ConfirmDialog
        ref={dialog}
        id="remove-account"
        title={`¿Eliminar la cuenta de ${removing?.name ?? ''}?`}
        text="Ya no podrá entrar a la consola: se cierran sus sesiones y las conversaciones que atiende vuelven al asistente automático. Sus notas e historial se conservan."
        confirm="Sí, eliminar cuenta"
        onConfirm={remove}
      />
      <form className="account-form" onSubmit={add}>
        <h2>Nueva cuenta</h2>
        <label className="field">
          <span>Nombre</span>
          <input required maxLength={ACCOUNT_LIMITS.name} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label className="field">
          <span>Correo</span>
          <input required type="email" maxLength={ACCOUNT_LIMITS.email} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label className="field">
          <span>Rol</span>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="asesor">Asesor</option>
            <option value="admin">Administrador</option>
          </select>
        </label>
        <label className="field">
          <span>Contraseña (mínimo {ACCOUNT_LIMITS.passwordMin} caracteres)</span>
          <input required type="password" autoComplete="new-password" minLength={ACCOUNT_LIMITS.passwordMin} maxLength={ACCOUNT_LIMITS.passwordMax} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <ErrorAlert message={error} />
        <p role="status">{status}</p>
        <SubmitButton busy={busy} busyText="Creando cuenta…">
          Crear cuenta
        </SubmitButton>
      </form>
    </section>
  )
}

/**
 * «Puede publicar» for an adviser (docs/console.md#catalogue): they then publish, take back to draft
 * and archive in «Catálogo»; without it they save drafts. Admins always may, so theirs has none.
 */
function PublishToggle({ account, onChanged, onError }: { account: ConsoleAccount; onChanged: (text: string) => void; onError: (text: string) => void }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  // Shows the choice at once; put back if the server refuses it.
  const [on, setOn] = useState(account.canPublish)
  const change = async (canPublish: boolean) => {
    setBusy(true)
    setOn(canPublish)
    await api.setCanPublish(account.id, canPublish).then(
      () => {
        onError('')
        onChanged(canPublish ? `${account.name} ya puede publicar en el catálogo.` : `${account.name} ya no puede publicar; guarda borradores.`)
      },
      (e: unknown) => {
        setOn(!canPublish)
        onError(errorText(e))
      },
    )
    await queryClient.invalidateQueries({ queryKey: queryKeys.accounts })
    setBusy(false)
  }
  return (
    <label className="account-list__toggle">
      <input type="checkbox" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />
      Puede publicar <span className="sr-only">({account.name})</span>
    </label>
  )
}

/**
 * «Cambiar nombre» (docs/behaviour.md#console-accounts): the name colleagues and visitors see from
 * now on, checked with the server's own schema (protocol/accounts.ts) before sending, its Spanish
 * message under the field. What was typed stays on a refusal.
 */
function RenameForm({ account, onRenamed, onCancel }: { account: ConsoleAccount; onRenamed: (text: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(account.name)
  const [errors, setErrors] = useState<FieldErrors>({})
  const { busy, error, submit } = useSubmit(async () => {
    const checked = accountChangeSchema.safeParse({ name })
    if (!checked.success) {
      const fields = issuesToFields(checked.error.issues)
      setErrors(fields)
      throw new FormError(fieldsSummary(fields))
    }
    try {
      const { account: renamed } = await api.renameAccount(account.id, checked.data.name!)
      queryClient.setQueryData<ConsoleAccount[]>(queryKeys.accounts, (items) => items?.map((item) => (item.id === renamed.id ? renamed : item)))
      onRenamed(`Listo: ${account.name} ahora se llama ${renamed.name}.`)
    } catch (failure) {
      setErrors(serverFields(failure))
      throw failure
    }
  })
  const id = `rename-${account.id}`
  return (
    <form className="account-list__rename" onSubmit={submit} aria-label={`Cambiar el nombre de ${account.name}`} noValidate>
      <LabelledField id={id} label="Nombre nuevo" error={errors.name}>
        {(control) => (
          <input
            {...control}
            maxLength={ACCOUNT_LIMITS.name}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
              setErrors({})
            }}
          />
        )}
      </LabelledField>
      <SubmitButton busy={busy} busyText="Guardando…">
        Guardar nombre
      </SubmitButton>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancelar
      </button>
      <ErrorAlert message={error} />
    </form>
  )
}
