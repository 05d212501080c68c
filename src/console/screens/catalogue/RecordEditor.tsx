/**
 * One catalogue record's form (docs/console.md#catalogue): new or loaded, checked in the browser
 * by the shared schema, saved with the revision it was loaded at (a 409 says someone else saved
 * first and keeps what was typed), published or kept as a draft, duplicated, archived, previewed.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ComponentType } from 'react'
import type { ConsoleAccount } from '../../../protocol/console'
import { errorText } from '../../api'
import { catalogueApi } from '../../catalogue-api'
import { historyFieldLabel, historyValueText } from '../../catalogue-history'
import { fieldsSummary, isStale, serverFields, type FieldErrors } from '../../catalogue-errors'
import { cataloguePath, emptyRecord, kindInfo, mayPublish, PUBLICATION_LABELS, recordKey, recordTitle } from '../../catalogue-kinds'
import type { AnyRecord, CatalogueKind, Editable, Publication } from '../../catalogue-types'
import { validateRecord } from '../../catalogue-validate'
import { ConfirmDialog, type ConfirmHandle } from '../../ConfirmDialog'
import { ErrorAlert } from '../../ErrorAlert'
import { queries, queryKeys } from '../../queries'
import { FormError, useSubmit } from '../../use-submit'
import { whenText } from '../../../shared/agency-format'
import { FieldErrorsContext } from './fields'
import { DevelopmentFields, PostFields, ProductFields, PropertyFields, ZoneFields, type CatalogueOptions, type KindFieldsProps } from './kind-fields'

/** Each kind's form; typed per kind in kind-fields.tsx, picked here by the kind. */
const FIELDS = {
  properties: PropertyFields,
  developments: DevelopmentFields,
  posts: PostFields,
  zones: ZoneFields,
  products: ProductFields,
} as unknown as Record<CatalogueKind, ComponentType<KindFieldsProps<AnyRecord>>>

export interface EditorProps {
  kind: CatalogueKind
  /** null: a new record. */
  recordKey: string | null
  account: ConsoleAccount
  options: CatalogueOptions
  go: (path: string) => void
  /**
   * What the last action said («Publicado…»), kept by the screen: the form starts anew after a
   * save (its new revision) or a create (its new path), and the sentence must outlive it.
   */
  notice: string
  /** `text` said of the record at `recordKey` (its new key after a create). */
  onNotice: (text: string, recordKey?: string) => void
}

/** Loads the record, then shows its form; a new one starts from empty values. */
export function RecordEditor(props: EditorProps) {
  const { kind, recordKey: key } = props
  const loaded = useQuery({ ...queries.catalogueRecord(kind, key ?? ''), enabled: key !== null })
  if (key === null) return <RecordForm {...props} start={null} />
  if (loaded.error) return <ErrorAlert message={errorText(loaded.error)} />
  if (!loaded.data) return <p className="loading">Cargando…</p>
  // Keyed by the revision: a reload after a stale save starts the form from the saved version.
  return <RecordForm key={`${key}-${loaded.data.revision}`} {...props} start={loaded.data} />
}

