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
import type { DayDraft } from '../agency-draft'
import { api } from '../api'
import { fieldsSummary, serverFields, type FieldErrors } from '../catalogue-errors'
import { ErrorAlert } from '../ErrorAlert'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'
import { timeText } from '../../shared/agency-profile'
import { Closures, WeekHours } from './HoursEditor'
import { LabelledField } from './LabelledField'

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

/** An "HH:MM" of the time input as minutes (a cleared input reads as 00:00). */
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
  // The answers keep minutes (null: closed); the table edits "09:00" text. A day opened again starts at 9 to 19.
  const days = answers.hours.map((hours) => (hours ? { open: true, from: timeText(hours[0]), to: timeText(hours[1]) } : { open: false, from: '', to: '' }))
  const onDay = (weekday: number, change: Partial<DayDraft>) =>
    setAnswers((a) => ({
      ...a,
      hours: a.hours.map((hours, i) => {
        if (i !== weekday) return hours
        if (change.open !== undefined) return change.open ? [9 * H, 19 * H] : null
        if (!hours) return hours
        return [change.from === undefined ? hours[0] : minutesOf(change.from), change.to === undefined ? hours[1] : minutesOf(change.to)]
      }),
    }))
  return (
    <>
      <WeekHours idPrefix="configurar" days={days} errors={fields} caption="Horario de atención (hora de Cancún)" onDay={onDay} />
      <h2 className="first-run__subtitle">Días cerrados</h2>
      <p>Feriados, vacaciones o cierres: ese día el asistente no agenda visitas y lo dice.</p>
      <Closures idPrefix="configurar" closures={answers.closures} errors={fields} onClosures={(closures) => setAnswers((a) => ({ ...a, closures }))} />
    </>
  )
}
