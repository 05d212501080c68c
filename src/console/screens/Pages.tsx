import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { PAGE_IDS, PAGE_LABELS, pageTextSchemas, type PageId, type PagesDocument, type PageText } from '../../protocol/pages'
import { formatDate } from '../../catalogue/format'
import type { AgencyPages } from '../../shared/agency'
import { privacyChecklist } from '../../shared/agency-pages'
import { placeholderFiller, placeholderList } from '../../shared/agency-placeholders'
import { errorText } from '../api'
import { fieldsSummary, isStale, issuesToFields, serverFields, type FieldErrors } from '../catalogue-errors'
import { ErrorAlert } from '../ErrorAlert'
import { pagesApi } from '../pages-api'
import { queries, queryKeys } from '../queries'
import { SubmitButton } from '../SubmitButton'
import { FormError, useSubmit } from '../use-submit'
import { PostBodyInput } from './catalogue/PostBodyInput'
import { FieldErrorsContext, TextInput } from './catalogue/fields'
import type { ScreenProps } from './props'

type Drafts = { [P in PageId]: PageText<P> }

/** Where each page is on the site. */
const PAGE_PATHS: Record<PageId, string> = { home: '/', about: '/acerca', privacy: '/politica-de-privacidad' }

/** What the editor edits of each page: privacy's date is the server's (set when its text changes). */
const draftsOf = ({ home, about, privacy }: AgencyPages): Drafts => ({ home, about, privacy: { intro: privacy.intro, body: privacy.body } })

const PLACEHOLDER_HINT = `Los datos de la agencia se escriben así y el sitio los pone al día solo: ${placeholderList()}.`

/**
 * «Textos» (admins; docs/agency.md#the-pages): the texts of the home page, /acerca and the
 * privacy notice, with the blog's text editor and its «Vista previa»; the notice's editor shows
 * which sections the LFPDPPP asks for it has. A save reaches the site without a restart.
 */
export function Pages(_props: ScreenProps) {
  const stored = useQuery(queries.pages())
  return stored.data ? <PagesEditor document={stored.data} /> : (
    <section aria-labelledby="pages-title">
      <h1 id="pages-title">Textos del sitio</h1>
      {stored.error ? <ErrorAlert message={errorText(stored.error)} /> : <p className="loading">Cargando…</p>}
    </section>
  )
}

