import { PageHeading } from '../components/PageHeading'

export default function About() {
  return (
    <>
      <PageHeading>Acerca de Cancún Propiedades</PageHeading>
      <p className="lead">Acompañamos a compradores, inquilinos e inversionistas en Cancún desde la primera visita hasta la entrega de llaves.</p>
      <p>Conocemos cada zona de la ciudad, de las privadas de Huayacán a las torres frente al mar de Puerto Cancún, y trabajamos con notarías, bancos y desarrolladores locales para que tu compra sea clara y segura.</p>
      <p><a href="/contacto">Habla con un asesor</a></p>
    </>
  )
}
