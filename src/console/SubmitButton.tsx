import type { ReactNode } from 'react'

/**
 * A form's submit button: while its request runs it is disabled and says what is under way
 * («Cambiando…»), so a slow answer (a password is hashed for a second or more) does not look
 * like a dead button (docs/behaviour.md#console-forms).
 */
export function SubmitButton({ busy, busyText, disabled = false, children }: { busy: boolean; busyText: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  )
}
