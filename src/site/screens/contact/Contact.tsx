import { PageHeading } from '../../components/PageHeading'
import { LeadForm } from '../../forms/LeadForm'

export default function Contact() {
  return (
    <>
      <PageHeading>Contacto</PageHeading>
      <p className="lead">Escríbenos y un asesor te responderá el mismo día.</p>
      <p>Av. Bonampak, SM 10, Cancún, Q. Roo · Tel. <a href="tel:+529981234567">998 123 4567</a> · <a href="mailto:hola@cancunpropiedades.mx">hola@cancunpropiedades.mx</a></p>
      <p>Lunes a viernes de 9:00 a 19:00, sábados de 10:00 a 14:00.</p>
      <LeadForm source="contacto" heading="Envíanos un mensaje" intro="Cuéntanos qué buscas y te respondemos por teléfono o por correo." />
    </>
  )
}
