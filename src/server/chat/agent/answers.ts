/**
 * Fixed texts of the agent: common questions (hours and location, rental requirements, credit,
 * pre-sale process), small talk and prompts. Pure; Mexican Spanish, tú form, plain markdown.
 */
import { OFFICE, VISIT_HOURS_TEXT } from './schedule'

export const EXAMPLES = '«casa en renta en Huayacán hasta 30 mil» o «depa en venta en la Zona Hotelera con alberca»'

export function greeting(agencyName: string): string {
  return (
    `¡Hola! Soy el asistente virtual de **${agencyName}**. Te ayudo a encontrar casa, depa, terreno o local en Cancún, ` +
    `en venta, renta o preventa.\nCuéntame qué buscas, por ejemplo ${EXAMPLES}.`
  )
}

export function whoAmI(agencyName: string): string {
  return (
    `Soy el asistente virtual de **${agencyName}**: un programa, no una persona. Busco propiedades en nuestro catálogo, ` +
    'resuelvo dudas frecuentes y agendo visitas.\nSi prefieres hablar con un asesor, escríbeme «quiero hablar con un asesor».'
  )
}

export function help(): string {
  return (
    'Puedo ayudarte con:\n' +
    `- **Buscar propiedades**: dime tipo, zona, presupuesto y recámaras, por ejemplo ${EXAMPLES}.\n` +
    '- **Agendar una visita** a la propiedad que te guste.\n' +
    '- **Dudas frecuentes**: horario y ubicación, requisitos para rentar, créditos y cómo funciona la preventa.\n' +
    '- **Comunicarte con un asesor**.'
  )
}

export function hoursAndLocation(kind: { hours: boolean; location: boolean }): string {
  const lines: string[] = []
  if (kind.location || !kind.hours) lines.push(`Nuestra oficina está en **${OFFICE.address}**.`)
  lines.push(`Atendemos ${OFFICE.hours}.`)
  lines.push(`Las visitas a propiedades se agendan ${VISIT_HOURS_TEXT}. ¿Quieres agendar una?`)
  return lines.join('\n')
}

export function rentRequirements(): string {
  return (
    'Para rentar normalmente se pide:\n' +
    '- **Identificación oficial** (INE o pasaporte).\n' +
    '- **Comprobantes de ingresos** de los últimos 3 meses, que sumen unas **3 veces la renta**.\n' +
    '- **Aval** con propiedad o una **póliza jurídica**.\n' +
    '- **Depósito en garantía** de 1 a 2 meses de renta, además del primer mes.\n' +
    'Cada propietario puede pedir algo adicional; el asesor te confirma los requisitos exactos de la propiedad que te guste.'
  )
}

export function credit(foreigner: boolean): string {
  const lines = [
    'Puedes comprar con:',
    '- **Infonavit** o **Fovissste**, solos o en **cofinanciamiento** con un banco (Cofinavit, Apoyo Infonavit).',
    '- **Crédito bancario hipotecario** con los principales bancos.',
    '- **Recursos propios**, y en preventa con enganche y mensualidades directas con el desarrollador.',
  ]
  const trust =
    'Si eres **extranjero**, puedes comprar en Cancún mediante un **fideicomiso bancario** (Cancún está en la zona ' +
    'restringida cerca de la costa): el banco es fiduciario y tú conservas todos los derechos de uso, renta y venta.'
  if (foreigner) return `${trust}\nTambién hay crédito hipotecario para extranjeros en algunos bancos. ¿Quieres que un asesor te explique tu caso?`
  lines.push(trust)
  lines.push('¿Quieres que un asesor te ayude a calcular tu crédito?')
  return lines.join('\n')
}

export function presaleProcess(): string {
  return (
    'Así funciona comprar en **preventa**:\n' +
    '1. **Apartado**: separas la unidad con un pago reembolsable según contrato (suele ser de $20,000 a $50,000 MXN).\n' +
    '2. **Enganche**: normalmente del 20 al 30 % al firmar el contrato de compraventa.\n' +
    '3. **Mensualidades** durante la construcción, sin intereses en muchos desarrollos.\n' +
    '4. **Entrega**: recibes tu propiedad en la fecha pactada y liquidas el saldo (con recursos propios o crédito).\n' +
    '5. **Escrituración** ante notario a tu nombre.\n' +
    'Comprar en preventa suele costar menos que comprar terminado. ¿Te muestro desarrollos en preventa?'
  )
}

export function sellOrList(agencyName: string): string {
  return (
    `¡Con gusto! En **${agencyName}** también te ayudamos a vender o rentar tu propiedad: la valuamos, la publicamos y ` +
    'atendemos a los interesados.\n¿Me compartes tu nombre y un teléfono o correo para que un asesor te contacte?'
  )
}

export function thanks(): string {
  return '¡Con gusto! ¿Te ayudo con algo más?'
}

export function goodbye(agencyName: string): string {
  return `¡Gracias por escribirnos! Aquí estaré si necesitas algo más. Saludos de parte de ${agencyName}.`
}

export function notUnderstood(): string {
  return (
    'Perdón, no te entendí del todo. Puedo buscarte propiedades (por ejemplo, ' + EXAMPLES + '), ' +
    'darte nuestro horario y ubicación, requisitos para rentar, opciones de crédito o agendar una visita. ¿Qué te gustaría?'
  )
}

export function englishNote(): string {
  return (
    'Por ahora te atiendo en español. Cuéntame qué buscas, por ejemplo ' + EXAMPLES + '.\n' +
    'Si prefieres hablar con un asesor, escribe «asesor».'
  )
}

export function emptyMessage(): string {
  return '¿En qué te puedo ayudar? Puedo buscarte casas, departamentos o terrenos en Cancún, o resolver tus dudas.'
}

export function apology(): string {
  return 'Perdón, tuve un problema para responderte. ¿Me lo escribes de nuevo, por favor?'
}

export function searchUnavailable(): string {
  return 'Perdón, en este momento no pude consultar el catálogo. Inténtalo de nuevo en un momento o déjame tu nombre y teléfono y un asesor te contacta.'
}
