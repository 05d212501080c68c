/**
 * The office's week and its closed days, as «Agencia» (screens/Agency.tsx) and the first-run
 * wizard (screens/FirstRun.tsx) both edit them: one table and one list, so both read and behave
 * alike. Each screen keeps its own model and headings; errors are keyed by the profile's paths
 * (`hours.6`, `closures.0.to`).
 */
import type { Closure } from '../../shared/agency'
import { WEEKDAYS_ES } from '../../shared/agency-profile'
import { EMPTY_CLOSURE, type DayDraft } from '../agency-draft'
import type { FieldErrors } from '../catalogue-errors'
import { LabelledField } from './LabelledField'

/** Monday first, as an agency reads its week; the profile keeps Sunday at 0. */
const WEEK = [1, 2, 3, 4, 5, 6, 0]
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The columns' words: the office opens and closes; a person's shift starts and ends, with days off (docs/console.md#routing). */
export const OFFICE_WORDS = { start: 'abre', end: 'cierra', off: 'cerrado' }
export const SHIFT_WORDS = { start: 'entra', end: 'sale', off: 'descansa' }

/** Each weekday (Sunday at 0) open from… to…, or ticked closed. */
export function WeekHours({
  idPrefix,
  days,
  errors,
  caption,
  onDay,
  words = OFFICE_WORDS,
}: {
  idPrefix: string
  days: readonly DayDraft[]
  errors: FieldErrors
  caption?: string
  onDay: (weekday: number, change: Partial<DayDraft>) => void
  words?: typeof OFFICE_WORDS
}) {
  return (
    <>
      <table className="hours-editor">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">{capital(words.start)}</th>
            <th scope="col">{capital(words.end)}</th>
            <th scope="col">{capital(words.off)}</th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map((weekday) => {
            const d = days[weekday]!
            const name = capital(WEEKDAYS_ES[weekday]!)
            const error = errors[`hours.${weekday}`]
            const errorId = `${idPrefix}-hours-${weekday}-error`
            const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}
            return (
              <tr key={weekday}>
                <th scope="row">
                  {/* A phone's narrow table shows the short name; the inputs' labels keep the whole one. */}
                  <span className="hours-editor__day-long">{name}</span>
                  <abbr className="hours-editor__day-short" title={name}>
                    {name.slice(0, 3)}
                  </abbr>
                </th>
                <td>
                  <input type="time" aria-label={`${name}: ${words.start}`} disabled={!d.open} value={d.from} onChange={(e) => onDay(weekday, { from: e.target.value })} {...described} />
                </td>
                <td>
                  <input type="time" aria-label={`${name}: ${words.end}`} disabled={!d.open} value={d.to} onChange={(e) => onDay(weekday, { to: e.target.value })} {...described} />
                  {error ? (
                    <span id={errorId} className="error">
                      {error}
                    </span>
                  ) : null}
                </td>
                <td>
                  <input type="checkbox" aria-label={`${name}: ${words.off}`} checked={!d.open} onChange={(e) => onDay(weekday, { open: !e.target.checked })} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {errors.hours ? <p className="error">{errors.hours}</p> : null}
    </>
  )
}

/**
 * The days the office closes (public holidays, its own holidays), each from… to… (included) with its
 * reason. `onClosures` gets the new list and the path it touched (none on adding), for the screen to
 * clear that path's error.
 */
export function Closures({ idPrefix, closures, errors, onClosures }: { idPrefix: string; closures: readonly Closure[]; errors: FieldErrors; onClosures: (next: Closure[], path?: string) => void }) {
  const change = (index: number, part: Partial<Closure>, path: keyof Closure) =>
    onClosures(
      closures.map((c, i) => (i === index ? { ...c, ...part } : c)),
      `closures.${index}.${path}`,
    )
  const input = (index: number, key: keyof Closure, label: string, onValue: (value: string) => Partial<Closure>, type?: string) => (
    <LabelledField id={`${idPrefix}-closures-${index}-${key}`} label={label} error={errors[`closures.${index}.${key}`]}>
      {(props) => <input {...props} type={type} value={closures[index]![key]} onChange={(e) => change(index, onValue(e.target.value), key)} />}
    </LabelledField>
  )
  return (
    <>
      {closures.length ? null : <p className="muted">Ninguno por ahora.</p>}
      {closures.map((closure, index) => (
        <fieldset key={index} className="hours-editor__closure">
          <legend>Día cerrado {index + 1}</legend>
          {/* A one-day closure is the usual one: «Hasta» starts as «Desde». */}
          {input(index, 'from', 'Desde', (from) => ({ from, to: closure.to || from }), 'date')}
          {input(index, 'to', 'Hasta (incluido)', (to) => ({ to }), 'date')}
          {input(index, 'label', 'Motivo', (label) => ({ label }))}
          <button type="button" className="button button--quiet" onClick={() => onClosures(closures.filter((_, i) => i !== index), 'closures')}>
            Quitar <span className="sr-only">{closure.label || `día cerrado ${index + 1}`}</span>
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--quiet" onClick={() => onClosures([...closures, { ...EMPTY_CLOSURE }])}>
        Agregar día cerrado
      </button>
    </>
  )
}
