import { formatArea, formatNumber, formatPrice } from '../../catalogue/format'
import { PROPERTY_TYPE_LABELS } from '../../catalogue/labels'
import type { DevelopmentModel } from '../../catalogue/model'
import { Picture } from '../components/Image'
import './property.css'

/** "3 de 20" with a bar; the bar is decoration, the text says it all. */
export function Availability({ available, total }: { available: number; total: number }) {
  const share = total > 0 ? Math.max(0, Math.min(1, available / total)) : 0
  return (
    <span className="prop-avail">
      <span className="prop-avail__text">
        {formatNumber(available)} de {formatNumber(total)}
        <span className="prop-visually-hidden"> disponibles</span>
      </span>
      <span className="prop-avail__bar" aria-hidden="true">
        <span className="prop-avail__fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </span>
  )
}

const area = (m: DevelopmentModel) =>
  m.constructionM2 ? formatArea(m.constructionM2) : m.lotM2 ? `${formatArea(m.lotM2)} de terreno` : '—'

/** A development's models: a table on wide screens, one card per model on narrow ones (CSS only). */
export function ModelsTable({ models, caption }: { models: DevelopmentModel[]; caption: string }) {
  return (
    <table className="prop-models">
      <caption className="prop-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Modelo</th>
          <th scope="col">Tipo</th>
          <th scope="col">Recámaras</th>
          <th scope="col">Baños</th>
          <th scope="col">Superficie</th>
          <th scope="col">Precio</th>
          <th scope="col">Disponibles</th>
        </tr>
      </thead>
      <tbody>
        {models.map((m) => (
          <tr key={m.slug} className="prop-models__row">
            <th scope="row" className="prop-models__name">
              {m.name}
            </th>
            <td data-label="Tipo">{PROPERTY_TYPE_LABELS[m.type].singular}</td>
            <td data-label="Recámaras">{m.bedrooms > 0 ? formatNumber(m.bedrooms) : '—'}</td>
            <td data-label="Baños">{m.bathrooms > 0 ? formatNumber(m.bathrooms) : '—'}</td>
            <td data-label="Superficie">{area(m)}</td>
            <td data-label="Precio" className="prop-models__price">
              {formatPrice(m.price)}
            </td>
            <td data-label="Disponibles">
              <Availability available={m.available} total={m.total} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The models of one kind as cards with their picture (the units pages). */
export function ModelCards({ models, deliveryLabel }: { models: DevelopmentModel[]; deliveryLabel: string | null }) {
  return (
    <ul className="prop-model-cards">
      {models.map((m, i) => (
        <li key={m.slug} className="prop-model-card">
          <Picture image={m.image} width={400} priority={i === 0} className="prop-model-card__image" />
          <div className="prop-model-card__body">
            <h3 className="prop-model-card__name">{m.name}</h3>
            <p className="prop-model-card__price">{formatPrice(m.price)}</p>
            <dl className="prop-facts prop-facts--compact">
              {m.bedrooms > 0 ? (
                <div className="prop-facts__row">
                  <dt>Recámaras</dt>
                  <dd>{formatNumber(m.bedrooms)}</dd>
                </div>
              ) : null}
              {m.bathrooms > 0 ? (
                <div className="prop-facts__row">
                  <dt>Baños</dt>
                  <dd>{formatNumber(m.bathrooms)}</dd>
                </div>
              ) : null}
              <div className="prop-facts__row">
                <dt>Superficie</dt>
                <dd>{area(m)}</dd>
              </div>
              {deliveryLabel ? (
                <div className="prop-facts__row">
                  <dt>Entrega</dt>
                  <dd>{deliveryLabel}</dd>
                </div>
              ) : null}
              <div className="prop-facts__row">
                <dt>Disponibles</dt>
                <dd>
                  <Availability available={m.available} total={m.total} />
                </dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  )
}
