import { useEffect, useId, useRef, useState } from 'react'
import { DAY_ERROR, DAY_PLACEHOLDER, dayFieldText, dayFromText } from '../day-text'

/**
 * A labelled day typed as dd/mm/aaaa (src/console/day-text.ts). `value` and `onChange` carry the
 * ISO day ('' for none); text that is no day leaves the value as it was and, once the agent
 * leaves the field, says so in Spanish (the field's validity too, so a form will not send it).
 */
export function DayField({ label, value, required = false, onChange }: { label: string; value: string; required?: boolean; onChange: (day: string) => void }) {
  const id = useId()
  const [text, setText] = useState(() => dayFieldText(value))
  const [left, setLeft] = useState(false)
  // A value set from outside (filters cleared, a preset range) replaces what the field shows.
  useEffect(() => setText((old) => ((dayFromText(old) ?? '') === value ? old : dayFieldText(value))), [value])
  const day = text.trim() ? dayFromText(text) : ''
  const error = day === null && left ? DAY_ERROR : ''
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.setCustomValidity(day === null || (required && day === '') ? DAY_ERROR : ''), [day, required])
  return (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode="numeric"
        autoComplete="off"
        placeholder={DAY_PLACEHOLDER}
        value={text}
        required={required}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        ref={input}
        onChange={(event) => {
          const typed = event.target.value
          setText(typed)
          const next = typed.trim() ? dayFromText(typed) : ''
          if (next !== null) {
            setLeft(false)
            if (next !== value) onChange(next)
          }
        }}
        onBlur={() => setLeft(true)}
      />
      {error ? (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      ) : null}
    </label>
  )
}