function RecordForm({ kind, account, options, go, start, notice, onNotice }: EditorProps & { start: Editable<AnyRecord> | null }) {
  const info = kindInfo(kind)
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<AnyRecord>(() => start?.record ?? emptyRecord(kind))
  const [saved, setSaved] = useState(start)
  const [fields, setFields] = useState<FieldErrors>({})
  // Each refused send moves the focus to its first marked field, so a keyboard or a phone lands on it.
  const [refusals, setRefusals] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusals) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus()
  }, [refusals])
  const [stale, setStale] = useState(false)
  const archiveDialog = useRef<ConfirmHandle>(null)
  const publisher = mayPublish(account)
  const publication: Publication = saved?.publication ?? 'borrador'
  const key = saved ? recordKey(kind, saved.record) : null
  // Without the permission an adviser changes drafts only: what is live (and zones and pages) is not theirs to change (docs/catalogue.md#permissions).
  const mayChange = publisher || (info.publishable && publication === 'borrador')

  const stored = async (result: Editable<AnyRecord>, said: string) => {
    const newKey = recordKey(kind, result.record)
    queryClient.setQueryData(queries.catalogueRecord(kind, newKey).queryKey, result as never)
    await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.lists(kind) })
    await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.history(kind, newKey) })
    setSaved(result)
    setDraft(result.record)
    onNotice(said, newKey)
    if (newKey !== key) go(cataloguePath(kind, newKey))
  }

  /** Sends the draft as `target`; the form keeps what was typed on any refusal. */
  const save = (target: Publication) =>
    async () => {
      onNotice('')
      const local = validateRecord(kind, draft, info.publishable ? target : 'publicada')
      setFields(local)
      if (Object.keys(local).length) {
        setRefusals((n) => n + 1)
        throw new FormError(fieldsSummary(local))
      }
      try {
        const result = saved && key ? await catalogueApi.save(kind, key, draft, target, saved.revision) : await catalogueApi.create(kind, draft, target)
        setStale(false)
        await stored(result as Editable<AnyRecord>, target === 'publicada' && publication !== 'publicada' && info.publishable ? 'Publicado. Ya se ve en el sitio.' : 'Cambios guardados.')
      } catch (failure) {
        // A stale save keeps the draft and says so (the server's sentence); fields refused by the server show at each field.
        if (isStale(failure)) setStale(true)
        else {
          setFields(serverFields(failure))
          setRefusals((n) => n + 1)
        }
        throw failure
      }
    }

  const keep = useSubmit(save(info.publishable ? publication === 'archivada' ? 'borrador' : publication : 'publicada'))
  const publish = useSubmit(save('publicada'))
  const unpublish = useSubmit(save('borrador'))
  const duplicate = useSubmit(async () => {
    if (!key) return
    const copy = await catalogueApi.duplicate(kind, key)
    queryClient.setQueryData(queries.catalogueRecord(kind, recordKey(kind, copy.record)).queryKey, copy as never)
    await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.lists(kind) })
    go(cataloguePath(kind, recordKey(kind, copy.record)))
  })
  const archive = useSubmit(async () => {
    if (!key) return
    await stored((await catalogueApi.archive(kind, key)) as Editable<AnyRecord>, 'Archivado: ya no se ve en el sitio.')
  })
  const busy = keep.busy || publish.busy || unpublish.busy || duplicate.busy || archive.busy
  const error = keep.error || publish.error || unpublish.error || duplicate.error || archive.error

  const reload = async () => {
    if (!key) return
    setStale(false)
    await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.record(kind, key) })
  }

  const Fields = FIELDS[kind]
  const title = recordTitle(kind, draft)
  return (
    <section className="record" aria-labelledby="record-title">
      <p>
        <a href={`#/${cataloguePath(kind)}`} className="record__back">
          ← {info.label}
        </a>
      </p>
      <h2 id="record-title">
        {saved ? title : info.create}{' '}
        {info.publishable ? <span className={`tag tag--publication-${publication}`}>{PUBLICATION_LABELS[publication]}</span> : null}
      </h2>
      {saved ? (
        <p className="muted">
          Revisión {saved.revision} · guardada {whenText(saved.updatedAt)}
          {saved.updatedBy ? ` por ${saved.updatedBy}` : ''}
        </p>
      ) : null}
      <form
        ref={form}
        className="record__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void keep.submit()
        }}
      >
        <FieldErrorsContext.Provider value={fields}>
          <Fields draft={draft} update={setDraft} options={options} />
        </FieldErrorsContext.Provider>
        <div className="record__actions">
          <ErrorAlert message={error} />
          {stale ? (
            <p>
              <button type="button" className="button button--quiet" onClick={() => void reload()}>
                Cargar la versión guardada (se pierde lo que escribiste)
              </button>
            </p>
          ) : null}
          <p role="status">{notice}</p>
          <div className="record__buttons">
            {mayChange ? (
              <button type="submit" className="button" disabled={busy}>
                {keep.busy ? 'Guardando…' : !info.publishable ? 'Guardar' : publication === 'publicada' ? 'Guardar cambios' : 'Guardar borrador'}
              </button>
            ) : null}
            {info.publishable && publication !== 'publicada' && publisher ? (
              <button type="button" className="button" disabled={busy} onClick={() => void publish.submit()}>
                {publish.busy ? 'Publicando…' : 'Publicar'}
              </button>
            ) : null}
            {info.publishable && publication === 'publicada' && publisher ? (
              <button type="button" className="button button--quiet" disabled={busy} onClick={() => void unpublish.submit()}>
                Pasar a borrador
              </button>
            ) : null}
            {key ? (
              <>
                <a className="button button--quiet" href={catalogueApi.previewUrl(kind, key)} target="_blank" rel="noopener noreferrer">
                  Vista previa
                </a>
                <button type="button" className="button button--quiet" disabled={busy} onClick={() => void duplicate.submit()}>
                  Duplicar
                </button>
                {publication !== 'archivada' && publisher ? (
                  <button type="button" className="button button--quiet" disabled={busy} onClick={() => archiveDialog.current?.open()}>
                    Archivar
                  </button>
                ) : null}
              </>
            ) : null}
          </div>
          {!mayChange ? (
            <p className="muted">{info.publishable ? 'Esto ya se ve en el sitio: solo una cuenta con permiso de publicar lo cambia. Puedes duplicarlo como borrador.' : 'Solo una cuenta con permiso de publicar cambia zonas y páginas. Pídeselo a un administrador.'}</p>
          ) : !publisher ? (
            <p className="muted">Tu cuenta guarda borradores; una persona con permiso de publicar los publica.</p>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        ref={archiveDialog}
        id="archive-record"
        title={`¿Archivar ${title}?`}
        text={`${info.this[0]!.toUpperCase()}${info.this.slice(1)} deja de verse en el sitio; su dirección lleva a su listado. Puedes volver a publicarla después.`}
        confirm="Sí, archivar"
        onConfirm={() => void archive.submit()}
      />
      {key ? <History kind={kind} recordKey={key} /> : null}
    </section>
  )
}

/** Who changed what and when, newest first. */
function History({ kind, recordKey: key }: { kind: CatalogueKind; recordKey: string }) {
  const history = useQuery(queries.catalogueHistory(kind, key))
  const items = history.data ?? []
  return (
    <details className="record__history">
      <summary>Historial de cambios</summary>
      <ErrorAlert message={history.error ? errorText(history.error) : ''} />
      {items.length ? (
        <ol className="history">
          {items.map((item, i) => (
            <li key={i}>
              <time dateTime={item.at}>{whenText(item.at)}</time> · {item.actorName ?? 'Sistema'} · <strong>{historyFieldLabel(item.field)}</strong>: {historyValueText(item.field, item.old)} → {historyValueText(item.field, item.new)}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Sin cambios registrados.</p>
      )}
    </details>
  )
}
