import { languageNames } from '../../../protocol/team'
import { imageUrl } from '../../../shared/images'
import { PageHeading } from '../../components/PageHeading'
import type { ScreenProps } from '../props'
import type { AboutData } from './page'

const SERVICES = [
  ['Compra', 'Te mostramos solo lo que encaja con tu presupuesto y tu forma de vivir, revisamos la documentación de cada inmueble y negociamos por ti.'],
  ['Renta', 'Departamentos amueblados, casas en privada y locales, con contratos claros, inventario y acompañamiento en la entrega.'],
  ['Venta', 'Valuamos tu propiedad con datos del mercado local, la fotografiamos, la publicamos y filtramos a los interesados antes de cada visita.'],
  ['Preventa e inversión', 'Comparamos desarrollos, planes de pago y rendimientos de renta, y revisamos el contrato antes de que apartes.'],
  ['Trámites', 'Coordinamos avalúo, crédito Infonavit o bancario, notaría y, si eres extranjero, el fideicomiso, hasta la entrega de llaves.'],
] as const

const ZONES = [
  { name: 'Huayacán', href: '/huayacan-cancun', text: 'Residenciales cerrados con casa club y áreas verdes; la zona favorita de las familias.' },
  { name: 'Puerto Cancún', href: '/puerto-cancun', text: 'Marina, campo de golf y torres frente al mar: la oferta de lujo de la ciudad.' },
  { name: 'Zona Hotelera', href: '/zona-hotelera', text: 'Condominios en la playa y con vista a la laguna, ideales para renta vacacional.' },
  { name: 'Centro y supermanzanas', href: null, text: 'Primeros departamentos, locales y oficinas cerca de Av. Tulum, Bonampak y el Malecón Tajamar.' },
  { name: 'Polígono Sur', href: null, text: 'Fraccionamientos nuevos, terrenos y bodegas con salida rápida al aeropuerto y a la Riviera Maya.' },
] as const

const VALUES = [
  ['Claridad', 'Precios, comisiones, cuotas y gastos de escrituración por escrito desde la primera conversación.'],
  ['Conocimiento local', 'Vivimos en Cancún: sabemos qué calles se inundan, qué residenciales tienen buen mantenimiento y cuánto tarda el tráfico.'],
  ['Acompañamiento', 'Un mismo asesor te atiende de principio a fin, por WhatsApp, teléfono o en persona.'],
  ['Honestidad', 'Si una propiedad no te conviene, te lo decimos, aunque eso signifique no cerrar la operación.'],
] as const

/** "Acerca de": who we are, what we do in Cancún, the zones we know, our values and the team. */
export default function About({ payload }: ScreenProps<AboutData>) {
  const { site, data } = payload
  return (
    <>
      <PageHeading>Acerca de {site.name}</PageHeading>
      <p className="lead">
        Acompañamos a compradores, inquilinos, propietarios e inversionistas en Cancún desde la primera visita hasta la entrega de llaves.
      </p>

      <section aria-labelledby="quienes-somos">
        <h2 id="quienes-somos">Quiénes somos</h2>
        <p>
          Somos una inmobiliaria local con oficina en {site.addressDisplay}. Nacimos en Cancún y aquí trabajamos todos los días:
          conocemos cada zona de la ciudad, de las privadas de Huayacán a las torres frente al mar de Puerto Cancún, y colaboramos con
          notarías, bancos, valuadores y desarrolladores locales para que tu operación sea clara y segura.
        </p>
        <p>
          Atendemos en español y en inglés a familias que buscan su primera casa, a quienes se mudan a Cancún por trabajo, a propietarios
          que quieren vender o rentar y a inversionistas nacionales y extranjeros.
        </p>
      </section>

      <section aria-labelledby="que-hacemos">
        <h2 id="que-hacemos">Qué hacemos en Cancún</h2>
        <ul>
          {SERVICES.map(([name, text]) => (
            <li key={name}><strong>{name}.</strong> {text}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="zonas">
        <h2 id="zonas">Zonas que conocemos</h2>
        <ul>
          {ZONES.map((zone) => (
            <li key={zone.name}>
              <strong>{zone.href ? <a href={zone.href}>{zone.name}</a> : zone.name}:</strong> {zone.text}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="valores">
        <h2 id="valores">Nuestros valores</h2>
        <ul>
          {VALUES.map(([name, text]) => (
            <li key={name}><strong>{name}.</strong> {text}</li>
          ))}
        </ul>
      </section>

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
