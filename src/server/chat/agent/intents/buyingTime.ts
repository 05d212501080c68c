/** How long buying takes: cash, with a loan, in pre-sale (docs/guides/add-an-intent.md adds this entry). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'buyingTime',
  // What the classifier learns: phrasings of the question, never the evaluation's sentences (eval/agent).
  examples: {
    es: [
      'cuanto tarda comprar una casa', 'en cuanto tiempo se cierra la compra', 'cuanto tiempo toma el proceso de compra',
      'que tan rapido puedo comprar', 'cuanto dura el tramite de compra', 'cuantas semanas tarda comprar un depa',
    ],
    en: ['how long does it take to buy a house', 'how long is the buying process', 'how fast can I close on a condo', 'how many weeks does a purchase take'],
  },
  // Read in these words whatever the classifier says.
  says: [
    'cuanto tarda comprar', 'cuanto tarda la compra', 'cuanto tiempo tarda la compra', 'cuanto tiempo tarda comprar', 'cuanto se tarda la compra',
    'cuanto se tarda en comprar', 'cuanto tiempo toma comprar', 'cuanto dura el proceso de compra', 'how long does it take to buy',
    'how long does buying take', 'how long does the purchase take',
  ],
  // The classifier's topic is trusted only with a word of time («¿cuánto cuesta comprar?» is no question of time).
  cue: ['tarda', 'tardan', 'tiempo', 'dura', 'toma', 'rapido', 'dias', 'semanas', 'meses', 'how long', 'fast', 'take', 'takes', 'days', 'weeks', 'months'],
  order: 112,
  answer: {
    es:
      'Depende de cómo pagues:\n' +
      '- **De contado**: de **30 a 45 días** entre apartar la propiedad y firmar la escritura ante notario.\n' +
      '- **Con crédito** (bancario, Infonavit o Fovissste): de **2 a 3 meses**, por la aprobación, el avalúo y la firma.\n' +
      '- **En preventa**: firmas el contrato al apartar y escrituras cuando te entregan la propiedad.\n' +
      'Un asesor te da el calendario de la propiedad que te guste.',
    en:
      'It depends on how you pay:\n' +
      '- **Cash**: **30 to 45 days** from reserving the property to signing the deed before a notary.\n' +
      '- **With a loan** (bank, Infonavit or Fovissste): **2 to 3 months**, for the approval, the appraisal and the signing.\n' +
      '- **Pre-sale**: you sign the contract when you reserve and the deed when the property is delivered.\n' +
      'An agent can give you the timeline of the property you like.',
  },
})
