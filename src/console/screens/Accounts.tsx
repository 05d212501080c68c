import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { ConsoleAccount } from '../../protocol/console'
import { api } from '../api'
import type { ScreenProps } from './registry'
import { ErrorAlert } from '../ErrorAlert'

/** Agent accounts (admins only; docs/behaviour.md#console-accounts). */
export function Accounts({ account }: ScreenProps) {
  const [items, setItems] = useState<ConsoleAccount[]>([])
  const [error, setError] = useState('')
  const [form, setForm] = useState({ email: '', name: '', role: 'asesor', password: '' })
  const load = useCallback(() => api.accounts().then((r) => setItems(r.items), (e: Error) => setError(e.message)), [])
  useEffect(() => void load(), [load])

  const add = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await api.addAccount(form)
      setForm({ email: '', name: '', role: 'asesor', password: '' })
      setError('')
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const remove = async (id: string) => {
    await api.removeAccount(id).catch((e: Error) => setError(e.message))
    await load()
  }

  return (
    <section className="accounts" aria-labelledby="accounts-title">
      <h1 id="accounts-title">Cuentas</h1>
      <ul className="account-list">
        {items.map((a) => (
          <li key={a.id}>
            <span>
              <strong>{a.name}</strong> · {a.email} · {a.role === 'admin' ? 'Administrador' : 'Asesor'}
            </span>
            {a.id !== account.id ? (
              <button type="button" className="button button--quiet" onClick={() => remove(a.id)}>
                Eliminar <span className="sr-only">{a.name}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <form className="account-form" onSubmit={add}>
        <h2>Nueva cuenta</h2>
        <label className="field">
          <span>Nombre</span>
          <input required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label className="field">
          <span>Correo</span>
          <input required type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label className="field">
          <span>Rol</span>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="asesor">Asesor</option>
            <option value="admin">Administrador</option>
          </select>
        </label>
        <label className="field">
          <span>Contraseña (mínimo 10 caracteres)</span>
          <input required type="password" autoComplete="new-password" minLength={10} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <ErrorAlert message={error} />
        <button type="submit" className="button">
          Crear cuenta
        </button>
      </form>
    </section>
  )
}
