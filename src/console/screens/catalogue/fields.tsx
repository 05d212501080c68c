/**
 * The catalogue forms' fields (docs/console.md#catalogue): each labelled, with its Spanish error
 * under it (from the shared schema in the browser, or from the server's 400), read out with the
 * field (aria-describedby) and marked aria-invalid. Errors come from the form's FieldErrorsContext
 * by the field's path, `price.amount` or `images.2.alt`, as the schema names it.
 */
import { createContext, useContext, useId, useState, type ReactNode } from 'react'
import { CURRENCIES, type Amenity, type GeoPoint, type Price } from '../../../catalogue/model'
import { AMENITY_LABELS } from '../../../catalogue/labels'
import { AMENITIES } from '../../../catalogue/model'
import { errorUnder, type FieldErrors } from '../../catalogue-errors'

export const FieldErrorsContext = createContext<FieldErrors>({})

export function useFieldError(name: string) {
  return useContext(FieldErrorsContext)[name]
}

/** The error line under a field; nothing while it has none. */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field__error">
      {message}
    </span>
  ) : null
}

/** The props every field takes: its path in the record (for its error) and its label. */
interface Base {
  name: string
  label: string
  hint?: string
}

function useDescribed(name: string, hint?: string) {
  const id = useId()
  const error = useFieldError(name)
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return {
    error,
    id,
    inputProps: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined, 'data-field': name },
    below: (
      <>
        {hint ? (
          <span id={`${id}-hint`} className="field__hint">
            {hint}
          </span>
        ) : null}
        <FieldMessage id={`${id}-error`} message={error} />
      </>
    ),
  }
}

export function TextInput({ name, label, hint, value, onChange, rows, maxLength, placeholder }: Base & { value: string; onChange: (value: string) => void; rows?: number; maxLength?: number; placeholder?: string }) {
  const { id, inputProps, below } = useDescribed(name, hint)
  // The label holds only its words: the hint and the error are read as the field's description, not its name.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea rows={rows} value={value} maxLength={maxLength} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} {...inputProps} />
      ) : (
        <input value={value} maxLength={maxLength} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} {...inputProps} />
      )}
      {below}
    </div>
  )
}

/** The text a number field shows for a value. */
const numberText = (value: number | null) => (value === null || Number.isNaN(value) ? '' : String(value))

/**
 * What a number field's text means: a number (grouping commas and spaces allowed), null when empty
 * and the field may be empty, NaN otherwise (the schema then says what is wrong, in Spanish).
 */
export function readNumber(text: string, nullable: boolean): number | null {
  const clean = text.replace(/[,\s$]/g, '')
  if (!clean) return nullable ? null : Number.NaN
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN
}

export function NumberInput({ name, label, hint, value, onChange, nullable = false, decimal = false }: Base & { value: number | null; onChange: (value: number | null) => void; nullable?: boolean; decimal?: boolean }) {
  const { id, inputProps, below } = useDescribed(name, hint)
  // The typed text is kept as typed ("1,200", "" while retyping), the record gets its number.
  const [text, setText] = useState(numberText(value))
  const shown = readNumber(text, nullable) === value || (Number.isNaN(value) && Number.isNaN(readNumber(text, nullable))) ? text : numberText(value)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        inputMode={decimal ? 'decimal' : 'numeric'}
        value={shown}
        onChange={(e) => {
          setText(e.target.value)
          onChange(readNumber(e.target.value, nullable))
        }}
        {...inputProps}
      />
      {below}
    </div>
  )
}

export function SelectInput<T extends string>({ name, label, hint, value, options, onChange }: Base & { value: T; options: readonly (readonly [T, string])[]; onChange: (value: T) => void }) {
  const { id, inputProps, below } = useDescribed(name, hint)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select value={value} onChange={(e) => onChange(e.target.value as T)} {...inputProps}>
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
      {below}
    </div>
  )
}

export function CheckboxInput({ name, label, checked, onChange }: Omit<Base, 'hint'> & { checked: boolean; onChange: (checked: boolean) => void }) {
  const { id, inputProps, below } = useDescribed(name)
  return (
    <div className="field field--check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} {...inputProps} />
      <label htmlFor={id}>{label}</label>
      {below}
    </div>
  )
}

/** A group of fields under a legend, with the group's own error (a missing model, a bad list). */
export function FieldGroup({ name, legend, children, className = '' }: { name?: string; legend: string; children: ReactNode; className?: string }) {
  const errors = useContext(FieldErrorsContext)
  const own = name ? errors[name] : undefined
  return (
    <fieldset className={`field-group ${className}`}>
      <legend>{legend}</legend>
      {own ? <p className="field__error">{own}</p> : null}
      {children}
    </fieldset>
  )
}

export function PriceInput({ name, label, value, onChange }: { name: string; label: string; value: Price; onChange: (value: Price) => void }) {
  return (
    <div className="field-row">
      <NumberInput name={`${name}.amount`} label={label} value={value.amount} onChange={(amount) => onChange({ ...value, amount: amount ?? Number.NaN })} />
      <SelectInput name={`${name}.currency`} label="Moneda" value={value.currency} options={CURRENCIES.map((c) => [c, c] as const)} onChange={(currency) => onChange({ ...value, currency })} />
    </div>
  )
}

export function GeoInput({ name, value, onChange }: { name: string; value: GeoPoint; onChange: (value: GeoPoint) => void }) {
  return (
    <div className="field-row">
      <NumberInput name={`${name}.lat`} label="Latitud" decimal value={value.lat} onChange={(lat) => onChange({ ...value, lat: lat ?? Number.NaN })} />
      <NumberInput name={`${name}.lng`} label="Longitud" decimal value={value.lng} onChange={(lng) => onChange({ ...value, lng: lng ?? Number.NaN })} />
    </div>
  )
}

export function AmenitiesInput({ name, value, onChange }: { name: string; value: Amenity[]; onChange: (value: Amenity[]) => void }) {
  const errors = useContext(FieldErrorsContext)
  return (
    <FieldGroup legend="Amenidades" className="amenities">
      {errorUnder(errors, name) ? <p className="field__error">{errorUnder(errors, name)}</p> : null}
      <div className="amenities__list">
        {AMENITIES.map((amenity) => (
          <label key={amenity} className="field--check">
            <input
              type="checkbox"
              checked={value.includes(amenity)}
              onChange={(e) => onChange(e.target.checked ? AMENITIES.filter((a) => a === amenity || value.includes(a)) : value.filter((a) => a !== amenity))}
            />
            <span>{AMENITY_LABELS[amenity]}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  )
}
