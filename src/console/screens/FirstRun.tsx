/**
 * The first-run wizard (docs/agency.md#first-run): on a fresh database, instead of the sign-in
 * form, five short steps — the agency, its contact, its hours, the first admin, the demo
 * catalogue — sent together at the end; the server checks everything and stores all or nothing.
 * Its refusals come back per field: the wizard opens the first step with one and shows each
 * message at its field. Nothing typed is lost going back and forth.
 */
import { useRef, useState, type ReactNode } from 'react'
import type { ConsoleAccount } from '../../protocol/console'
import type { FirstRunAnswers } from '../../protocol/first-run'
import { api } from '../api'
import { fieldsSummary, serverFields, type FieldErrors } from '../catalogue-errors'
import { ErrorAlert } from '../ErrorAlert'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'
import { LabelledField } from './LabelledField'

const DAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']
/** What a phone's narrow table shows (the inputs' labels keep the whole name). */
const SHORT_DAYS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']
/** Monday first, as an agency reads its week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0]
const H = 60
/** Where the hours start: the usual week of an agency in Mexico, for the person to correct. */
const FIRST_HOURS: FirstRunAnswers['hours'] = [null, [9 * H, 19 * H], [9 * H, 19 * H], [9 * H, 19 * H], [9 * H, 19 * H], [9 * H, 19 * H], [10 * H, 14 * H]]

const STEPS = [
  { id: 'agencia', title: 'Tu agencia', fields: ['agency.name'] },
  { id: 'contacto', title: 'Contacto', fields: ['agency.phone', 'agency.whatsapp', 'agency.email', 'agency.street', 'agency.locality', 'agency.region', 'agency.postalCode'] },
  { id: 'horario', title: 'Horario', fields: ['hours', 'closures'] },
  { id: 'cuenta', title: 'Tu cuenta', fields: ['admin.name', 'admin.email', 'admin.password'] },
  { id: 'catalogo', title: 'Catálogo de demostración', fields: ['demo'] },
] as const

/** What «Siguiente» asks before leaving a step (the server checks the rest, and these again, at the end). */
const REQUIRED: Record<string, string> = {
  'agency.name': 'Escribe el nombre de la agencia.',
  'agency.phone': 'Escribe el teléfono.',
  'agency.email': 'Escribe el correo de contacto.',
  'agency.street': 'Escribe la calle y el número.',
  'agency.locality': 'Escribe la ciudad.',
  'agency.region': 'Escribe el estado.',
  'admin.name': 'Escribe tu nombre.',
  'admin.email': 'Escribe tu correo.',
  'admin.password': 'Escribe una contraseña.',
}
const valueAt = (answers: FirstRunAnswers, path: string): unknown => path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], answers)

const time = (minutes: number) => `${String(Math.floor(minutes / H)).padStart(2, '0')}:${String(minutes % H).padStart(2, '0')}`
const minutesOf = (value: string) => {
  const [h, m] = value.split(':').map(Number)
  return (h ?? 0) * H + (m ?? 0)
}

/** The first error of a step's fields (a field or anything under it: `hours.6`, `closures.0.to`). */
const stepOf = (fields: FieldErrors) => STEPS.findIndex((step) => step.fields.some((name) => Object.keys(fields).some((path) => path === name || path.startsWith(`${name}.`))))

