/**
 * The contact and property-inquiry form (docs/behaviour.md#forms): labelled fields, Spanish messages on
 * invalid input, consent linking to the privacy page, a honeypot, the stored attribution attached,
 * sent to the lead service; success goes to /gracias, a failed submit keeps everything typed.
 *
 * Renders the same on the server and on hydration: ids come from useId, and the browser (storage,
 * location, page config) is only read when the visitor submits.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { LEAD_LIMITS } from '../../shared/lead-rules'
import { leadAttribution, type LeadAttribution } from './attribution'
import { FAILURE_MESSAGES, failureMessage, submitLead } from './submit'
import {
  LEAD_FIELDS,
  firstInvalidField,
  leadBody,
  serverFieldErrors,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadFormValues,
  type FormLeadSource,
} from './validate'
import './forms.css'

export interface LeadFormProps {
  source: FormLeadSource
  propertySlug?: string
  /** Prefills the message: "Me interesa {title}. …". */
  propertyTitle?: string
  /** The property is sold or rented: the message asks for similar ones instead of whether it is available. */
  propertyTaken?: boolean
  heading?: string
  /** A sentence under the heading. */
  intro?: string
}

/** Where a successful submit goes (a full page load). */
export const THANKS_PATH = '/gracias'

/** From this many characters the message shows its count against LEAD_LIMITS.message. */
export const MESSAGE_COUNT_FROM = LEAD_LIMITS.message - 200

/** Field names as the visitor reads them, for the error summary. */
const FIELD_LABELS: Record<LeadField, string> = {
  name: 'Nombre',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  message: 'Mensaje',
  consent: 'Aviso de privacidad',
}

/** "1,950 de 2,000 caracteres". */
export function messageCountText(length: number): string {
  return `${length.toLocaleString('es-MX')} de ${LEAD_LIMITS.message.toLocaleString('es-MX')} caracteres`
}

export function inquiryMessage(title: string, taken = false): string {
  return taken
    ? `Me interesó ${title}, que ya no está disponible. ¿Tienen opciones similares?`
    : `Me interesa ${title}. ¿Sigue disponible? Me gustaría recibir más información.`
}

function initialValues(propertyTitle: string | undefined, taken: boolean): LeadFormValues {
  return { name: '', phone: '', email: '', message: propertyTitle ? inquiryMessage(propertyTitle, taken) : '', consent: false, website: '' }
}

/** The attribution of this visit, read at submit time; null when the browser refuses storage entirely. */
function currentAttribution(): LeadAttribution | null {
  try {
    return leadAttribution((key) => window.localStorage.getItem(key), window.location.href, document.referrer, new Date())
  } catch {
    return null
  }
}

