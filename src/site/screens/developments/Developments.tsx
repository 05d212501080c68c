import { formatMonth, formatPrice } from '../../../catalogue/format'
import { STAGE_LABELS } from '../../../catalogue/labels'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import type { DevelopmentsData } from './page'

export default function Developments({ payload }: ScreenProps<DevelopmentsData>) {
  return (
    <>
      <PageHeading>Desarrollos inmobiliarios en Cancún</PageHeading>
      <ul className="tiles">
        {payload.data.developments.map((d, i) => (
          <li key={d.slug}>
            <a href={`/${d.slug}`}>
              {d.images[0] ? <Picture image={d.images[0]} width={360} priority={i === 0} /> : null}
              <strong>{d.name}</strong>
              <span>{STAGE_LABELS[d.stage]}{d.deliveryDate ? ` · entrega ${formatMonth(d.deliveryDate)}` : ''} · desde {formatPrice(d.priceFrom)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}
