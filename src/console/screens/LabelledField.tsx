import type { ReactNode } from 'react'

/** What a labelled control receives: its id and how its error is read out with it. */
export interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}

/** A labelled control with its hint and its Spanish error under it, both read out with the control (Ajustes, Conocimiento). */
export function LabelledField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error: string | undefined; children: (props: ControlProps) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, ...(described ? { 'aria-describedby': described } : {}) })}
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      ) : null}
    </div>
  )
}
