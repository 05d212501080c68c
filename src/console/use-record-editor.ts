import { useState } from 'react'
import { errorText } from './api'
import { useConfirmFor } from './ConfirmDialog'
import { FormError, useSubmit } from './use-submit'

/** A draft checked: what to send, or the errors at their fields and the form's one line. */
export type DraftCheck<V, E> = { ok: true; value: V } | { ok: false; errors: E; message: string }

/**
 * A list screen's one form for adding and changing its records, and its «Eliminar» with a
 * confirmation («Conocimiento», «Respuestas guardadas»): which record is edited (null: a new
 * one), its draft, the errors at the fields, the status line after a save or a removal. A save
 * checks the draft with the screen's schema first, and what the server refuses lands at the
 * fields as the check's errors would; the draft is kept until a save succeeds (nothing typed is
 * lost). After a save or a removal the list is asked again (`reload`).
 */
export function useRecordEditor<R, D, V, E extends object>(options: {
  empty: D
  draftOf(record: R): D
  /** The form's element id, scrolled to when a record is opened. */
  formId: string
  check(draft: D): DraftCheck<V, E>
  /** Adds (`editing` null) or changes the record; resolves with it as stored. */
  store(editing: R | null, value: V): Promise<R>
  saved(record: R): string
  serverErrors(failure: unknown): E
  remove(record: R): Promise<unknown>
  removed(record: R): string
  same(a: R, b: R): boolean
  reload(): Promise<unknown>
}) {
  const [editing, setEditing] = useState<R | null>(null)
  const [draft, setDraft] = useState<D>(options.empty)
  const [errors, setErrors] = useState<E>({} as E)
  const [status, setStatus] = useState('')

  const start = (record: R | null, next: D = record ? options.draftOf(record) : options.empty) => {
    setEditing(record)
    setDraft(next)
    setErrors({} as E)
    setStatus('')
    document.getElementById(options.formId)?.scrollIntoView?.({ block: 'start' })
  }

  const { busy, error, setError, submit: save } = useSubmit(async () => {
    const checked = options.check(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      throw new FormError(checked.message)
    }
    try {
      const record = await options.store(editing, checked.value)
      setStatus(options.saved(record))
      setEditing(null)
      setDraft(options.empty)
      setErrors({} as E)
      await options.reload()
    } catch (failure) {
      setErrors(options.serverErrors(failure))
      throw failure
    }
  })

  const { dialog, item: removing, ask: askRemove } = useConfirmFor<R>()
  const remove = async () => {
    if (!removing) return
    await options.remove(removing).then(
      () => {
        setStatus(options.removed(removing))
        if (editing && options.same(editing, removing)) start(null)
      },
      (failure: unknown) => setError(errorText(failure)),
    )
    await options.reload()
  }

  return { editing, draft, setDraft, errors, setErrors, status, start, busy, error, save, dialog, removing, askRemove, remove }
}
