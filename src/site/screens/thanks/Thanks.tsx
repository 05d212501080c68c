import { PageHeading } from '../../components/PageHeading'

export default function Thanks() {
  return (
    <>
      <PageHeading>¡Gracias por escribirnos!</PageHeading>
      <p className="lead">Recibimos tu mensaje. Un asesor te contactará pronto.</p>
      <p><a href="/buscar-propiedades">Seguir buscando propiedades</a></p>
    </>
  )
}
