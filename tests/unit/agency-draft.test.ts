// The «Agencia» form's draft (src/console/agency-draft.ts) and the brand colours' contrast
// warnings (src/shared/agency-profile.ts): what the admin types becomes the stored profile, a time
// that is no time is said at its day, and a light primary colour is warned about at its field.
import { describe, expect, it } from 'vitest'
import { checkDraft, draftOf } from '../../src/console/agency-draft'
import { brandContrastWarnings } from '../../src/shared/agency-profile'
import { readAgency } from '../support/catalogue'
import { ROUTING_DEFAULTS } from '../../src/shared/agency'

const demo = readAgency().profile

describe('the agency form draft', () => {
  it('gives back the stored profile when nothing was changed, the phone typed nationally stored in E.164', () => {
    // A profile stored before the routing settings existed saves them as the defaults it read as.
    expect(checkDraft(draftOf(demo))).toEqual({ ok: true, profile: { ...demo, routing: ROUTING_DEFAULTS } })
    const typed = { ...draftOf(demo), phone: '998 765 4321' }
    expect(checkDraft(typed)).toMatchObject({ ok: true, profile: { phone: '+529987654321' } })
  })

  it('says at its day a time that is no time, and a closed day is null', () => {
    const draft = draftOf(demo)
    draft.hours[2] = { open: true, from: '9', to: '18:00' }
    draft.hours[6] = { ...draft.hours[6]!, open: false }
    const checked = checkDraft(draft)
    expect(checked).toEqual({ ok: false, errors: { 'hours.2': 'Escribe la hora de apertura y de cierre del martes (por ejemplo 09:00 y 18:00), o márcalo como cerrado.' } })
    draft.hours[2] = { open: true, from: '09:00', to: '18:00' }
    expect(checkDraft(draft)).toMatchObject({ ok: true, profile: { hours: [null, [540, 1140], [540, 1080], [540, 1140], [540, 1140], [540, 1140], null] } })
  })
})

describe('the chat\'s routing settings (docs/console.md#routing)', () => {
  it('are whole minutes and conversations, each refused at its field in Spanish', () => {
    const draft = draftOf({ ...demo, routing: { answerMinutes: 3, maxOpenPerPerson: 4 } })
    expect(draft.routing).toEqual({ answerMinutes: '3', maxOpenPerPerson: '4' })
    expect(checkDraft({ ...draft, routing: { answerMinutes: 'dos', maxOpenPerPerson: '0' } })).toEqual({
      ok: false,
      errors: {
        'routing.answerMinutes': 'Escribe los minutos para responder.',
        'routing.maxOpenPerPerson': 'Cada persona lleva al menos 1 conversación.',
      },
    })
    expect(checkDraft({ ...draft, routing: { answerMinutes: '1.5', maxOpenPerPerson: '80' } })).toEqual({
      ok: false,
      errors: {
        'routing.answerMinutes': 'Escribe los minutos para responder en minutos enteros.',
        'routing.maxOpenPerPerson': 'Hasta 50 conversaciones abiertas por persona.',
      },
    })
  })
})

describe('the brand colours', () => {
  it('warn, at the colour the widget takes, when white text does not reach 4.5:1 on it', () => {
    expect(brandContrastWarnings({ primary: '#131844', accent: '#0b6e4f' })).toEqual([])
    const warnings = brandContrastWarnings({ primary: '#f5d76e', accent: '#0b6e4f' })
    // The header's text and the send button's, both on the primary colour.
    expect(warnings.map((w) => w.field)).toEqual(['colors.primary', 'colors.primary'])
    expect(warnings[0]!.message).toMatch(/^El texto del encabezado tiene un contraste de \d+,\d\d:1 con su fondo/)
    expect(warnings[1]!.message).toMatch(/^El texto del botón de enviar tiene un contraste/)
  })
})
