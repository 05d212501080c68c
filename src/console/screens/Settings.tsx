import { colord } from 'colord'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { LabelledField, type ControlProps } from './LabelledField'
import { SOUND_NAMES, WELCOME_FREQUENCIES, WELCOME_ICON_NAMES, WIDGET_COLOR_KEYS, type WidgetColorKey } from '../../protocol'
import { DEFAULT_WIDGET_COLORS } from '../../protocol/colors'
import type { SettingsPage } from '../../protocol/numbers'
import {
  checkWidgetSettings,
  COLOR_LABELS,
  FREQUENCY_LABELS,
  ICON_LABELS,
  MAX_WELCOME_BUTTON,
  MAX_WELCOME_MESSAGE,
  MAX_WELCOME_SECONDS,
  PREVIEW_PAGE_PATH,
  SOUND_LABELS,
  type SettingsIssue,
} from '../../shared/widget-settings'
import { adminApi } from '../admin-api'
import { whenText } from '../../shared/agency-format'
import { ApiError, errorText } from '../api'
import { queries } from '../queries'
import { FormError, useSubmit } from '../use-submit'
import { configFromDraft, draftFromConfig, type Draft, type Switch, type TextField } from '../settings-draft'
import type { ScreenProps } from './props'
import { ErrorAlert } from '../ErrorAlert'
import { SubmitButton } from '../SubmitButton'

/** The draft goes to the preview's widget this long after the last keystroke (it polls every second anyway). */
const PREVIEW_DEBOUNCE_MS = 300

/** Widget settings of an instance (admins; docs/behaviour.md#widget-settings). */
export function Settings(_props: ScreenProps) {
  const asked = useQuery(queries.instances())
  const instances = asked.data ?? []
  const error = asked.error ? errorText(asked.error) : ''
  const [chosen, setInstance] = useState('')
  const instance = chosen || instances[0] || ''

  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Ajustes del chat</h1>
      <ErrorAlert message={error} />
      {instances.length > 1 ? (
        <label className="field settings__instance">
          <span>Sitio</span>
          <select value={instance} onChange={(e) => setInstance(e.target.value)}>
            {instances.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      ) : null}
      {instance ? <Editor key={instance} instance={instance} /> : null}
    </section>
  )
}

