import { useRef, useState, type FormEvent } from 'react'
import { errorText, FormError } from './api'

/**
 * Every console form's submit (docs/console-data.md#forms): it runs once at a time, so a double
 * click or a second Enter while the first is under way does nothing (docs/behaviour.md#console-forms)
 * and a note is not stored twice, nor does a new account answer «Ya existe» for itself. `busy`
 * disables the submit button meanwhile (SubmitButton). A failure shows as `error`, in Spanish, at
 * the form; the fields keep what was typed, as `action` clears them only once it succeeded.
 * `action` refuses what it checks itself with `throw new FormError('…')`.
 */
export function useSubmit(action: () => Promise<void>) {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    // A ref, not the state: the second click of a double click comes before React re-renders.
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await action()
      setError('')
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, error, setError, submit }
}

export { FormError }
