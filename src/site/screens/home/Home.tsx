import { formatPrice } from '../../../catalogue/format'
import { STAGE_LABELS } from '../../../catalogue/labels'
import { agencyValues, placeholderFiller } from '../../../shared/agency-placeholders'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { HomeData } from './page'

/** The home page: its headline, line and section headings are the agency's (docs/agency.md#the-pages), the cards the catalogue's. */
export default function Home({ payload }: ScreenProps<HomeData>) {
  const { featured, developments, zones, posts } = payload.data
  // Its lines may name the agency ({nombre}): filled like the other pages' texts.
  const fill = placeholderFiller(agencyValues(payload.site))
  const text = Object.fromEntries(Object.entries(payload.data.text).map(([key, value]) => [key, fill(value, false)])) as HomeData['text']
  return (
    <>
      <section className="hero">
        <PageHeading>{text.headline}</PageHeading>
        <p className="lead">{text.intro}</p>
        <form className="hero__search" action="/buscar-propiedades" method="get" role="search">
          <label htmlFor="hero-q">¿Qué buscas?</label>
          <input id="hero-q" name="q" type="search" placeholder="Ej. casa con alberca en Huayacán" />
          <button type="submit">Buscar</button>
        </form>
      </section>
      {/* A section with nothing to show is left out: an agency that starts without listings shows no empty headings. */}
      {featured.length ? (
        <section aria-labelledby="destacadas">
          <h2 id="destacadas">{text.featured}</h2>
          <PropertyGrid items={featured} priorityFirst />
        </section>
      ) : null}
      {developments.length ? <section aria-labelledby="desarrollos">
        <h2 id="desarrollos">{text.developments}</h2>
        <ul className="tiles">
          {developments.map((d) => (
            <li key={d.slug}>
              <a href={`/${d.slug}`}>
                {d.images[0] ? <Picture image={d.images[0]} width={360} /> : null}
                <strong>{d.name}</strong> · {STAGE_LABELS[d.stage]} · desde {formatPrice(d.priceFrom)}
              </a>
            </li>
          ))}
        </ul>
      </section> : null}
      <section aria-labelledby="zonas">
        <h2 id="zonas">{text.zones}</h2>
        <ul className="tiles">
          {zones.map((z) => (
            <li key={z.slug}>
              <a href={z.path!}>
                <Picture image={z.image} width={360} />
                <strong>{z.name}</strong>
              </a>
            </li>
          ))}
        </ul>
      </section>
      {posts.length ? <section aria-labelledby="blog">
        <h2 id="blog">{text.blog}</h2>
        <ul className="tiles">
          {posts.map((p) => (
            <li key={p.slug}>
              <a href={`/blog/${p.slug}`}>
                <Picture image={p.cover} width={360} />
                <strong>{p.title}</strong>
              </a>
            </li>
          ))}
        </ul>
      </section> : null}
    </>
  )
}
