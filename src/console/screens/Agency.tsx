import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { agencyApi } from '../agency-api'
import { checkDraft, draftOf, EMPTY_SOCIAL, type AgencyDraft, type DayDraft } from '../agency-draft'
import { errorText } from '../api'
import { uploadPhoto } from '../catalogue-api'
import { errorUnder, fieldsSummary, isStale, serverFields, type FieldErrors } from '../catalogue-errors'
import { PHOTO_ACCEPT } from '../catalogue-photos'
import { ErrorAlert } from '../ErrorAlert'
import { queries, queryKeys } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'
import { brandContrastWarnings, type AgencyProfileAnswer } from '../../shared/agency-profile'
import { imageUrl } from '../../shared/images'
import { Closures, WeekHours } from './HoursEditor'
import { LabelledField, type ControlProps } from './LabelledField'
import type { ScreenProps } from './props'

/**
 * «Agencia» (admins; docs/agency.md#profile): who the agency is — name, logo, brand colours,
 * phones, e-mails, address and map pin, social links, languages, office hours and the days it is
 * closed. One save for all of it: the site, the widget and the agent use it within seconds.
 */
export function Agency(_props: ScreenProps) {
  const stored = useQuery(queries.agencyProfile())
  // Kept here: a save starts the form again (its key), and «Guardado» must still be said.
  const [status, setStatus] = useState<SaveStatus>(NO_STATUS)
  if (stored.error) return <ErrorAlert message={errorText(stored.error)} />
  if (!stored.data) return <p className="loading">Cargando…</p>
  // A saved (or reloaded) profile starts the form again from what is stored.
  return <AgencyForm key={stored.data.revision} stored={stored.data} status={status} setStatus={setStatus} />
}

/**
 * What the last save said: «Guardado», and what the server warned of beyond the colours (which
 * the form checks as they are typed): a new name whose widget settings already existed.
 */
interface SaveStatus {
  text: string
  warnings: string[]
}
const NO_STATUS: SaveStatus = { text: '', warnings: [] }