function Editor({ instance }: { instance: string }) {
  const settings = useQuery(queries.settings(instance))
  const page = settings.data ?? null
  const queryClient = useQueryClient()
  /** The saved settings and their history asked again (after a save or a restore); answers the new page. */
  const load = () => queryClient.fetchQuery({ ...queries.settings(instance), staleTime: 0 })
  // What the inputs hold: the saved settings until the admin edits, then their own draft (a refresh of the saved ones never replaces it).
  const [edited, setDraft] = useState<Draft | null>(null)
  const saved = useMemo(() => (page ? draftFromConfig(page.config) : null), [page])
  const draft = edited ?? saved
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState('')

  const check = useMemo(() => (draft ? checkWidgetSettings(configFromDraft(draft)) : null), [draft])
  const errors = useMemo(() => ({ ...serverErrors, ...issuesByField(check && !check.ok ? check.errors : []) }), [check, serverErrors])
  const warnings = check?.ok ? check.warnings : []

  const { busy, error: formError, setError, submit: save } = useSubmit(async () => {
    if (!check?.ok) throw new FormError('Revisa los campos marcados antes de guardar.')
    try {
      const { version } = await adminApi.saveSettings(instance, check.config)
      await load()
      setDraft(null)
      setServerErrors({})
      setStatus(`Cambios guardados como versión ${version.version}. Los chats abiertos los mostrarán en un segundo.`)
    } catch (e) {
      setServerErrors(e instanceof ApiError ? (e.fields ?? {}) : {})
      throw e
    }
  })
  const error = formError || (settings.error ? errorText(settings.error) : '')

  if (!page || !draft) return error ? <ErrorAlert message={error} /> : <p className="loading">Cargando…</p>

  const change = (key: TextField | Switch, value: string | boolean) => {
    setDraft({ ...draft, [key]: value })
    setServerErrors({})
    setStatus('')
  }
  const restore = async (version: number) => {
    try {
      const restored = await adminApi.restoreSettings(instance, version)
      await load()
      setDraft(null)
      setServerErrors({})
      setError('')
      setStatus(`Se volvió a la versión ${version} (guardada como versión ${restored.version.version}).`)
    } catch (e) {
      setError(errorText(e))
    }
  }
  const field = { draft, errors, change }

  return (
    <div className="settings__layout">
      <form className="settings__form" onSubmit={save} noValidate>
        <fieldset>
          <legend>Colores</legend>
          <p className="muted">Deja un color vacío para usar el del widget. Acepta #131844, rgb(19, 24, 68) o nombres como navy.</p>
          <Warnings warnings={warnings} />
          <div className="settings__colors">
            {WIDGET_COLOR_KEYS.map((key) => (
              <ColorField key={key} name={key} {...field} />
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>Bienvenida</legend>
          <Check name="visibility_welcome_modal" label="Mostrar la tarjeta de bienvenida" {...field} />
          <Field name="welcomeMessage" label={`Mensaje de bienvenida (hasta ${MAX_WELCOME_MESSAGE} caracteres)`} {...field}>
            {(props) => <textarea rows={3} {...props} />}
          </Field>
          <Field name="welcomeMessageButton" label={`Texto del botón (hasta ${MAX_WELCOME_BUTTON} caracteres)`} {...field}>
            {(props) => <input {...props} />}
          </Field>
          <Field name="time_active_welcome_modal" label={`Segundos que se muestra la tarjeta (1 a ${MAX_WELCOME_SECONDS})`} {...field}>
            {(props) => <input type="number" inputMode="numeric" min={1} max={MAX_WELCOME_SECONDS} step={1} {...props} />}
          </Field>
          <Field name="welcome_frequency" label="Cada cuánto se muestra" {...field}>
            {(props) => <Choices values={WELCOME_FREQUENCIES} labels={FREQUENCY_LABELS} {...props} />}
          </Field>
          <Field name="svgName" label="Icono de la tarjeta" {...field}>
            {(props) => <Choices values={WELCOME_ICON_NAMES} labels={ICON_LABELS} {...props} />}
          </Field>
          <Check name="btn_close_welcome_modal" label="Mostrar el botón para cerrar la tarjeta" {...field} />
        </fieldset>

        <fieldset>
          <legend>Botón, sonido y avisos</legend>
          <Field name="icon_button_url" label="Imagen del botón del chat (opcional, https://…)" {...field}>
            {(props) => <input type="url" inputMode="url" {...props} />}
          </Field>
          <Field name="soundName" label="Sonido de los mensajes nuevos" {...field}>
            {(props) => <Choices values={SOUND_NAMES} labels={SOUND_LABELS} {...props} />}
          </Field>
          <Check name="banner_location" label="Ofrecer «Compartir ubicación» en el chat" {...field} />
          <Check name="banner_alerts" label="Ofrecer «Recibir alertas» en el chat" {...field} />
        </fieldset>

        <div className="settings__actions">
          <ErrorAlert message={error} />
          <p role="status" className="settings__status">
            {status}
          </p>
          <SubmitButton busy={busy} busyText="Guardando…">
            Guardar cambios
          </SubmitButton>
          <button type="button" className="button button--quiet" onClick={() => {
              setDraft(null)
              setServerErrors({})
              setStatus('')
            }}>
            Descartar cambios
          </button>
        </div>
      </form>

      <aside className="settings__side">
        <Preview config={check?.ok ? check.config : null} />
        <History page={page} onRestore={restore} />
      </aside>
    </div>
  )
}

const issuesByField = (issues: SettingsIssue[]) => Object.fromEntries(issues.map((issue) => [issue.field, issue.message]))

interface FieldProps {
  draft: Draft
  errors: Record<string, string>
  change: (key: TextField | Switch, value: string | boolean) => void
}

interface InputProps extends ControlProps {
  value: string
  onChange: (event: { target: { value: string } }) => void
}

/** A labelled input of the draft with its error under it. */
function Field({ name, label, draft, errors, change, children }: FieldProps & { name: TextField; label: string; children: (props: InputProps) => ReactNode }) {
  return (
    <LabelledField id={`ajuste-${name}`} label={label} error={errors[name]}>
      {(control) => children({ ...control, value: draft[name], onChange: (e) => change(name, e.target.value) })}
    </LabelledField>
  )
}

function Choices<T extends string>({ values, labels, ...props }: InputProps & { values: readonly T[]; labels: Record<T, string> }) {
  return (
    <select {...props}>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </select>
  )
}

function Check({ name, label, draft, change }: FieldProps & { name: Switch; label: string }) {
  return (
    <label className="settings__check">
      <input type="checkbox" checked={draft[name]} onChange={(e) => change(name, e.target.checked)} />
      <span>{label}</span>
    </label>
  )
}

/**
 * A colour as text (any colour the widget accepts) and as the browser's colour picker. While the
 * text is no colour the picker gives way to a crossed swatch beside the field's error: the picker
 * needs some colour and would show black, which the widget would not.
 */
function ColorField({ name, ...field }: FieldProps & { name: WidgetColorKey }) {
  const value = field.draft[name]
  const shown = colord(value.trim() || DEFAULT_WIDGET_COLORS[name])
  const valid = shown.isValid() && !field.errors[name]
  return (
    <Field name={name} label={COLOR_LABELS[name]} {...field}>
      {(props) => (
        <span className="settings__color">
          {valid ? (
            <input
              type="color"
              aria-label={`Elegir en la paleta: ${COLOR_LABELS[name]}`}
              value={shown.toHex().slice(0, 7)}
              onChange={(e) => field.change(name, e.target.value)}
            />
          ) : (
            <span className="settings__swatch--invalid" role="img" aria-label={`${COLOR_LABELS[name]}: el color escrito no es válido`} />
          )}
          <input {...props} placeholder={DEFAULT_WIDGET_COLORS[name]} autoComplete="off" spellCheck={false} />
        </span>
      )}
    </Field>
  )
}

function Warnings({ warnings }: { warnings: SettingsIssue[] }) {
  return (
    <div aria-live="polite">
      {warnings.length ? (
        <ul className="settings__warnings">
          {warnings.map((w) => (
            <li key={w.message}>{w.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/**
 * The real widget on the preview page, polling this admin's draft: every valid edit goes there
 * (debounced) and the widget shows it on its next poll, without saving anything.
 */
function Preview({ config }: { config: Record<string, unknown> | null }) {
  const [instance, setInstance] = useState('')
  const [round, setRound] = useState(0)
  const [error, setError] = useState('')
  const json = config ? JSON.stringify(config) : null
  useEffect(() => {
    if (!json) return
    const timer = setTimeout(() => {
      adminApi.preview(JSON.parse(json)).then(
        (r) => {
          setInstance(r.instance)
          setError('')
        },
        (e: Error) => setError(e.message),
      )
    }, PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [json])

  return (
    <section className="settings__preview" aria-labelledby="preview-title">
      <div className="settings__preview-top">
        <h2 id="preview-title">Vista previa</h2>
        <button type="button" className="button button--quiet" onClick={() => setRound(round + 1)} disabled={!instance}>
          Reiniciar vista previa
        </button>
      </div>
      <p className="muted">El widget real con los cambios sin guardar. Reinícialo para ver otra vez la tarjeta de bienvenida.</p>
      {error ? <p className="error">{error}</p> : null}
      {instance ? (
        <iframe key={round} title="Vista previa del chat" src={`${PREVIEW_PAGE_PATH}?${new URLSearchParams({ instancia: instance })}`} />
      ) : (
        <p className="loading">Preparando la vista previa…</p>
      )}
    </section>
  )
}

function History({ page, onRestore }: { page: SettingsPage; onRestore: (version: number) => void }) {
  const current = page.versions[0]?.version
  return (
    <section className="settings__history" aria-labelledby="history-title">
      <h2 id="history-title">Historial de cambios</h2>
      {page.versions.length === 0 ? <p className="empty">Aún no hay cambios guardados desde la consola.</p> : null}
      <ol>
        {page.versions.map((v) => (
          <li key={v.version}>
            <span>
              <strong>Versión {v.version}</strong> · {page.names[v.author] ?? 'Cuenta eliminada'} · <time dateTime={v.at}>{whenText(v.at)}</time>
              {v.restoredFrom !== null ? ` · vuelve a la versión ${v.restoredFrom}` : ''}
            </span>
            {v.version === current ? (
              <span className="tag tag--live">Actual</span>
            ) : (
              <button type="button" className="button button--quiet" onClick={() => onRestore(v.version)}>
                Volver a esta versión <span className="sr-only">({v.version})</span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
