import type { ScreenProps } from '../props'
import { PageHeading } from '../../components/PageHeading'
import type { ErrorData } from './payload'
import { SEARCH_PATH } from '../../search/query'

/** Error page (docs/behaviour.md#errors): 404 title or "A ocurrido un error", the message, and "Regresar". */
export default function ErrorScreen({ payload }: ScreenProps<ErrorData>) {
  const { status, kind, path } = payload.data
  return (
    <section className="error-page">
      <PageHeading>{status === 404 ? 'No se pudo encontrar esta página' : 'A ocurrido un error'}</PageHeading>
      {kind === 'not-found' ? <p className="error-page__message">{`Page not found: ${path}`}</p> : null}
      {kind === 'invalid' ? <p className="error-page__message">{`Page Not Found: ${path}`}</p> : null}
      <p>Es posible que el enlace esté roto o que la dirección no exista.</p>
      <p><a href="/">Regresar</a></p>
      {/* A listing that is gone or a mistyped address: the search is where the visitor was heading. */}
      {status === 404 ? <p><a href={SEARCH_PATH}>Buscar propiedades</a></p> : null}
    </section>
  )
}