export function LeadForm({ source, propertySlug, propertyTitle, propertyTaken = false, heading = 'Escríbenos', intro }: LeadFormProps) {
  const base = useId()
  const ids = {
    heading: `${base}heading`,
    summary: `${base}summary`,
    contactHint: `${base}contact-hint`,
    name: `${base}name`,
    phone: `${base}phone`,
    email: `${base}email`,
    message: `${base}message`,
    messageCount: `${base}message-count`,
    consent: `${base}consent`,
    website: `${base}website`,
  }
  const errorId = (field: LeadField) => `${base}${field}-error`

  const [values, setValues] = useState<LeadFormValues>(() => initialValues(propertyTitle, propertyTaken))
  const [errors, setErrors] = useState<LeadErrors>({})
  /** A message above the button after a failed submit (network, rate limit, …). */
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  /** False in the server-rendered HTML and until hydration: the button only works once React handles the submit. */
  const [hydrated, setHydrated] = useState(false)
  /** Bumped on each refused submit so the summary is announced again and focus moves after the render. */
  const [attempt, setAttempt] = useState(0)

  const sendingRef = useRef(false)
  const pendingFocus = useRef<LeadField | 'submit' | null>(null)
  const fields = useRef<Partial<Record<LeadField, HTMLInputElement | HTMLTextAreaElement | null>>>({})
  const submitButton = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    // What the visitor typed or ticked before the script ran is still in the fields (hydration leaves
    // it there) but not in the state: adopt it, or the next render would empty the fields.
    const typed: Partial<LeadFormValues> = {}
    for (const field of LEAD_FIELDS) {
      const el = fields.current[field]
      if (el) Object.assign(typed, { [field]: field === 'consent' ? (el as HTMLInputElement).checked : el.value })
    }
    setValues((now) => ({ ...now, ...typed }))
    setHydrated(true)
  }, [])

  useEffect(() => {
    const target = pendingFocus.current
    pendingFocus.current = null
    if (target === 'submit') {
      // A disabled button drops focus; give it back so the keyboard stays where the visitor was.
      if (!document.activeElement || document.activeElement === document.body) submitButton.current?.focus()
    } else if (target) fields.current[target]?.focus()
  }, [attempt])

  const refuse = (found: LeadErrors, focus: LeadField | 'submit' | null) => {
    setErrors(found)
    pendingFocus.current = focus
    setAttempt((n) => n + 1)
  }

  const update = <K extends keyof LeadFormValues>(field: K, value: LeadFormValues[K]) => {
    const next = { ...values, [field]: value }
    setValues(next)
    // Messages go away as soon as their field is right; new ones only appear on submit.
    if (Object.keys(errors).length) {
      const now = validateLead(next)
      const kept: LeadErrors = {}
      for (const key of LEAD_FIELDS) if (errors[key] !== undefined && now[key] !== undefined) kept[key] = errors[key]
      if (Object.keys(kept).length !== Object.keys(errors).length) setErrors(kept)
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sendingRef.current) return
    setFailure(null)
    const found = validateLead(values)
    const first = firstInvalidField(found)
    if (first) return refuse(found, first)
    setErrors({})

    sendingRef.current = true
    setSending(true)
    const body = leadBody(values, { source, propertySlug: propertySlug ?? null, attribution: currentAttribution() })
    const result = await submitLead(body)
    if (result.kind === 'sent') {
      window.location.assign(THANKS_PATH) // the button stays "Enviando…" until the next page shows
      return
    }
    sendingRef.current = false
    setSending(false)
    if (result.kind === 'invalid') {
      const { errors: server, other } = serverFieldErrors(result.fields)
      if (other.length || !firstInvalidField(server)) setFailure(FAILURE_MESSAGES.invalidOther)
      refuse(server, firstInvalidField(server) ?? 'submit')
    } else {
      setFailure(failureMessage(result))
      refuse({}, 'submit')
    }
  }

  const focusField = (field: LeadField) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    fields.current[field]?.focus()
  }

  /** aria attributes of a field: invalid state, and the hint and message that describe it. */
  const described = (field: LeadField, hint?: string) => {
    const error = errors[field]
    const by = [hint, error ? errorId(field) : undefined].filter(Boolean).join(' ')
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': by || undefined }
  }
  const fieldError = (field: LeadField) =>
    errors[field] ? (
      <p id={errorId(field)} className="lead-form__error">
        {errors[field]}
      </p>
    ) : null

  const listed = LEAD_FIELDS.filter((field) => errors[field] !== undefined)
  // Counted as the rule counts (trimmed); shown near the limit only, so a short message reads clean.
  const messageLength = values.message.trim().length
  const showCount = messageLength >= MESSAGE_COUNT_FROM

  return (
    <section className="lead-form" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="lead-form__heading">
        {heading}
      </h2>
      {intro ? <p className="lead-form__intro">{intro}</p> : null}
      <form className="lead-form__form" method="post" noValidate onSubmit={onSubmit}>
        {listed.length ? (
          <div key={attempt} id={ids.summary} className="lead-form__summary" role="alert">
            <p className="lead-form__summary-title">{listed.length === 1 ? 'Revisa este campo:' : 'Revisa estos campos:'}</p>
            <ul>
              {listed.map((field) => (
                <li key={field}>
                  <a href={`#${ids[field]}`} onClick={focusField(field)}>
                    {FIELD_LABELS[field]}: {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="lead-form__field">
          <label htmlFor={ids.name}>
            Nombre <span className="lead-form__req">(obligatorio)</span>
          </label>
          <input
            ref={(el) => void (fields.current.name = el)}
            id={ids.name}
            name="name"
            type="text"
            autoComplete="name"
            autoCapitalize="words"
            required
            maxLength={LEAD_LIMITS.name}
            value={values.name}
            onChange={(e) => update('name', e.target.value)}
            {...described('name')}
          />
          {fieldError('name')}
        </div>

        <p id={ids.contactHint} className="lead-form__hint">
          Déjanos al menos un teléfono o un correo para responderte.
        </p>
        <div className="lead-form__pair">
          <div className="lead-form__field">
            <label htmlFor={ids.phone}>Teléfono</label>
            <input
              ref={(el) => void (fields.current.phone = el)}
              id={ids.phone}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              placeholder="998 555 0142"
              value={values.phone}
              onChange={(e) => update('phone', e.target.value)}
              {...described('phone', ids.contactHint)}
            />
            {fieldError('phone')}
          </div>
          <div className="lead-form__field">
            <label htmlFor={ids.email}>Correo electrónico</label>
            <input
              ref={(el) => void (fields.current.email = el)}
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={LEAD_LIMITS.email}
              placeholder="nombre@correo.com"
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
              {...described('email', ids.contactHint)}
            />
            {fieldError('email')}
          </div>
        </div>

        <div className="lead-form__field">
          <label htmlFor={ids.message}>Mensaje</label>
          <textarea
            ref={(el) => void (fields.current.message = el)}
            id={ids.message}
            name="message"
            rows={5}
            value={values.message}
            onChange={(e) => update('message', e.target.value)}
            {...described('message', showCount ? ids.messageCount : undefined)}
          />
          {/* No maxLength: a pasted text longer than the limit would be cut without a word; it is kept, counted and refused with a message. */}
          {showCount ? (
            <p id={ids.messageCount} className={messageLength > LEAD_LIMITS.message ? 'lead-form__count lead-form__count--over' : 'lead-form__count'}>
              {messageCountText(messageLength)}
            </p>
          ) : null}
          {fieldError('message')}
        </div>

        <div className="lead-form__consent">
          <input
            ref={(el) => void (fields.current.consent = el)}
            id={ids.consent}
            name="consent"
            type="checkbox"
            required
            checked={values.consent}
            onChange={(e) => update('consent', e.target.checked)}
            {...described('consent')}
          />
          <label htmlFor={ids.consent}>
            Acepto el{' '}
            <a href="/politica-de-privacidad" target="_blank" rel="noopener">
              aviso de privacidad<span className="lead-form__sr"> (se abre en otra pestaña)</span>
            </a>
          </label>
          {fieldError('consent')}
        </div>

        {/* Honeypot: off-screen, out of the tab order and hidden from assistive tech; bots fill it, people do not. */}
        <div className="lead-form__hp" aria-hidden="true">
          <label htmlFor={ids.website}>No llenar</label>
          <input
            id={ids.website}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => update('website', e.target.value)}
          />
        </div>

        {failure ? (
          <p key={attempt} className="lead-form__failure" role="alert">
            {failure}
          </p>
        ) : null}

        <button ref={submitButton} type="submit" className="lead-form__submit" disabled={!hydrated || sending}>
          {sending ? 'Enviando…' : 'Enviar mensaje'}
        </button>
      </form>
    </section>
  )
}
