import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LabelledField } from './LabelledField'
import { serverFields } from '../catalogue-errors'
import type { KnowledgeEntry, KnowledgeInput } from '../../protocol/knowledge'
import { whenText } from '../../shared/agency-format'
import { placeholderList } from '../../shared/agency-placeholders'
import { errorText } from '../api'
import { ConfirmDialog } from '../ConfirmDialog'
import { ErrorAlert } from '../ErrorAlert'
import { checkDraft, draftFromQuestion, draftOf, EMPTY_DRAFT, fieldErrors, type KnowledgeDraft } from '../knowledge-draft'
import { knowledgeApi } from '../knowledge-api'
import { queries, queryKeys } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { useRecordEditor } from '../use-record-editor'
import type { ScreenProps } from './props'

type Errors = Partial<Record<keyof KnowledgeDraft, string>>

/** The answers name the agency's facts as the site's texts do (src/shared/agency-placeholders.ts): the agent fills them when it answers. */
const PLACEHOLDER_HINT = `Los datos de la agencia se escriben así y el asistente los pone al día solo: ${placeholderList()}.`
const PLACEHOLDER_HINT_EN = 'Los mismos datos; en inglés se ponen en inglés (el horario, los idiomas).'

/**
 * «Conocimiento» (admins; docs/knowledge.md#console): what the agent answers about the agency —
 * each entry's example questions, its answer in Spanish (and English), and whether it offers an
 * adviser after it — and the visitors' questions nothing answered, most frequent first. A saved
 * change is used by the agent's next message.
 */
