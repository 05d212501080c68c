import { PageHeading } from '../components/PageHeading'

export default function Privacy() {
  return (
    <>
      <PageHeading>Aviso de privacidad</PageHeading>
      <p>Cancún Propiedades, con domicilio en Av. Bonampak, SM 10, Cancún, Quintana Roo, es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.</p>
    </>
  )
}
