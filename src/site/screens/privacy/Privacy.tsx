import { PageHeading } from '../../components/PageHeading'
import type { SiteIdentity } from '../../../shared/agency'
import type { NoData } from '../../data/payload'
import type { ScreenProps } from '../props'

/** Date of the notice's last change, as printed (a fixed text: no formatting at render time). */
const LAST_UPDATED = '21 de noviembre de 2026'

const SECTIONS = [
  ['responsable', 'Identidad y domicilio del responsable'],
  ['datos', 'Datos personales que recabamos'],
  ['finalidades', 'Finalidades del tratamiento'],
  ['negativa', 'Cómo negarte a las finalidades secundarias'],
  ['transferencias', 'Transferencias y remisiones de datos'],
  ['arco', 'Derechos ARCO'],
  ['revocacion', 'Revocación del consentimiento'],
  ['limitar', 'Limitación del uso o divulgación de tus datos'],
  ['tecnologias', 'Cookies, almacenamiento local y tecnologías similares'],
  ['conservacion', 'Conservación y seguridad de los datos'],
  ['cambios', 'Cambios al aviso de privacidad'],
] as const

const Mail = ({ site }: { site: SiteIdentity }) => <a href={`mailto:${site.privacyEmail}`}>{site.privacyEmail}</a>

