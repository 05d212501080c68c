/**
 * Row 6, real leads behind one address (an office, a mobile carrier): 8 chat visitors and 8
 * site-form posts from one address, each a different person leaving a name and a phone within a
 * minute. Holds when all 16 are in the console's lead list (some may carry review: 'posible-spam')
 * and no chat reply says «no registramos».
 */
import { address, leads, phoneKey, postFormLead, say, visitorCookie, visitorsFrom, type Row } from '../context'

const PEOPLE = ['Ana Ruiz', 'Beto Salas', 'Carla Méndez', 'Diego Pool', 'Elena Chan', 'Fernando Canul', 'Gaby Tun', 'Hugo Balam']
const REFUSAL = /no registramos/i

export const leadsBehindOneAddress: Row = {
  name: 'leads-behind-one-address',
  limitMs: 90_000,
  async run(ctx) {
    const from = address(6, 1)
    const chatPhones = PEOPLE.map((_, i) => `998 123 45 ${60 + i}`)
    const formPhones = PEOPLE.map((_, i) => `998 765 43 ${10 + i}`)
    const { ids: visitors, sockets } = await visitorsFrom(ctx, from, PEOPLE.length)
    const replies = await Promise.all(
      sockets.map((socket, i) => say(socket, visitors[i]!, `Me llamo ${PEOPLE[i]}, mi teléfono es ${chatPhones[i]}`)),
    )
    const forms = await Promise.all(PEOPLE.map((name, i) => postFormLead(ctx, { name, phone: formPhones[i]! }, visitorCookie(), from)))

    const listed = await leads(ctx)
    const byPhone = new Map(listed.map((lead) => [phoneKey(lead.phone), lead]))
    const wanted = [...chatPhones, ...formPhones].map(phoneKey)
    const found = wanted.filter((phone) => byPhone.has(phone))
    const flagged = found.filter((phone) => byPhone.get(phone)!.review === 'posible-spam').length
    const refusals = replies.flat().filter((text) => REFUSAL.test(text)).length
    const formAnswers = [...new Set(forms.map((r) => r.status))].join('/')
    return {
      attempts: `8 chat visitors and 8 form posts from ${from} (forms answered ${formAnswers})`,
      held: found.length === wanted.length && refusals === 0,
      detail: `${found.length}/${wanted.length} leads listed (${flagged} marked posible-spam; missing: chat ${chatPhones.filter((p) => !byPhone.has(phoneKey(p))).length}, form ${formPhones.filter((p) => !byPhone.has(phoneKey(p))).length}); ${refusals} chat replies said «no registramos»`,
    }
  },
}
