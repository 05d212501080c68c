import { formatDate } from '../../../catalogue/format'
import { sectionHeadings } from '../../../shared/agency-pages'
import { agencyValues, placeholderFiller } from '../../../shared/agency-placeholders'
import { PostBody } from '../../../shared/PostBody'
import { PageHeading } from '../../components/PageHeading'
import type { ScreenProps } from '../props'
import type { PrivacyData } from './page'

/**
 * Aviso de privacidad integral (LFPDPPP): the agency's own text (docs/agency.md#the-pages), its
 * contents listed from its "## " headings, and the day it last changed.
 */
export default function Privacy({ payload }: ScreenProps<PrivacyData>) {
  const { site, data } = payload
  const fill = placeholderFiller(agencyValues(site))
  const updated = formatDate(data.text.updated)
  return (
    <article className="post">
      <PageHeading>Aviso de privacidad integral</PageHeading>
      <p className="lead">{fill(data.text.intro, false)}</p>
      <p className="post__meta">Última actualización: {updated}</p>

      <nav aria-labelledby="privacidad-indice">
        <h2 id="privacidad-indice">Contenido</h2>
        <ol>
          {sectionHeadings(data.text.body).map(({ id, text }) => (
            <li key={id}><a href={`#${id}`}>{fill(text.replace(/^\d+[.)]\s*/, ''), false)}</a></li>
          ))}
        </ol>
      </nav>

      <PostBody text={data.text.body} fill={fill} anchors />
      <p><strong>Última actualización:</strong> {updated}.</p>
    </article>
  )
}
