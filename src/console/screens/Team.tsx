import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { LANGUAGE_NAMES, teamSaveSchema, TEAM_LIMITS, type TeamDocument } from '../../protocol/team'
import type { TeamMember } from '../../shared/agency'
import { errorText } from '../api'
import { fieldsSummary, isStale, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { movePhoto, removePhoto } from '../catalogue-photos'
import { ErrorAlert } from '../ErrorAlert'
import { queries, queryKeys } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { teamApi } from '../team-api'
import { FormError, useSubmit } from '../use-submit'
import { LabelledField } from './LabelledField'
import { PersonPhoto } from './PersonPhoto'
import type { ScreenProps } from './props'

/** A member as the form holds it: the specialities as one line of text, as typed. */
type MemberDraft = Omit<TeamMember, 'areas'> & { areas: string; key: string }

let drafted = 0
const draftOf = (member: TeamMember): MemberDraft => ({ ...member, areas: member.areas.join(', '), key: `m${++drafted}` })
const NEW_MEMBER = (): MemberDraft => draftOf({ id: '', name: '', role: '', bio: '', areas: [], languages: ['es'], photo: null, accountId: null })
const memberOf = ({ key: _key, areas, ...member }: MemberDraft): TeamMember => ({ ...member, areas: areas.split(',').map((area) => area.trim()) })

/**
 * «Equipo» (admins; docs/agency.md#the-team): the people /acerca shows and the blog names, in
 * their order, each with photo, role, presentation, specialities, languages and the console
 * account that is them (the one leads are assigned to and a visitor asking for them by name is
 * handed to). Saved whole: the site shows it at once; a save over someone else's is refused and
 * what was typed stays.
 */
export function Team(_props: ScreenProps) {
  const saved = useQuery(queries.team())
  const accounts = useQuery(queries.accounts())
  const queryClient = useQueryClient()
  const [loaded, setLoaded] = useState<TeamDocument | null>(null)
  const [drafts, setDrafts] = useState<MemberDraft[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const [stale, setStale] = useState(false)

  const load = (document: TeamDocument) => {
    setLoaded(document)
    setDrafts(document.team.map(draftOf))
    setErrors({})
    setStale(false)
  }
  // The first answer fills the form; later ones (after a save) are loaded by the save itself.
  useEffect(() => {
    if (saved.data && !loaded) load(saved.data)
  }, [saved.data, loaded])

  const change = (index: number, patch: Partial<MemberDraft>) => {
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)))
    const cleared = { ...errors }
    for (const field of Object.keys(patch)) for (const path of Object.keys(cleared)) if (path.startsWith(`team.${index}.${field}`)) delete cleared[path]
    setErrors(cleared)
  }
  // Moving or removing a member moves their errors' indexes: the messages are cleared instead of misplaced.
  const reorder = (next: MemberDraft[]) => {
    setDrafts(next)
    setErrors({})
  }

  const { busy, error: formError, submit: save } = useSubmit(async () => {
    if (!loaded) return
    const checked = teamSaveSchema.safeParse({ revision: loaded.revision, team: drafts.map(memberOf) })
    if (!checked.success) {
      const fields = issuesToFields(checked.error.issues)
      setErrors(fields)
      throw new FormError(fieldsSummary(fields))
    }
    try {
      const answer = await teamApi.save(loaded.revision, checked.data.team)
      queryClient.setQueryData(queryKeys.team, answer)
      load(answer)
      // People lists (lead assignment) name linked accounts by their member.
      await queryClient.invalidateQueries({ queryKey: queryKeys.people })
      setStatus('Equipo guardado. El sitio ya lo muestra.')
    } catch (failure) {
      setErrors(serverFields(failure))
      setStale(isStale(failure))
      throw failure
    }
  })
  const reload = async () => {
    const answer = await queryClient.fetchQuery({ ...queries.team(), staleTime: 0 })
    load(answer)
    setStatus('Se cargó la versión guardada.')
  }

  const error = formError || (saved.error ? errorText(saved.error) : '')
  const id = (index: number, field: string) => `team-${index}-${field}`
  const fieldError = (index: number, field: string) =>
    errors[`team.${index}.${field}`] ?? Object.entries(errors).find(([path]) => path.startsWith(`team.${index}.${field}.`))?.[1]

  return (
    <section className="team-editor" aria-labelledby="team-title">
      <h1 id="team-title">Equipo</h1>
      <p className="muted">
        Las personas que el sitio presenta en «Acerca de» y como autores del blog, en este orden. Vincula a cada una con su cuenta de la consola: así
        aparece con su nombre al asignar prospectos, y si un visitante pide hablar con ella en el chat, la conversación pasa a su cuenta.
      </p>
      {saved.isPending ? <p className="loading">Cargando…</p> : null}
      {loaded ? (
        <form onSubmit={save} noValidate>
          <ol className="team-editor__list">
            {drafts.map((draft, index) => (
              <li key={draft.key} className="team-editor__member">
                <fieldset>
                  <legend>{draft.name.trim() || `Persona ${index + 1}`}</legend>
                  <LabelledField id={id(index, 'name')} label="Nombre" error={fieldError(index, 'name')}>
                    {(props) => <input {...props} maxLength={TEAM_LIMITS.name} value={draft.name} onChange={(e) => change(index, { name: e.target.value })} />}
                  </LabelledField>
                  <LabelledField id={id(index, 'role')} label="Puesto" error={fieldError(index, 'role')}>
                    {(props) => <input {...props} maxLength={TEAM_LIMITS.role} value={draft.role} onChange={(e) => change(index, { role: e.target.value })} />}
                  </LabelledField>
                  <LabelledField id={id(index, 'bio')} label="Presentación" error={fieldError(index, 'bio')}>
                    {(props) => <textarea {...props} rows={3} value={draft.bio} onChange={(e) => change(index, { bio: e.target.value })} />}
                  </LabelledField>
                  <LabelledField id={id(index, 'areas')} label="Especialidades (separadas por comas)" error={fieldError(index, 'areas')}>
                    {(props) => <input {...props} value={draft.areas} onChange={(e) => change(index, { areas: e.target.value })} />}
                  </LabelledField>
                  <fieldset className="team-editor__languages" aria-describedby={fieldError(index, 'languages') ? `${id(index, 'languages')}-error` : undefined}>
                    <legend>Idiomas que habla</legend>
                    {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                      <label key={code} className="settings__check">
                        <input
                          type="checkbox"
                          checked={draft.languages.includes(code)}
                          onChange={(e) => change(index, { languages: e.target.checked ? [...draft.languages, code] : draft.languages.filter((c) => c !== code) })}
                        />
                        <span>{name}</span>
                      </label>
                    ))}
                    {fieldError(index, 'languages') ? (
                      <span id={`${id(index, 'languages')}-error`} className="error">
                        {fieldError(index, 'languages')}
                      </span>
                    ) : null}
                  </fieldset>
                  <LabelledField id={id(index, 'photo')} label="Foto" error={fieldError(index, 'photo')}>
                    {(props) => (
                      <PersonPhoto
                        control={props}
                        photo={draft.photo}
                        name={draft.name}
                        // By its key: the member may have moved while their photo went up.
                        onUploaded={(photo) => setDrafts((now) => now.map((other) => (other.key === draft.key ? { ...other, photo } : other)))}
                        onRefused={(message) =>
                          setErrors(({ [`team.${index}.photo`]: _old, ...rest }) => (message ? { ...rest, [`team.${index}.photo`]: message } : rest))
                        }
                        onRemoved={() => change(index, { photo: null })}
                      />
                    )}
                  </LabelledField>
                  <LabelledField id={id(index, 'accountId')} label="Cuenta de la consola" error={fieldError(index, 'accountId')}>
                    {(props) => (
                      <select {...props} value={draft.accountId ?? ''} onChange={(e) => change(index, { accountId: e.target.value || null })}>
                        <option value="">Sin cuenta</option>
                        {(accounts.data ?? []).map((account) => (
                          <option key={account.id} value={account.id}>
                            {account.name} ({account.email})
                          </option>
                        ))}
                      </select>
                    )}
                  </LabelledField>
                  <p className="team-editor__actions">
                    <button type="button" className="button button--quiet" disabled={index === 0} onClick={() => reorder(movePhoto(drafts, index, index - 1))}>
                      Subir <span className="sr-only">a {draft.name}</span>
                    </button>
                    <button type="button" className="button button--quiet" disabled={index === drafts.length - 1} onClick={() => reorder(movePhoto(drafts, index, index + 1))}>
                      Bajar <span className="sr-only">a {draft.name}</span>
                    </button>
                    <button type="button" className="button button--quiet" onClick={() => reorder(removePhoto(drafts, index))}>
                      Quitar del equipo <span className="sr-only">a {draft.name}</span>
                    </button>
                  </p>
                </fieldset>
              </li>
            ))}
          </ol>
          <p>
            <button type="button" className="button button--quiet" disabled={drafts.length >= TEAM_LIMITS.members} onClick={() => setDrafts([...drafts, NEW_MEMBER()])}>
              Agregar persona
            </button>
          </p>
          <ErrorAlert message={error} />
          {stale ? (
            <p>
              Lo que escribiste sigue aquí.{' '}
              <button type="button" className="button button--quiet" onClick={() => void reload()}>
                Cargar la versión guardada (se pierde lo escrito)
              </button>
            </p>
          ) : null}
          <p role="status">{status}</p>
          {loaded.updatedBy ? (
            <p className="muted">{`Guardado por última vez por ${loaded.updatedBy}.`}</p>
          ) : null}
          <SubmitButton busy={busy} busyText="Guardando…">
            Guardar equipo
          </SubmitButton>
        </form>
      ) : null}
    </section>
  )
}