export function FirstRun({ code: linkCode, onDone }: { code: string | null; onDone: (account: ConsoleAccount) => void }) {
  const [step, setStep] = useState(0)
  const [answers, setAnswers] = useState<FirstRunAnswers>({
    code: linkCode ?? '',
    agency: { name: '', phone: '', whatsapp: '', email: '', street: '', locality: 'Cancún', region: 'Quintana Roo', postalCode: '' },
    hours: FIRST_HOURS,
    closures: [],
    admin: { name: '', email: '', password: '' },
    demo: '',
  })
  const [fields, setFields] = useState<FieldErrors>({})
  const heading = useRef<HTMLHeadingElement>(null)
  const agency = (name: keyof FirstRunAnswers['agency']) => (value: string) => setAnswers((a) => ({ ...a, agency: { ...a.agency, [name]: value } }))
  const admin = (name: keyof FirstRunAnswers['admin']) => (value: string) => setAnswers((a) => ({ ...a, admin: { ...a.admin, [name]: value } }))
  const go = (to: number) => {
    setStep(to)
    // The step's heading takes the focus: a screen reader hears where it is.
    requestAnimationFrame(() => heading.current?.focus())
  }
  const last = step === STEPS.length - 1
  const { busy, error, setError, submit } = useSubmit(async () => {
    const missing = Object.fromEntries(STEPS[step]!.fields.flatMap((name) => (REQUIRED[name] && !String(valueAt(answers, name) ?? '').trim() ? [[name, REQUIRED[name]!]] : [])))
    setFields(missing)
    if (Object.keys(missing).length) throw new FormError(fieldsSummary(missing))
    if (!last) {
      setError('')
      return go(step + 1)
    }
    if (!answers.demo) {
      setFields({ demo: 'Elige si conservas o quitas las propiedades de demostración.' })
      throw new FormError('Elige si conservas o quitas las propiedades de demostración.')
    }
    try {
      const { account } = await api.completeSetup(answers)
      onDone(account)
    } catch (failure) {
      const refused = serverFields(failure)
      setFields(refused)
      const first = stepOf(refused)
      if (first >= 0 && first !== step) go(first)
      if (Object.keys(refused).length) throw new FormError(fieldsSummary(refused))
      throw failure
    }
  })
  const field = (name: string, label: string, control: (props: { id: string }) => ReactNode) => (
    <LabelledField id={`configurar-${name.replace(/\./g, '-')}`} label={label} error={fields[name]}>
      {(props) => control(props)}
    </LabelledField>
  )
  const text = (name: string, label: string, value: string, set: (value: string) => void, type = 'text', autoComplete?: string) =>
    field(name, label, (props) => <input {...props} type={type} autoComplete={autoComplete} value={value} onChange={(e) => set(e.target.value)} />)

  return (
    <main className="sign-in first-run">
      <form onSubmit={submit} noValidate aria-labelledby="configurar-titulo">
        <p className="first-run__step">
          Configuración inicial · paso {step + 1} de {STEPS.length}
        </p>
        <h1 id="configurar-titulo" ref={heading} tabIndex={-1}>
          {STEPS[step]!.title}
        </h1>
        {STEPS[step]!.id === 'agencia' ? (
          <>
            <p>Bienvenido. En unos pasos tu sitio, el chat y el asistente hablarán con el nombre, los datos y el horario de tu agencia. Después podrás cambiarlo todo en la consola.</p>
            {text('agency.name', 'Nombre de la agencia', answers.agency.name, agency('name'), 'text', 'organization')}
            {linkCode ? null : text('code', 'Código de configuración (lo muestra el servidor al iniciar)', answers.code, (code) => setAnswers((a) => ({ ...a, code })))}
          </>
        ) : null}
        {STEPS[step]!.id === 'contacto' ? (
          <>
            {text('agency.phone', 'Teléfono', answers.agency.phone, agency('phone'), 'tel', 'tel')}
            {text('agency.whatsapp', 'WhatsApp (si es otro número)', answers.agency.whatsapp, agency('whatsapp'), 'tel')}
            {text('agency.email', 'Correo de contacto', answers.agency.email, agency('email'), 'email', 'email')}
            {text('agency.street', 'Calle y número', answers.agency.street, agency('street'), 'text', 'street-address')}
            {text('agency.locality', 'Ciudad', answers.agency.locality, agency('locality'), 'text', 'address-level2')}
            {text('agency.region', 'Estado', answers.agency.region, agency('region'), 'text', 'address-level1')}
            {text('agency.postalCode', 'Código postal', answers.agency.postalCode, agency('postalCode'), 'text', 'postal-code')}
          </>
        ) : null}
        {STEPS[step]!.id === 'horario' ? <Hours answers={answers} setAnswers={setAnswers} fields={fields} /> : null}
        {STEPS[step]!.id === 'cuenta' ? (
          <>
            <p>La primera cuenta de administrador de la consola: con ella darás de alta a tu equipo.</p>
            {text('admin.name', 'Tu nombre', answers.admin.name, admin('name'), 'text', 'name')}
            {text('admin.email', 'Tu correo', answers.admin.email, admin('email'), 'email', 'username')}
            {text('admin.password', 'Contraseña (10 caracteres o más)', answers.admin.password, admin('password'), 'password', 'new-password')}
          </>
        ) : null}
        {STEPS[step]!.id === 'catalogo' ? (
          <fieldset className="first-run__choice" aria-describedby={fields.demo ? 'configurar-demo-error' : undefined}>
            <legend>El sitio trae propiedades, desarrollos y artículos de demostración.</legend>
            <label>
              <input type="radio" name="demo" checked={answers.demo === 'remove'} onChange={() => setAnswers((a) => ({ ...a, demo: 'remove' }))} /> Quitarlos: empiezo con mi
              propio catálogo
            </label>
            <label>
              <input type="radio" name="demo" checked={answers.demo === 'keep'} onChange={() => setAnswers((a) => ({ ...a, demo: 'keep' }))} /> Conservarlos por ahora (el
              sitio dirá que son de demostración)
            </label>
            {fields.demo ? (
              <span id="configurar-demo-error" className="error">
                {fields.demo}
              </span>
            ) : null}
          </fieldset>
        ) : null}
        <ErrorAlert message={error} />
        <div className="first-run__actions">
          {step > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => go(step - 1)}>
              Atrás
            </button>
          ) : null}
          <SubmitButton busy={busy} busyText="Guardando…">
            {last ? 'Terminar' : 'Siguiente'}
          </SubmitButton>
        </div>
      </form>
    </main>
  )
}