function PagesEditor({ document: loaded }: { document: PagesDocument }) {
  const queryClient = useQueryClient()
  const [page, setPage] = useState<PageId>('home')
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(loaded.pages))
  /** The revision the drafts started from: a save names it, so nobody's newer save is replaced unseen. */
  const [revision, setRevision] = useState(loaded.revision)
  const [saved, setSaved] = useState(loaded)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const fill = placeholderFiller(saved.values)

  const change = <P extends PageId>(p: P, key: keyof Drafts[P], value: string) => {
    setDrafts({ ...drafts, [p]: { ...drafts[p], [key]: value } })
    setErrors({ ...errors, [key]: undefined } as FieldErrors)
    setStatus('')
  }
  const field = <P extends PageId>(p: P, key: keyof Drafts[P] & string, label: string, rows?: number) => (
    <TextInput name={key} label={label} rows={rows} value={String(drafts[p][key])} onChange={(value) => change(p, key, value)} />
  )

  const { busy, error, submit: save } = useSubmit(async () => {
    setStatus('')
    const checked = pageTextSchemas[page].safeParse(drafts[page])
    if (!checked.success) {
      const fields = issuesToFields(checked.error.issues)
      setErrors(fields)
      throw new FormError(fieldsSummary(fields))
    }
    try {
      const answer = await pagesApi.save(page, checked.data as PageText<typeof page>, revision)
      queryClient.setQueryData(queryKeys.pages, answer)
      setSaved(answer)
      setRevision(answer.revision)
      setErrors({})
      const missing = page === 'privacy' ? privacyChecklist(answer.pages.privacy.body).filter((item) => !item.present).length : 0
      setStatus(`Guardado: el sitio ya muestra la página «${PAGE_LABELS[page]}».${missing ? ` Al aviso aún le faltan ${missing} secciones que pide la LFPDPPP.` : ''}`)
    } catch (failure) {
      if (isStale(failure)) {
        // Keep what was typed; the next save replaces what the other person saved, knowingly.
        const now = await pagesApi.get()
        setSaved(now)
        setRevision(now.revision)
      }
      const fields = Object.fromEntries(Object.entries(serverFields(failure)).map(([path, message]) => [path.replace(/^text\./, ''), message]))
      setErrors(fields)
      throw failure
    }
  })

  const checklist = privacyChecklist(drafts.privacy.body)
  const missing = checklist.filter((item) => !item.present)

  return (
    <section className="pages-editor" aria-labelledby="pages-title">
      <h1 id="pages-title">Textos del sitio</h1>
      <p className="muted">
        Los textos de la página de inicio, de «Acerca de» y del aviso de privacidad. Se escriben como las entradas del blog; al guardar, el sitio
        los muestra de inmediato.
      </p>
      <div className="catalogue-kinds" role="group" aria-label="Página">
        {PAGE_IDS.map((id) => (
          <button key={id} type="button" className="chip" aria-pressed={page === id} onClick={() => { setPage(id); setErrors({}); setStatus('') }}>
            {PAGE_LABELS[id]}
          </button>
        ))}
      </div>

      <FieldErrorsContext.Provider value={errors}>
        <form className="pages-form" onSubmit={save} noValidate>
          <h2>{PAGE_LABELS[page]}</h2>
          <p>
            <a href={PAGE_PATHS[page]} target="_blank" rel="noreferrer">Ver la página en el sitio</a>
            {saved.updatedBy ? <span className="muted"> · último cambio de {saved.updatedBy}</span> : null}
          </p>
          {page === 'home' ? (
            <>
              {field('home', 'headline', 'Título principal')}
              {field('home', 'intro', 'Frase bajo el título', 2)}
              {field('home', 'featured', 'Título de «Propiedades destacadas»')}
              {field('home', 'developments', 'Título de «Desarrollos»')}
              {field('home', 'zones', 'Título de «Zonas»')}
              {field('home', 'blog', 'Título de «Del blog»')}
            </>
          ) : null}
          {page === 'about' ? (
            <>
              {field('about', 'intro', 'Frase bajo «Acerca de»', 3)}
              <PostBodyInput name="body" legend="Texto de la página" hint={PLACEHOLDER_HINT} value={drafts.about.body} onChange={(value) => change('about', 'body', value)} fill={fill} anchors />
              <p className="muted">Después del texto, la página muestra al equipo y los botones de contacto.</p>
            </>
          ) : null}
          {page === 'privacy' ? (
            <>
              <p className="muted">Última actualización: {formatDate(saved.pages.privacy.updated)} (cambia sola al guardar un cambio del aviso).</p>
              {field('privacy', 'intro', 'Párrafo inicial', 4)}
              <section className="pages-checklist" aria-labelledby="lfpdppp-title">
                <h3 id="lfpdppp-title">Secciones que pide la LFPDPPP</h3>
                <p className="muted">Se reconocen por las palabras de cada subtítulo («## »). Revisa con tu abogado que cada una diga lo necesario.</p>
                <ul>
                  {checklist.map((item) => (
                    <li key={item.id} data-present={item.present}>
                      <strong>{item.present ? 'Incluida' : 'Falta'}</strong>: {item.label}
                    </li>
                  ))}
                </ul>
                <p role="status">{missing.length ? `Faltan ${missing.length} de ${checklist.length} secciones.` : 'El aviso tiene todas las secciones.'}</p>
              </section>
              <PostBodyInput name="body" legend="Texto del aviso" hint={PLACEHOLDER_HINT} value={drafts.privacy.body} onChange={(value) => change('privacy', 'body', value)} fill={fill} anchors />
            </>
          ) : null}
          <ErrorAlert message={error} />
          <p role="status">{status}</p>
          <SubmitButton busy={busy} busyText="Guardando…">Guardar «{PAGE_LABELS[page]}»</SubmitButton>
        </form>
      </FieldErrorsContext.Provider>
    </section>
  )
}
