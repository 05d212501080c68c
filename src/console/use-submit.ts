import { useRef, useState, type FormEvent } from 'react'

/**
 * A form's submit that runs once at a time: a double click or a second Enter while the first is
 * under way does nothing (docs/behaviour.md#console-forms), so a note is not stored twice and a new
 * account does not answer «Ya existe» for itself. `busy` disables the submit button meanwhile.
 */
export function useSubmit(action: () => Promise<void>) {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    // A ref, not the state: the second click of a double click comes before React re-renders.
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await action()
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, submit }
}
