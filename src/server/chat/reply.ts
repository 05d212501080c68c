/**
 * A simple Spanish automated reply, chosen by keywords. Pure: text in, markdown text out.
 * The catalogue-aware agent replaces it; this one keeps the conversation honest meanwhile.
 */
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')

interface ReplyRule {
  words: string[]
  reply: (instance: string) => string
}

const RULES: ReplyRule[] = [
  {
    words: ['hola', 'buenas', 'buenos dias', 'buenas tardes', 'buenas noches', 'que tal'],
    reply: (instance) =>
      `¡Hola! Soy el asistente de **${instance}**. ¿Buscas **comprar**, **rentar** o invertir en **preventa** en Cancún?`,
  },
  {
    words: ['renta', 'rentar', 'alquiler', 'alquilar'],
    reply: () =>
      'Tenemos casas y departamentos en **renta** en Huayacán, Puerto Cancún y la Zona Hotelera.\n¿Cuál es tu presupuesto mensual y cuántas recámaras necesitas?',
  },
  {
    words: ['venta', 'comprar', 'compra', 'casa', 'departamento', 'terreno'],
    reply: () =>
      'Con gusto te ayudo a encontrar tu propiedad en **venta**. ¿En qué zona te gustaría vivir y cuál es tu presupuesto aproximado?',
  },
  {
    words: ['preventa', 'inversion', 'invertir', 'desarrollo'],
    reply: () =>
      'En **preventa** tenemos desarrollos con entrega en 2027 y precios de lanzamiento. ¿Te comparto las opciones disponibles?',
  },
  {
    words: ['gracias'],
    reply: () => '¡Con gusto! Si quieres, déjanos tu nombre y teléfono y un asesor te contacta hoy mismo.',
  },
]

export function automatedReply(message: string, instance: string): string {
  const text = ` ${fold(message).replace(/[^\p{L}\p{N}]+/gu, ' ')} `
  const rule = RULES.find((r) => r.words.some((word) => text.includes(` ${word} `)))
  return rule
    ? rule.reply(instance)
    : 'Gracias por tu mensaje. Un asesor te responderá en breve. Mientras tanto, ¿qué tipo de propiedad buscas y en qué zona de Cancún?'
}
