import { agencyValues, placeholderFiller } from '../../../shared/agency-placeholders'
import { PostBody } from '../../../shared/PostBody'
import { languageNames } from '../../../protocol/team'
import { imageUrl } from '../../../shared/images'
import { PageHeading } from '../../components/PageHeading'
import type { ScreenProps } from '../props'
import type { AboutData } from './page'

/** "Acerca de": the agency's own text (docs/agency.md#the-pages), then the team and a call to action. */
export default function About({ payload }: ScreenProps<AboutData>) {
  const { site, data } = payload
  const fill = placeholderFiller(agencyValues(site))
  return (
    <>
      <PageHeading>Acerca de {site.name}</PageHeading>
      <p className="lead">{fill(data.text.intro, false)}</p>
      <PostBody text={data.text.body} fill={fill} anchors />

      <section aria-labelledby="equipo">
        <h2 id="equipo">Nuestro equipo</h2>
        <ul className="grid team">
          {data.team.map((member) => (
            <li key={member.id} id={member.id} className="card">
              {member.photo ? (
                <img
                  className="team__photo"
                  src={imageUrl(member.photo, 240)}
                  srcSet={`${imageUrl(member.photo, 240)} 1x, ${imageUrl(member.photo, 480)} 2x`}
                  alt={`Foto de ${member.name}`}
                  width={240}
                  height={240}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <div className="card__body">
                <h3 className="card__title">{member.name}</h3>
                <p className="card__meta"><span className="badge">{member.role}</span></p>
                <p>{member.bio}</p>
                {member.areas.length ? <p className="card__facts">{member.areas.join(' · ')}</p> : null}
                {member.languages.length ? <p className="card__facts">{`Habla: ${languageNames(member.languages).join(' · ')}`}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="hablemos" className="cta">
        <h2 id="hablemos">¿Buscas, vendes o quieres invertir?</h2>
        <p>Cuéntanos qué necesitas y un asesor te responderá el mismo día, o revisa las propiedades disponibles.</p>
        <p className="cta__actions">
          <a className="button" href="/contacto">Habla con un asesor</a>
          <a className="button button--secondary" href="/buscar-propiedades">Buscar propiedades</a>
        </p>
      </section>
    </>
  )
}
