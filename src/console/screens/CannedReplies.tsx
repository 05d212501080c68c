import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { foldText } from '../../domain/fold'
import { CANNED_LIMITS, cannedReplyInputSchema, type CannedCard, type CannedReply, type CannedReplyInput } from '../../protocol/canned'
import { REPLY_LANGUAGES, REPLY_VARIABLES } from '../../shared/reply-variables'
import { errorText } from '../api'
import { cannedApi } from '../canned-api'
import { errorUnder, fieldsSummary, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { ConfirmDialog } from '../ConfirmDialog'
import { ErrorAlert } from '../ErrorAlert'
import { queries, queryKeys } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { useRecordEditor } from '../use-record-editor'
import { LabelledField } from './LabelledField'
import { PropertyPicker } from './PropertyPicker'
import type { ScreenProps } from './props'

/** A reply as the form holds it: its cards with their titles, to list them. */
interface Draft {
  title: string
  shortcut: string
  language: 'es' | 'en'
  text: string
  listings: CannedCard[]
  shared: boolean
}

const EMPTY: Draft = { title: '', shortcut: '', language: 'es', text: '', listings: [], shared: true }
const draftOf = ({ title, shortcut, language, text, listings, shared }: CannedReply): Draft => ({ title, shortcut, language, text, listings, shared })

const VARIABLES_HINT = `Se llenan con los datos de la conversación: ${Object.entries(REPLY_VARIABLES)
  .map(([name, what]) => `{${name}} ${what}`)
  .join(', ')}. Si una conversación no tiene el dato, la variable queda escrita para que la completes antes de enviar.`

type Scope = 'all' | 'shared' | 'mine'
const SCOPES: Record<Scope, string> = { all: 'Todas', shared: 'Del equipo', mine: 'Personales' }

/**
 * «Respuestas guardadas» (docs/console.md#canned-replies; a part of «Conversaciones»): the team's saved answers, which the composer
 * offers after a «/». Everyone lists and searches the shared ones and their own personal ones,
 * adds replies, and changes or deletes those they may: their own, and, for admins, every shared
 * one (the server refuses the rest; the buttons only spare the refusal).
 */
export function CannedReplies({ account }: ScreenProps) {
  const replies = useQuery(queries.cannedReplies())
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.canned.all })
  const [q, setQ] = useState('')
  const [scope, setScope] = useState<Scope>('all')
  const form = useRecordEditor<CannedReply, Draft, CannedReplyInput, FieldErrors>({
    empty: EMPTY,
    draftOf,
    formId: 'canned-form',
    check: (draft) => {
      const checked = cannedReplyInputSchema.safeParse({ ...draft, listings: draft.listings.map((card) => card.id) })
      if (checked.success) return { ok: true, value: checked.data }
      const fields = issuesToFields(checked.error.issues)
      return { ok: false, errors: fields, message: fieldsSummary(fields) }
    },
    store: async (editing, value) => (editing ? await cannedApi.save(editing.id, value) : await cannedApi.add(value)).reply,
    saved: (reply) => `Guardada: «${reply.title}». En una conversación, escribe «/${reply.shortcut}» para usarla.`,
    serverErrors: serverFields,
    remove: (reply) => cannedApi.remove(reply.id),
    removed: (reply) => `Se eliminó «${reply.title}».`,
    same: (a, b) => a.id === b.id,
    reload,
  })
  const { editing, draft, setDraft, errors, setErrors, status, start, busy, save, dialog, removing, askRemove, remove } = form
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch })
    const cleared = { ...errors }
    for (const key of Object.keys(patch)) for (const path of Object.keys(cleared)) if (path === key || path.startsWith(`${key}.`)) delete cleared[path]
    setErrors(cleared)
  }

  const words = foldText(q.trim()).split(/\s+/).filter(Boolean)
  const shown = (replies.data ?? []).filter((reply) => {
    if (scope === 'shared' && !reply.shared) return false
    if (scope === 'mine' && reply.shared) return false
    const haystack = foldText(`${reply.shortcut} ${reply.title} ${reply.text}`)
    return words.every((word) => haystack.includes(word))
  })
  const error = form.error || (replies.error ? errorText(replies.error) : '')
  // An admin changing someone else's shared reply keeps it shared: only its author makes it personal.
  const othersShared = editing !== null && editing.authorId !== account.id

  return (
    <section className="canned" aria-labelledby="canned-title">
      <p className="canned__back">
        <a href="#/conversaciones">← Conversaciones</a>
      </p>
      <h1 id="canned-title">Respuestas guardadas</h1>
      <p className="muted">
        Las respuestas que el equipo usa a menudo. En una conversación, escribe «/» y el atajo para elegir una: se llena con los datos del visitante y la
        puedes cambiar antes de enviarla. Las del equipo las ven todos y las cambian su autor y los administradores; las personales solo las ves tú.
      </p>

      <div className="canned__filters">
        <label className="field">
          <span>Buscar</span>
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Atajo, título o texto" />
        </label>
        <div className="filters" role="group" aria-label="Cuáles">
          {(Object.keys(SCOPES) as Scope[]).map((key) => (
            <button key={key} type="button" className="chip" aria-pressed={scope === key} onClick={() => setScope(key)}>
              {SCOPES[key]}
            </button>
          ))}
        </div>
      </div>

      {replies.isPending ? <p className="loading">Cargando…</p> : null}
      {replies.data && !shown.length ? <p className="empty">{replies.data.length ? 'Ninguna respuesta coincide.' : 'Todavía no hay respuestas guardadas.'}</p> : null}
      <ul className="account-list canned-list">
        {shown.map((reply) => (
          <li key={reply.id}>
            <span className="canned-list__text">
              <strong>/{reply.shortcut}</strong> {reply.title}
              <span className="muted">
                {REPLY_LANGUAGES[reply.language]} · {reply.shared ? `Del equipo · de ${reply.authorName}` : 'Personal'}
                {reply.listings.length ? ` · ${reply.listings.length === 1 ? '1 propiedad' : `${reply.listings.length} propiedades`}` : ''}
              </span>
              <span className="canned-list__preview">{reply.text}</span>
            </span>
            {reply.canEdit ? (
              <span className="account-list__actions">
                <button type="button" className="button button--quiet" onClick={() => start(reply)}>
                  Editar <span className="sr-only">{reply.title}</span>
                </button>
                <button type="button" className="button button--quiet" onClick={() => askRemove(reply)}>
                  Eliminar <span className="sr-only">{reply.title}</span>
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        ref={dialog}
        id="remove-canned"
        title={`¿Eliminar «${removing?.title ?? ''}»?`}
        text={removing?.shared ? 'Nadie del equipo podrá volver a usarla.' : 'Ya no podrás volver a usarla.'}
        confirm="Sí, eliminar"
        onConfirm={remove}
      />

      <form id="canned-form" className="canned-form" onSubmit={save} noValidate>
        <h2>{editing ? `Editar «${editing.title}»` : 'Nueva respuesta'}</h2>
        <LabelledField id="canned-title-field" label="Título" error={errors.title}>
          {(props) => <input {...props} maxLength={CANNED_LIMITS.title} value={draft.title} onChange={(e) => change({ title: e.target.value })} />}
        </LabelledField>
        <LabelledField id="canned-shortcut" label="Atajo" hint="Sin espacios; en una conversación, «/» y el atajo la eligen." error={errors.shortcut}>
          {(props) => <input {...props} maxLength={CANNED_LIMITS.shortcut + 1} value={draft.shortcut} placeholder="visita" onChange={(e) => change({ shortcut: e.target.value })} />}
        </LabelledField>
        <LabelledField id="canned-language" label="Idioma" error={errors.language}>
          {(props) => (
            <select {...props} value={draft.language} onChange={(e) => change({ language: e.target.value as Draft['language'] })}>
              {Object.entries(REPLY_LANGUAGES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LabelledField id="canned-text" label="Texto" hint={VARIABLES_HINT} error={errors.text}>
          {(props) => <textarea {...props} rows={5} maxLength={CANNED_LIMITS.text} value={draft.text} onChange={(e) => change({ text: e.target.value })} />}
        </LabelledField>

        <fieldset className="canned-form__cards" aria-describedby={errorUnder(errors, 'listings') ? 'canned-listings-error' : undefined}>
          <legend>Tarjetas de propiedades (opcional)</legend>
          {draft.listings.length ? (
            <ol>
              {draft.listings.map((card, index) => (
                <li key={card.id}>
                  <span>{card.title ?? 'Propiedad que ya no está publicada'}</span>
                  {errors[`listings.${index}`] ? <span className="error"> {errors[`listings.${index}`]}</span> : null}
                  <button type="button" className="button button--quiet" onClick={() => change({ listings: draft.listings.filter((other) => other.id !== card.id) })}>
                    Quitar <span className="sr-only">{card.title ?? 'la propiedad'}</span>
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">Sin tarjetas: la respuesta es solo texto.</p>
          )}
          {draft.listings.length < CANNED_LIMITS.listings ? (
            <PropertyPicker
              label="Agregar propiedad"
              onPick={(pick) => {
                if (!draft.listings.some((card) => card.id === pick.id)) change({ listings: [...draft.listings, { id: pick.id, title: pick.title }] })
              }}
            />
          ) : null}
          {errors.listings ? (
            <span id="canned-listings-error" className="error">
              {errors.listings}
            </span>
          ) : null}
        </fieldset>

        <fieldset className="canned-form__scope" aria-describedby={errors.shared ? 'canned-shared-error' : 'canned-shared-hint'}>
          <legend>Quién la usa</legend>
          <label className="settings__check">
            <input type="radio" name="canned-shared" checked={draft.shared} onChange={() => change({ shared: true })} />
            <span>Todo el equipo</span>
          </label>
          <label className="settings__check">
            <input type="radio" name="canned-shared" checked={!draft.shared} disabled={othersShared} onChange={() => change({ shared: false })} />
            <span>Solo yo</span>
          </label>
          <span id="canned-shared-hint" className="field__hint">
            {othersShared ? `Es de ${editing?.authorName}: solo su autor puede hacerla personal.` : 'Las del equipo las cambian su autor y los administradores.'}
          </span>
          {errors.shared ? (
            <span id="canned-shared-error" className="error">
              {errors.shared}
            </span>
          ) : null}
        </fieldset>

        <ErrorAlert message={error} />
        <p role="status">{status}</p>
        <SubmitButton busy={busy} busyText="Guardando…">
          {editing ? 'Guardar cambios' : 'Agregar respuesta'}
        </SubmitButton>
        {editing ? (
          <button type="button" className="button button--quiet" onClick={() => start(null)}>
            Cancelar
          </button>
        ) : null}
      </form>
    </section>
  )
}