/** The week's hours (a day open from… to…, or closed) and the days the office closes (holidays). */
function Hours({ answers, setAnswers, fields }: { answers: FirstRunAnswers; setAnswers: (update: (a: FirstRunAnswers) => FirstRunAnswers) => void; fields: FieldErrors }) {
  const setDay = (day: number, hours: [number, number] | null) => setAnswers((a) => ({ ...a, hours: a.hours.map((h, i) => (i === day ? hours : h)) }))
  const setClosure = (index: number, change: Partial<FirstRunAnswers['closures'][number]>) =>
    setAnswers((a) => ({ ...a, closures: a.closures.map((c, i) => (i === index ? { ...c, ...change } : c)) }))
  return (
    <>
      <table className="first-run__hours">
        <caption>Horario de atención (hora de Cancún)</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">Abre</th>
            <th scope="col">Cierra</th>
            <th scope="col">Cerrado</th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map((day) => {
            const hours = answers.hours[day] ?? null
            const error = fields[`hours.${day}`]
            return (
              <tr key={day}>
                <th scope="row">
                  <span className="first-run__day-long">{DAYS[day]}</span>
                  <abbr className="first-run__day-short" title={DAYS[day]}>
                    {SHORT_DAYS[day]}
                  </abbr>
                </th>
                <td>
                  <input type="time" aria-label={`${DAYS[day]}: abre`} disabled={!hours} value={hours ? time(hours[0]) : ''} onChange={(e) => hours && setDay(day, [minutesOf(e.target.value), hours[1]])} aria-invalid={!!error} />
                </td>
                <td>
                  <input type="time" aria-label={`${DAYS[day]}: cierra`} disabled={!hours} value={hours ? time(hours[1]) : ''} onChange={(e) => hours && setDay(day, [hours[0], minutesOf(e.target.value)])} aria-invalid={!!error} />
                  {error ? <span className="error">{error}</span> : null}
                </td>
                <td>
                  <input type="checkbox" aria-label={`${DAYS[day]}: cerrado`} checked={!hours} onChange={(e) => setDay(day, e.target.checked ? null : [9 * H, 19 * H])} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {fields.hours ? <p className="error">{fields.hours}</p> : null}
      <h2 className="first-run__subtitle">Días cerrados</h2>
      <p>Feriados, vacaciones o cierres: ese día el asistente no agenda visitas y lo dice.</p>
      {answers.closures.map((closure, index) => (
        <fieldset key={index} className="first-run__closure">
          <legend>Día cerrado {index + 1}</legend>
          <LabelledField id={`configurar-cierre-${index}-desde`} label="Desde" error={fields[`closures.${index}.from`]}>
            {(props) => <input {...props} type="date" value={closure.from} onChange={(e) => setClosure(index, { from: e.target.value, to: closure.to || e.target.value })} />}
          </LabelledField>
          <LabelledField id={`configurar-cierre-${index}-hasta`} label="Hasta" error={fields[`closures.${index}.to`]}>
            {(props) => <input {...props} type="date" value={closure.to} onChange={(e) => setClosure(index, { to: e.target.value })} />}
          </LabelledField>
          <LabelledField id={`configurar-cierre-${index}-motivo`} label="Motivo" error={fields[`closures.${index}.label`]}>
            {(props) => <input {...props} value={closure.label} onChange={(e) => setClosure(index, { label: e.target.value })} />}
          </LabelledField>
          <button type="button" className="button button--secondary" onClick={() => setAnswers((a) => ({ ...a, closures: a.closures.filter((_, i) => i !== index) }))}>
            Quitar este día
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary" onClick={() => setAnswers((a) => ({ ...a, closures: [...a.closures, { from: '', to: '', label: '' }] }))}>
        Agregar día cerrado
      </button>
    </>
  )
}
