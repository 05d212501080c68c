/** How buying in pre-sale works (a down payment question is answered by downPayment.ts instead). */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    presaleProcess:
      'Así funciona comprar en **preventa**:\n' +
      '1. **Apartado**: separas la unidad con un pago reembolsable según contrato (suele ser de $20,000 a $50,000 MXN).\n' +
      '2. **Enganche**: normalmente del 20 al 30 % al firmar el contrato de compraventa.\n' +
      '3. **Mensualidades** durante la construcción, sin intereses en muchos desarrollos.\n' +
      '4. **Entrega**: recibes tu propiedad en la fecha pactada y liquidas el saldo (con recursos propios o crédito).\n' +
      '5. **Escrituración** ante notario a tu nombre.\n' +
      'Comprar en preventa suele costar menos que comprar terminado. ¿Te muestro desarrollos en preventa?',
  },
  en: {
    presaleProcess:
      'This is how buying in **pre-sale** works:\n' +
      '1. **Reservation** (apartado): you hold the unit with a payment refundable under the contract (usually $20,000 to $50,000 MXN).\n' +
      '2. **Down payment**: usually 20 to 30 % when signing the purchase contract.\n' +
      '3. **Monthly payments** during construction, interest-free in many developments.\n' +
      '4. **Delivery**: you receive the property on the agreed date and pay the balance (own funds or a mortgage).\n' +
      '5. **Deed** signed before a notary in your name.\n' +
      'Buying in pre-sale usually costs less than buying finished. Shall I show you pre-sale developments?',
  },
}

export default defineIntent({
  name: 'presale',
  rank: 12,
  examples: {
    es: ['como funciona comprar en preventa', 'que es una preventa', 'es seguro comprar en preventa', 'que riesgos tiene la preventa', 'como es el proceso de preventa', 'que pasa si se retrasa la obra'],
    en: ['how does pre-sale work', 'what does presale mean', 'is buying off plan safe', 'what is the pre construction process'],
  },
  says: (t) =>
    (/\bpreventa\b/.test(t) && /\b(?:como funciona|como es|como son|proceso|pasos|que es|explicame|en que consiste|que significa|como se compra|how does)\b/.test(t)) ||
    /\b(?:apartado|enganche|mensualidades|escrituracion|escriturar|escrituras)\b/.test(t),
  order: 101,
  // «casas en preventa» read as this topic is a search for pre-sale houses, not a question about the process.
  answer: (c) => (c.asked('downPayment') || (c.u.topic === 'presale' && c.u.criteria.tipo) ? null : TEXT[c.language].presaleProcess),
})
