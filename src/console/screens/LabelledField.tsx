import type { ReactNode } from 'react'

/** What a labelled control receives: its id and how its error is read out with it. */
export interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}

/** A labelled control with its Spanish error under it, read out with the control (Ajustes, Conocimiento). */
export function LabelledField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: (props: ControlProps) => ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, ...(error ? { 'aria-describedby': `${id}-error` } : {}) })}
      {error ? (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      ) : null}
    </div>
  )
}