/** Aviso de privacidad integral (LFPDPPP) of the fictitious demo company. */
export default function Privacy({ payload }: ScreenProps<NoData>) {
  const { site } = payload
  return (
    <article className="post">
      <PageHeading>Aviso de privacidad integral</PageHeading>
      <p className="lead">
        En {site.name} cuidamos tus datos personales. Este aviso explica qué datos recabamos, para qué los usamos, con quién los
        compartimos y cómo puedes ejercer tus derechos, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los
        Particulares (LFPDPPP), su Reglamento y los Lineamientos del Aviso de Privacidad.
      </p>
      <p className="post__meta">Última actualización: {LAST_UPDATED}</p>

      <nav aria-labelledby="privacidad-indice">
        <h2 id="privacidad-indice">Contenido</h2>
        <ol>
          {SECTIONS.map(([id, title]) => (
            <li key={id}><a href={`#${id}`}>{title}</a></li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="responsable">
        <h2 id="responsable">1. Identidad y domicilio del responsable</h2>
        <p>
          {site.name} (en adelante, «{site.name}» o «nosotros»), con domicilio en {site.addressDisplay},
          Municipio de Benito Juárez, Quintana Roo, México, es responsable del tratamiento de los datos personales que nos proporcionas.
        </p>
        <p>
          Para cualquier asunto relacionado con tus datos personales puedes dirigirte a nuestro Departamento de Datos Personales en el
          correo <Mail site={site} />, por teléfono al <a href={`tel:${site.phone}`}>{site.phoneDisplay}</a> o en nuestro domicilio, en
          nuestro horario: {site.hoursDisplay.join('; ').toLowerCase()}.
        </p>
        <p>
          <strong>Nota:</strong> este sitio es una demostración. {site.name} es una empresa ficticia y los datos de contacto son de
          ejemplo; no envíes información real.
        </p>
      </section>

      <section aria-labelledby="datos">
        <h2 id="datos">2. Datos personales que recabamos</h2>
        <p>
          Recabamos datos personales cuando nos los proporcionas directamente (en el formulario de contacto, en el chat del sitio, por
          WhatsApp, por teléfono, por correo o en persona) y de forma automática cuando navegas en el sitio. Para las finalidades de este
          aviso tratamos las siguientes categorías:
        </p>
        <ul>
          <li><strong>Datos de identificación:</strong> nombre completo.</li>
          <li><strong>Datos de contacto:</strong> correo electrónico y número de teléfono (incluido WhatsApp).</li>
          <li>
            <strong>Datos sobre tu búsqueda:</strong> la propiedad o el desarrollo que te interesa, la operación (compra, renta o
            preventa), la zona, el presupuesto aproximado y los mensajes que nos escribes.
          </li>
          <li>
            <strong>Datos de navegación:</strong> un identificador aleatorio del chat, las páginas que visitas en el sitio, la página de
            origen y los parámetros de campaña del enlace por el que llegaste (por ejemplo, <code>utm_source</code> o <code>utm_campaign</code>),
            la dirección IP y el tipo de navegador y dispositivo.
          </li>
        </ul>
        <p>
          <strong>No recabamos datos personales sensibles</strong> (como origen étnico, estado de salud, creencias religiosas, opiniones
          políticas o preferencia sexual) ni datos financieros o patrimoniales a través de este sitio. Te pedimos no incluirlos en tus
          mensajes. Si más adelante un trámite (por ejemplo, un crédito o una escrituración) requiere datos financieros, te daremos a
          conocer el aviso correspondiente y pediremos tu consentimiento expreso.
        </p>
        <p>
          Este sitio no está dirigido a menores de edad. Si eres menor de 18 años, no nos envíes datos personales sin la intervención de
          tu madre, padre o tutor.
        </p>
      </section>

      <section aria-labelledby="finalidades">
        <h2 id="finalidades">3. Finalidades del tratamiento</h2>
        <h3>Finalidades primarias (necesarias para atenderte)</h3>
        <ul>
          <li>Atender tus solicitudes de información sobre propiedades, desarrollos y servicios inmobiliarios.</li>
          <li>Contactarte por teléfono, WhatsApp, correo electrónico o el chat del sitio para responder tus mensajes.</li>
          <li>Agendar, confirmar y, en su caso, reprogramar visitas a propiedades o a nuestras oficinas.</li>
          <li>Dar seguimiento a tu búsqueda, a tus visitas y a las operaciones de compra, venta o renta en las que participemos.</li>
          <li>Conservar el historial de tus conversaciones para no pedirte la misma información dos veces.</li>
          <li>Cumplir las obligaciones legales aplicables y atender requerimientos de autoridades competentes.</li>
        </ul>
        <h3>Finalidades secundarias (no necesarias para atenderte)</h3>
        <ul>
          <li>Enviarte información comercial y promocional sobre propiedades, preventas y desarrollos que puedan interesarte.</li>
          <li>Invitarte a eventos, presentaciones de desarrollos y seminarios de inversión.</li>
          <li>Realizar encuestas de calidad y de satisfacción.</li>
          <li>Elaborar estadísticas y medir la efectividad de nuestras campañas de publicidad y de nuestro sitio.</li>
        </ul>
      </section>

      <section aria-labelledby="negativa">
        <h2 id="negativa">4. Cómo negarte a las finalidades secundarias</h2>
        <p>
          Si no deseas que tratemos tus datos para alguna o todas las finalidades secundarias, puedes indicarlo en cualquier momento
          (desde antes de enviarnos tus datos) escribiendo a <Mail site={site} /> con el asunto «Negativa a finalidades secundarias». También puedes
          darte de baja con el enlace que incluye cada correo promocional o respondiendo «BAJA» a nuestros mensajes de WhatsApp.
        </p>
        <p>Tu negativa no será motivo para que dejemos de atender tus solicitudes ni de prestarte nuestros servicios.</p>
      </section>

      <section aria-labelledby="transferencias">
        <h2 id="transferencias">5. Transferencias y remisiones de datos</h2>
        <p>
          No vendemos ni rentamos tus datos personales. Solo los compartimos, en territorio nacional, en los supuestos siguientes, que
          conforme a la LFPDPPP no requieren tu consentimiento porque son necesarios para atender la relación que solicitas o para
          cumplir la ley:
        </p>
        <ul>
          <li>Con el propietario o el desarrollador de la propiedad que te interesa, para coordinar una visita o una oferta.</li>
          <li>Con notarías públicas, para la formalización de una compraventa en la que participes.</li>
          <li>Con autoridades competentes, cuando lo exijan una ley o una orden fundada y motivada.</li>
        </ul>
        <p>
          Si quisieras que enviáramos tus datos a un banco o a una institución financiera para tramitar un crédito, lo haremos solo
          con tu consentimiento expreso y previo.
        </p>
        <p>
          Además, nuestros proveedores de servicios (alojamiento del sitio, correo electrónico, mensajería y herramientas de medición)
          tratan datos por cuenta nuestra como encargados; esta comunicación es una remisión, no una transferencia, y están obligados por
          contrato a tratarlos solo conforme a nuestras instrucciones y a este aviso.
        </p>
      </section>

      <section aria-labelledby="arco">
        <h2 id="arco">6. Derechos ARCO</h2>
        <p>Tienes derecho a:</p>
        <ul>
          <li><strong>Acceso:</strong> conocer qué datos personales tenemos de ti, para qué los usamos y las condiciones del tratamiento.</li>
          <li><strong>Rectificación:</strong> pedir que corrijamos tus datos si están desactualizados, son inexactos o están incompletos.</li>
          <li><strong>Cancelación:</strong> pedir que eliminemos tus datos de nuestros registros cuando consideres que no se usan adecuadamente.</li>
          <li><strong>Oposición:</strong> oponerte al uso de tus datos para fines específicos.</li>
        </ul>
        <h3>Cómo ejercerlos</h3>
        <p>Envía tu solicitud al correo <Mail site={site} /> o entrégala en nuestro domicilio, con la información siguiente:</p>
        <ol>
          <li>Tu nombre y un correo electrónico u otro medio para comunicarte la respuesta.</li>
          <li>
            Una copia de tu identificación oficial o, si actúas por medio de un representante, la identificación de ambos y el documento
            que acredite la representación (carta poder firmada ante dos testigos o poder notarial).
          </li>
          <li>La descripción clara y precisa de los datos respecto de los que quieres ejercer alguno de los derechos ARCO.</li>
          <li>Cualquier elemento que nos ayude a localizar tus datos (por ejemplo, la fecha de tu mensaje o la propiedad que consultaste).</li>
          <li>En caso de rectificación, las modificaciones que solicitas y los documentos que las sustenten.</li>
        </ol>
        <p>
          Te responderemos en un plazo máximo de <strong>20 días hábiles</strong> contados desde la fecha en que recibamos tu solicitud
          completa, por el medio que nos indiques. Si la solicitud procede, la haremos efectiva dentro de los 15 días hábiles siguientes a
          la respuesta. Estos plazos podrán ampliarse una sola vez por un periodo igual cuando las circunstancias lo justifiquen, y te lo
          informaremos. Si la información que nos envías es insuficiente, podremos pedirte, dentro de los 5 días hábiles siguientes, que
          la completes; tendrás 10 días hábiles para hacerlo.
        </p>
        <p>
          El ejercicio de los derechos ARCO es gratuito; solo podríamos cobrarte los gastos justificados de envío o de reproducción de
          copias. Si consideras que tu derecho a la protección de datos personales fue vulnerado, puedes acudir ante la autoridad
          garante competente en la materia.
        </p>
      </section>

      <section aria-labelledby="revocacion">
        <h2 id="revocacion">7. Revocación del consentimiento</h2>
        <p>
          Puedes revocar en cualquier momento el consentimiento que nos diste para tratar tus datos, con el mismo procedimiento y los
          mismos plazos que los derechos ARCO, escribiendo a <Mail site={site} /> con el asunto «Revocación del consentimiento».
        </p>
        <p>
          Ten en cuenta que la revocación no tiene efectos retroactivos y que, en algunos casos, no podremos atenderla de inmediato o de
          forma total porque alguna obligación legal nos exija seguir tratando ciertos datos. Además, si revocas el consentimiento para
          las finalidades primarias, no podremos seguir atendiendo tu solicitud.
        </p>
      </section>

      <section aria-labelledby="limitar">
        <h2 id="limitar">8. Limitación del uso o divulgación de tus datos</h2>
        <p>Además de los derechos ARCO, puedes limitar el uso o la divulgación de tus datos de estas formas:</p>
        <ul>
          <li>Pidiendo tu inscripción en nuestro listado de exclusión publicitaria, en <Mail site={site} />.</li>
          <li>
            Inscribiéndote en el Registro Público para Evitar Publicidad (REPEP) de la Procuraduría Federal del Consumidor (PROFECO).
          </li>
        </ul>
      </section>

      <section aria-labelledby="tecnologias">
        <h2 id="tecnologias">9. Cookies, almacenamiento local y tecnologías similares</h2>
        <p>Este sitio no usa cookies publicitarias propias. Sí usa el almacenamiento de tu navegador de la manera siguiente:</p>
        <ul>
          <li>
            <strong>Chat del sitio (almacenamiento local, <code>localStorage</code>):</strong> guarda un identificador aleatorio de
            visitante, para reconocer tu conversación cuando vuelves, y los datos de la campaña por la que llegaste (fuente, medio,
            campaña, anuncio e identificadores de clic como <code>gclid</code> o <code>fbclid</code>), para saber qué anuncio te trajo al
            sitio. Estos datos permanecen en tu navegador hasta que los borres y se nos envían junto con tus mensajes o tu formulario.
          </li>
          <li>
            <strong>Navegación (almacenamiento de sesión, <code>sessionStorage</code>):</strong> una marca técnica temporal que evita
            recargas repetidas si una actualización del sitio falla; se borra al cerrar la pestaña.
          </li>
          <li>
            <strong>Medición (analítica):</strong> registramos eventos de uso del chat (por ejemplo, cuando lo abres o envías un mensaje,
            sin su contenido) y, cuando está activada, una herramienta de analítica web de terceros (como Google Analytics) que puede
            usar cookies propias para contar visitas y medir nuestras campañas de forma estadística.
          </li>
        </ul>
        <p>
          Puedes borrar o bloquear estas tecnologías desde la configuración de tu navegador (opciones de privacidad: «borrar datos de
          sitios» o «cookies y datos de sitios»). Si lo haces, el sitio seguirá funcionando, pero el chat no recordará tus conversaciones
          anteriores.
        </p>
      </section>

      <section aria-labelledby="conservacion">
        <h2 id="conservacion">10. Conservación y seguridad de los datos</h2>
        <p>
          Conservamos tus datos solo durante el tiempo necesario para cumplir las finalidades de este aviso y las obligaciones legales
          aplicables; después los bloqueamos y los suprimimos. Aplicamos medidas de seguridad administrativas, técnicas y físicas para
          protegerlos contra daño, pérdida, alteración, destrucción o uso, acceso o tratamiento no autorizados.
        </p>
      </section>

      <section aria-labelledby="cambios">
        <h2 id="cambios">11. Cambios al aviso de privacidad</h2>
        <p>
          Podemos modificar este aviso por cambios en la ley, en nuestros servicios o en nuestras prácticas de privacidad. Publicaremos
          cualquier cambio en esta página, <a href="/politica-de-privacidad">/politica-de-privacidad</a>, con su nueva fecha de
          actualización, y, si el cambio afecta las finalidades o requiere tu consentimiento, te lo comunicaremos también por correo
          electrónico.
        </p>
        <p><strong>Última actualización:</strong> {LAST_UPDATED}.</p>
      </section>
    </article>
  )
}
