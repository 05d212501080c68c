import { useImperativeHandle, useRef, useState, type RefObject } from 'react'

/** What a screen does with its ConfirmDialog: open it. */
export interface ConfirmHandle {
  open: () => void
}

/**
 * A dialog that asks about one item of a list («Eliminar» or «Nueva contraseña» on an account):
 * `ask(item)` opens it for that item, `item` is the one it asks about.
 */
export function useConfirmFor<T>() {
  const dialog = useRef<ConfirmHandle>(null)
  const [item, setItem] = useState<T | null>(null)
  const ask = (next: T) => {
    setItem(next)
    dialog.current?.open()
  }
  return { dialog, item, ask }
}

/**
 * A Spanish confirmation before something that cannot be undone (erasing a visitor, removing an
 * account, cancelling a visit the visitor is told of): a modal dialog with its way out («Cancelar») focused, so an Enter or a space pressed on the way
 * does nothing harmful (showModal alone focuses the first button: the destructive one).
 */
export function ConfirmDialog({
  ref,
  id,
  title,
  text,
  confirm,
  dismiss = 'Cancelar',
  onConfirm,
}: {
  ref: RefObject<ConfirmHandle | null>
  id: string
  title: string
  text: string
  confirm: string
  /** The way out, when «Cancelar» would read as the action itself (cancelling a visit). */
  dismiss?: string
  onConfirm: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useImperativeHandle(ref, () => ({
    open: () => {
      dialog.current?.showModal()
      cancel.current?.focus()
    },
  }))
  const close = () => dialog.current?.close()
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="confirm-dialog__choices">
        <button
          type="button"
          className="button confirm-dialog__confirm"
          onClick={() => {
            close()
            onConfirm()
          }}
        >
          {confirm}
        </button>
        <button ref={cancel} type="button" className="button button--quiet" onClick={close}>
          {dismiss}
        </button>
      </div>
    </dialog>
  )
}