function AgencyForm({ stored, status, setStatus }: { stored: AgencyProfileAnswer; status: SaveStatus; setStatus: (status: SaveStatus) => void }) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<AgencyDraft>(() => draftOf(stored.body))
  const [errors, setErrors] = useState<FieldErrors>({})
  /** Someone else saved first: what is stored now, shown on request. */
  const [newer, setNewer] = useState<AgencyProfileAnswer | null>(null)
  const [logoState, setLogoState] = useState<{ uploading: boolean; error?: string }>({ uploading: false })

  const edit = (next: AgencyDraft, ...paths: string[]) => {
    setDraft(next)
    setStatus(NO_STATUS)
    if (paths.some((path) => errorUnder(errors, path))) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => !paths.some((p) => key === p || key.startsWith(`${p}.`)))))
  }
  const field = (path: string, label: string, value: string, set: (value: string) => AgencyDraft, extra: Partial<ControlProps> & { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'url' | 'decimal' } = {}) => (
    <LabelledField id={`agency-${path.replaceAll('.', '-')}`} label={label} error={errors[path]}>
      {(props) => <input {...props} {...extra} value={value} onChange={(e) => edit(set(e.target.value), path)} />}
    </LabelledField>
  )

  const { busy, error, submit: save } = useSubmit(async () => {
    const checked = checkDraft(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      throw new FormError(fieldsSummary(checked.errors))
    }
    try {
      const saved = await agencyApi.saveProfile(checked.profile, stored.revision)
      setStatus({
        text: 'Guardado. El sitio, el chat y el asistente lo usan en unos segundos.',
        warnings: saved.warnings.filter((w) => !w.field.startsWith('colors.')).map((w) => w.message),
      })
      queryClient.setQueryData(queryKeys.agencyProfile, saved)
    } catch (failure) {
      if (isStale(failure)) setNewer(await agencyApi.profile().catch(() => null))
      setErrors(serverFields(failure))
      throw failure
    }
  })

  const day = (weekday: number, change: Partial<DayDraft>) => edit({ ...draft, hours: draft.hours.map((d, i) => (i === weekday ? { ...d, ...change } : d)) }, `hours.${weekday}`)
  const warnings = /^#[0-9a-f]{6}$/i.test(draft.colors.primary) && /^#[0-9a-f]{6}$/i.test(draft.colors.accent) ? brandContrastWarnings(draft.colors) : []

  const uploadLogo = async (file: File | undefined) => {
    if (!file) return
    setLogoState({ uploading: true })
    const result = await uploadPhoto(file, () => {})
    if (result.ok) {
      edit({ ...draft, logo: `/photos/${result.key}` }, 'logo')
      setLogoState({ uploading: false })
    } else setLogoState({ uploading: false, error: result.error })
  }

  return (
    <section className="agency" aria-labelledby="agency-title">
      <h1 id="agency-title">Agencia</h1>
      <p className="muted">Quién es la agencia: lo que muestran el encabezado y el pie del sitio, los datos para buscadores, el chat y las respuestas del asistente.</p>
      <form className="settings__form agency__form" onSubmit={save} noValidate>
        <Group legend="Identidad">
          {field('name', 'Nombre de la agencia', draft.name, (name) => ({ ...draft, name }), { autoComplete: 'organization' })}
          <div className="field">
            <span id="agency-logo-label">Logo</span>
            <div className="agency__logo">
              {draft.logo ? <img src={imageUrl(draft.logo, 240)} alt="El logo actual" height={48} /> : <span className="muted">Sin logo: el nombre hace de marca.</span>}
              <label className="button button--quiet">
                {logoState.uploading ? 'Subiendo…' : draft.logo ? 'Cambiar logo' : 'Subir logo'}
                <input
                  type="file"
                  className="sr-only"
                  accept={PHOTO_ACCEPT}
                  aria-describedby={errors.logo || logoState.error ? 'agency-logo-error' : undefined}
                  onChange={(e) => void uploadLogo(e.target.files?.[0])}
                />
              </label>
              {draft.logo ? (
                <button type="button" className="button button--quiet" onClick={() => edit({ ...draft, logo: null }, 'logo')}>
                  Quitar logo
                </button>
              ) : null}
            </div>
            {errors.logo || logoState.error ? (
              <span id="agency-logo-error" className="error" role="alert">
                {logoState.error ?? errors.logo}
              </span>
            ) : null}
          </div>
          {field('notice', 'Nota al pie de cada página (opcional)', draft.notice, (notice) => ({ ...draft, notice }))}
        </Group>

        <Group legend="Colores de la marca">
          <p className="muted">El principal colorea el encabezado del chat y su botón de enviar; el de acento, los mensajes del visitante. «Ajustes del chat» puede cambiarlos para una instancia.</p>
          <div className="settings__colors">
            {(['primary', 'accent'] as const).map((key) => (
              <LabelledField key={key} id={`agency-colors-${key}`} label={key === 'primary' ? 'Color principal' : 'Color de acento'} error={errors[`colors.${key}`]}>
                {(props) => (
                  <span className="settings__color">
                    <input
                      type="color"
                      aria-label={`Elegir en la paleta: ${key === 'primary' ? 'color principal' : 'color de acento'}`}
                      value={/^#[0-9a-f]{6}$/i.test(draft.colors[key]) ? draft.colors[key] : '#000000'}
                      onChange={(e) => edit({ ...draft, colors: { ...draft.colors, [key]: e.target.value } }, `colors.${key}`)}
                    />
                    <input {...props} value={draft.colors[key]} autoComplete="off" spellCheck={false} onChange={(e) => edit({ ...draft, colors: { ...draft.colors, [key]: e.target.value } }, `colors.${key}`)} />
                  </span>
                )}
              </LabelledField>
            ))}
          </div>
          <div aria-live="polite">
            {warnings.length ? (
              <ul className="settings__warnings">
                {warnings.map((w) => (
                  <li key={w.message}>{w.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </Group>

        <Group legend="Contacto">
          {field('phone', 'Teléfono', draft.phone, (phone) => ({ ...draft, phone }), { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {field('whatsapp', 'WhatsApp', draft.whatsapp, (whatsapp) => ({ ...draft, whatsapp }), { type: 'tel', inputMode: 'tel' })}
          {field('email', 'Correo', draft.email, (email) => ({ ...draft, email }), { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {field('privacyEmail', 'Correo para datos personales (aviso de privacidad)', draft.privacyEmail, (privacyEmail) => ({ ...draft, privacyEmail }), { type: 'email', inputMode: 'email' })}
        </Group>

        <Group legend="Dirección">
          {field('address.street', 'Calle y número', draft.address.street, (street) => ({ ...draft, address: { ...draft.address, street } }), { autoComplete: 'street-address' })}
          {field('address.locality', 'Ciudad', draft.address.locality, (locality) => ({ ...draft, address: { ...draft.address, locality } }))}
          {field('address.region', 'Estado', draft.address.region, (region) => ({ ...draft, address: { ...draft.address, region } }))}
          {field('address.postalCode', 'Código postal', draft.address.postalCode, (postalCode) => ({ ...draft, address: { ...draft.address, postalCode } }), { inputMode: 'decimal', autoComplete: 'postal-code' })}
          {field('address.country', 'País (código de dos letras)', draft.address.country, (country) => ({ ...draft, address: { ...draft.address, country: country.toUpperCase() } }))}
          <p className="muted">El punto del mapa: la latitud y la longitud que muestra un mapa al pulsar el lugar (por ejemplo 21.1489 y -86.8235).</p>
          {field('address.lat', 'Latitud', draft.address.lat, (lat) => ({ ...draft, address: { ...draft.address, lat } }), { inputMode: 'decimal' })}
          {field('address.lng', 'Longitud', draft.address.lng, (lng) => ({ ...draft, address: { ...draft.address, lng } }), { inputMode: 'decimal' })}
          {draft.address.lat && draft.address.lng ? (
            <a href={`https://www.openstreetmap.org/?mlat=${encodeURIComponent(draft.address.lat)}&mlon=${encodeURIComponent(draft.address.lng)}#map=17/${encodeURIComponent(draft.address.lat)}/${encodeURIComponent(draft.address.lng)}`} target="_blank" rel="noreferrer">
              Ver el punto en el mapa
            </a>
          ) : null}
        </Group>

        <Group legend="Redes sociales e idiomas">
          {draft.social.map((link, i) => (
            <div className="agency__row" key={i}>
              {field(`social.${i}.network`, 'Red', link.network, (network) => ({ ...draft, social: draft.social.map((s, j) => (j === i ? { ...s, network } : s)) }))}
              {field(`social.${i}.url`, 'Dirección', link.url, (url) => ({ ...draft, social: draft.social.map((s, j) => (j === i ? { ...s, url } : s)) }), { type: 'url', inputMode: 'url' })}
              <button type="button" className="button button--quiet" onClick={() => edit({ ...draft, social: draft.social.filter((_, j) => j !== i) }, 'social')}>
                Quitar <span className="sr-only">{link.network || 'red'}</span>
              </button>
            </div>
          ))}
          {errors.social ? <span className="error">{errors.social}</span> : null}
          <button type="button" className="button button--quiet" onClick={() => edit({ ...draft, social: [...draft.social, { ...EMPTY_SOCIAL }] })}>
            Agregar red social
          </button>
          {field('languages', 'Idiomas que habla el equipo (códigos separados por comas: es, en)', draft.languages, (languages) => ({ ...draft, languages }))}
        </Group>

        <Group legend="Horario de la oficina">
          <p className="muted">Hora de Cancún. El pie del sitio, los datos para buscadores, el asistente y las visitas que agenda usan este horario.</p>
          <WeekHours idPrefix="agency" days={draft.hours} errors={errors} onDay={day} />
        </Group>

        <Group legend="Atención en el chat">
          <p className="muted">
            Cuando un visitante pide una persona, se le ofrece a quien sigue en turno (en línea, disponible y en su horario); si no la toma en este tiempo, se ofrece a todo el equipo y el
            visitante sabe quién le responde.
          </p>
          {field('routing.answerMinutes', 'Tiempo para responder (minutos)', draft.routing.answerMinutes, (answerMinutes) => ({ ...draft, routing: { ...draft.routing, answerMinutes } }), { inputMode: 'decimal' })}
          {field('routing.maxOpenPerPerson', 'Conversaciones abiertas por persona (máximo)', draft.routing.maxOpenPerPerson, (maxOpenPerPerson) => ({ ...draft, routing: { ...draft.routing, maxOpenPerPerson } }), {
            inputMode: 'decimal',
          })}
        </Group>

        <Group legend="Días cerrados (festivos, vacaciones)">
          <Closures idPrefix="agency" closures={draft.closures} errors={errors} onClosures={(closures, path) => edit({ ...draft, closures }, ...(path ? [path] : []))} />
        </Group>

        <div className="settings__actions">
          <ErrorAlert message={error} />
          {newer ? (
            <button type="button" className="button button--quiet" onClick={() => queryClient.setQueryData(queryKeys.agencyProfile, newer)}>
              Cargar la versión guardada (se pierde lo que escribiste)
            </button>
          ) : null}
          <div className="settings__notices" aria-live="polite">
            {status.warnings.length ? (
              <ul className="settings__warnings">
                {status.warnings.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <p role="status" className="settings__status">
            {status.text}
          </p>
          <SubmitButton busy={busy} busyText="Guardando…">
            Guardar cambios
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  )
}