export function Knowledge(_props: ScreenProps) {
  const entries = useQuery(queries.knowledge())
  const unmatched = useQuery(queries.unmatched())
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all })
  const form = useRecordEditor<KnowledgeEntry, KnowledgeDraft, KnowledgeInput, Errors>({
    empty: EMPTY_DRAFT,
    draftOf,
    formId: 'knowledge-form',
    check: (draft) => {
      const checked = checkDraft(draft)
      return checked.ok ? { ok: true, value: checked.entry } : { ok: false, errors: checked.errors, message: 'Revisa los campos marcados antes de guardar.' }
    },
    store: async (editing, value) => (editing ? await knowledgeApi.save(editing.name, value) : await knowledgeApi.add(value)).entry,
    saved: (entry) => `Guardado: «${entry.title}». El asistente lo usa desde el siguiente mensaje.`,
    serverErrors: (failure) => fieldErrors(serverFields(failure)),
    remove: (entry) => knowledgeApi.remove(entry.name),
    removed: (entry) => `Se eliminó «${entry.title}».`,
    same: (a, b) => a.name === b.name,
    reload,
  })
  const { editing, draft, setDraft, errors, setErrors, status, start, busy, save, dialog, removing, askRemove, remove } = form
  const change = <K extends keyof KnowledgeDraft>(key: K, value: KnowledgeDraft[K]) => {
    setDraft({ ...draft, [key]: value })
    setErrors({ ...errors, [key]: undefined })
  }
  const error = form.error || (entries.error ? errorText(entries.error) : '')

  return (
    <section className="knowledge" aria-labelledby="knowledge-title">
      <h1 id="knowledge-title">Conocimiento</h1>
      <p className="muted">
        Lo que el asistente responde sobre la agencia: comisiones, crédito, extranjeros, gastos… Cada entrada tiene preguntas de ejemplo (así aprende a
        reconocerla), la respuesta y si ofrece un asesor después. Los cambios se usan desde el siguiente mensaje.
      </p>

      <h2>Entradas</h2>
      {entries.isPending ? <p className="loading">Cargando…</p> : null}
      <ul className="account-list knowledge-list">
        {(entries.data ?? []).map((entry) => (
          <li key={entry.name}>
            <span>
              <strong>{entry.title}</strong> · {entry.examples.es.length + entry.examples.en.length} preguntas de ejemplo
              {entry.answer.en ? ' · español e inglés' : ' · solo español'}
              {entry.adviser ? ' · ofrece asesor' : ''}
            </span>
            <span className="account-list__actions">
              <button type="button" className="button button--quiet" onClick={() => start(entry)}>
                Editar <span className="sr-only">{entry.title}</span>
              </button>
              <button type="button" className="button button--quiet" onClick={() => askRemove(entry)}>
                Eliminar <span className="sr-only">{entry.title}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        ref={dialog}
        id="remove-knowledge"
        title={`¿Eliminar «${removing?.title ?? ''}»?`}
        text="El asistente deja de responder esa pregunta desde el siguiente mensaje."
        confirm="Sí, eliminar"
        onConfirm={remove}
      />

      <form id="knowledge-form" className="knowledge-form" onSubmit={save} noValidate>
        <h2>{editing ? `Editar «${editing.title}»` : 'Nueva entrada'}</h2>
        <LabelledField id="knowledge-title-field" label="Tema" error={errors.title}>
          {(props) => <input {...props} maxLength={80} value={draft.title} onChange={(e) => change('title', e.target.value)} />}
        </LabelledField>
        <LabelledField id="knowledge-examples-es" label="Preguntas de ejemplo en español (una por línea)" error={errors.examplesEs}>
          {(props) => <textarea {...props} rows={4} value={draft.examplesEs} onChange={(e) => change('examplesEs', e.target.value)} />}
        </LabelledField>
        <LabelledField id="knowledge-answer-es" label="Respuesta en español" hint={PLACEHOLDER_HINT} error={errors.answerEs}>
          {(props) => <textarea {...props} rows={5} value={draft.answerEs} onChange={(e) => change('answerEs', e.target.value)} />}
        </LabelledField>
        <LabelledField id="knowledge-examples-en" label="Preguntas de ejemplo en inglés (opcional, una por línea)" error={errors.examplesEn}>
          {(props) => <textarea {...props} rows={3} value={draft.examplesEn} onChange={(e) => change('examplesEn', e.target.value)} />}
        </LabelledField>
        <LabelledField id="knowledge-answer-en" label="Respuesta en inglés (opcional; con preguntas en inglés)" hint={PLACEHOLDER_HINT_EN} error={errors.answerEn}>
          {(props) => <textarea {...props} rows={4} value={draft.answerEn} onChange={(e) => change('answerEn', e.target.value)} />}
        </LabelledField>
        <label className="settings__check">
          <input type="checkbox" checked={draft.adviser} onChange={(e) => change('adviser', e.target.checked)} />
          <span>Ofrecer un asesor después de la respuesta</span>
        </label>
        <ErrorAlert message={error} />
        <p role="status">{status}</p>
        <SubmitButton busy={busy} busyText="Guardando…">
          {editing ? 'Guardar cambios' : 'Agregar entrada'}
        </SubmitButton>
        {editing ? (
          <button type="button" className="button button--quiet" onClick={() => start(null)}>
            Cancelar
          </button>
        ) : null}
      </form>

      <h2>Preguntas sin respuesta</h2>
      <p className="muted">Lo que preguntaron los visitantes y el asistente no entendió, lo más frecuente primero: ideas para nuevas entradas.</p>
      {unmatched.error ? <ErrorAlert message={errorText(unmatched.error)} /> : null}
      {unmatched.data && !unmatched.data.length ? <p>Todavía no hay preguntas sin respuesta.</p> : null}
      {unmatched.data?.length ? (
        <table className="knowledge-unmatched">
          <thead>
            <tr>
              <th scope="col">Pregunta</th>
              <th scope="col">Veces</th>
              <th scope="col">Última vez</th>
              <th scope="col">
                <span className="sr-only">Acción</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {unmatched.data.map((q) => (
              <tr key={q.question}>
                <td>{q.question}</td>
                <td>{q.count}</td>
                <td>{whenText(q.lastAskedAt)}</td>
                <td>
                  <button type="button" className="button button--quiet" onClick={() => start(null, draftFromQuestion(q.question))}>
                    Crear entrada <span className="sr-only">para «{q.question}»</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

