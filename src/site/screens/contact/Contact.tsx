import { PageHeading } from '../../components/PageHeading'
import { LeadForm } from '../../forms/LeadForm'
import type { NoData } from '../../data/payload'
import type { ScreenProps } from '../props'

export default function Contact({ payload }: ScreenProps<NoData>) {
  const { site } = payload
  return (
    <>
      <PageHeading>Contacto</PageHeading>
      <p className="lead">Escríbenos y un asesor te responderá el mismo día.</p>
      <p>
        {site.addressDisplay} · Tel. <a href={`tel:${site.phone}`}>{site.phoneDisplay}</a> · <a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
      <p>{site.hoursDisplay.join(' · ')}.</p>
      <LeadForm source="contacto" heading="Envíanos un mensaje" intro="Cuéntanos qué buscas y te respondemos por teléfono o por correo." />
    </>
  )
}
