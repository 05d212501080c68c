/**
 * Everything the agent says, in English (docs/behaviour.md#agent-language): the same templates
 * as phrases.ts, for visitors who write in English. Property data (titles, zones, cards) and the
 * lead's note for the agency stay as they are. Pure.
 */
import { formatMonth } from '../../../catalogue/format'
import { OPERATIONS, type Amenity, type Currency, type Operation } from '../../../catalogue/model'
import { AMENITY_WORDS_EN, describeCriteriaEn } from './cards'
import type { Relaxation } from './catalogue-search'
import { phoneText } from '../../../domain/phone'
import type { Language } from './language'
import type { ShownPick } from './understand'
import { PHRASES, type Phrases } from './phrases'
import { WEEKDAYS_EN, type SlotProblem } from './schedule'
import { joinList } from './text'
import type { AgencyChannels, ContactData, Criteria, HandoffOutlook, TeamContact } from './types'

const EXAMPLES = '«house for rent in Huayacán up to 30k pesos» or «condo for sale in the Hotel Zone with a pool»'
const firstName = (name: string) => name.split(/\s+/)[0] ?? name
const channel = (contact: ContactData) =>
  [contact.phone ? `at ${phoneText(contact.phone)}` : null, contact.email ? `at ${contact.email}` : null].filter(Boolean).join(' or ')
const toProperty = (title: string | null | undefined) => (title ? ` to **${title}**` : '')
const joinAnd = (items: string[]) => joinList(items, 'and')
const joinOr = (items: string[]) => joinList(items, 'or')
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const OPERATION_EN: Record<Operation, string> = { venta: 'for sale', renta: 'for rent', preventa: 'in pre-sale' }

export const PHRASES_EN: Phrases = {
  words: {
    amenity: (amenity: Amenity) => AMENITY_WORDS_EN[amenity],
    list: joinAnd,
    month: (yyyyMm: string) => {
      const [year, month] = yyyyMm.split('-')
      return MONTHS_EN[Number(month) - 1] ? `${MONTHS_EN[Number(month) - 1]} ${year}` : formatMonth(yyyyMm)
    },
    criteria: describeCriteriaEn,
  },
  ourAgency: 'our agency',
  apology: 'Sorry, I had a problem answering you. Could you write that again, please?',
  emptyMessage: 'How can I help you? I can find houses, apartments or land in Cancún for you, or answer your questions.',
  notUnderstood:
    `Sorry, I didn't quite understand. I can find properties for you (for example ${EXAMPLES}), ` +
    'give you our hours and address, rental requirements, financing options, or book a visit. What would you like?',
  smallTalk: {
    greeting: (agency: string) =>
      `Hi! I'm the virtual assistant of **${agency}**. I can help you find a house, apartment, lot or commercial space in Cancún, ` +
      `for sale, for rent or in pre-sale.\nTell me what you are looking for, for example ${EXAMPLES}.`,
    withHello: (text: string, name: string | null) => (/^(?:Hi|Hello)\b/.test(text) ? text : `${name ? `Hi, ${name}!` : 'Hi!'} ${text}`),
    help:
      'I can help you with:\n' +
      `- **Finding properties**: tell me the type, area, budget and bedrooms, for example ${EXAMPLES}.\n` +
      '- **Booking a visit** to a property you like.\n' +
      '- **Common questions**: hours and address, rental requirements, financing and how pre-sales work.\n' +
      '- **Talking to an agent**.',
    thanks: "You're welcome! Can I help you with anything else?",
    browsing: 'Sure, take your time! If something catches your eye, ask me: I can show you options by area or budget, no strings attached.',
    goOn: 'Great! What else would you like? I can look for another property, answer a question or put you in touch with an agent.',
    goodbye: (agency: string) => `Thanks for writing to us! I'll be here if you need anything else. Best regards from ${agency}.`,
    niceToMeet: (name: string) => `Nice to meet you, ${firstName(name)}! How can I help you? Tell me what kind of property you are looking for and where.`,
  },
  search: {
    unavailable: "Sorry, I couldn't reach the catalogue right now. Try again in a moment, or leave me your name and phone and an agent will contact you.",
    outside: (zone: string) => ` outside ${zone}`,
    droppedBudget: (previous: Operation) => `I removed the previous budget because it was ${previous === 'renta' ? 'a monthly rent' : 'a purchase budget'}.`,
    exhausted: (total: number, what: string, criteria: Criteria) => {
      const ways = [
        ...(criteria.zona || criteria.desarrollo ? ['another area'] : []),
        ...(criteria.precio_max !== undefined ? ['a higher budget'] : []),
        ...(criteria.recamaras !== undefined ? ['fewer bedrooms'] : []),
        ...(criteria.amenidades?.length ? [criteria.amenidades.length === 1 ? `without ${AMENITY_WORDS_EN[criteria.amenidades[0] as Amenity]}` : 'fewer amenities'] : []),
      ]
      return (
        (total > 0 ? `I've already shown you ${total === 1 ? 'the only available option' : `all ${total} available options`} of ${what}. ` : "I've already shown you every similar option I have. ") +
        (ways.length ? `Shall I widen the search (${joinOr(ways)})?` : 'Shall we look for something different, or would you like an agent to let you know when something new comes in?')
      )
    },
    nothing: (what: string) =>
      `Right now I have no ${what} available, nor anything similar. Would you like an agent to let you know when we have something like it? I just need your name and a phone or e-mail.`,
    found(found: { total: number; shown: number; cheaper: boolean; what: string }): string {
      const lead = found.cheaper ? 'Cheaper options: I found' : 'I found'
      const these = found.total > found.shown ? `Here ${found.shown === 1 ? 'is one' : `are ${found.shown}`}:` : found.total === 1 ? 'Here it is:' : 'Here they are:'
      return `${lead} ${found.total} ${found.what}. ${these}`
    },
    more: (what: string) => `Here are more ${what}:`,
    priceRange: (operation: Operation, from: string, to: string, count: number) =>
      `The ${count} options ${OPERATION_EN[operation]} range from **${from}** to **${to}**${operation === 'renta' ? ' a month' : ''}.`,
    moreNearby: (relaxed: string[]) => `Here are more close options ${joinAnd(relaxed)}:`,
    noExactMatch: (what: string) => `I don't have ${what} available.`,
    noCheaper: (what: string, price: string) => `I have nothing cheaper: among ${what}, the most affordable costs **${price}**.`,
    cheapestAbove: (price: string, cap: string) => `The cheapest option costs **${price}**, above your limit of ${cap}.`,
    nearest: (relaxed: string[]) => `These are the closest options ${joinAnd(relaxed)}:`,
    relaxed(step: Relaxation, criteria: Criteria, developmentZone: string | null): string {
      switch (step) {
        case 'precio':
          return criteria.precio_max !== undefined ? 'without the price limit' : 'without the minimum price'
        case 'recamaras':
          return criteria.banos !== undefined && criteria.recamaras === undefined ? 'with fewer bathrooms' : 'with fewer bedrooms'
        case 'm2':
          return criteria.m2_min !== undefined ? 'with less space' : 'with more space'
        case 'amenidades':
          return 'without all the amenities you asked for'
        case 'desarrollo':
          return developmentZone ? `in other developments in ${developmentZone}` : 'in other developments'
        case 'zona':
          return 'in other areas'
        case 'operacion':
          return joinOr(OPERATIONS.filter((op) => op !== criteria.operacion).map((op) => OPERATION_EN[op]))
      }
    },
    siteLink(results: { total: number; relaxed: boolean; url: string }): string {
      const label = results.total === 1 ? 'See it on the site' : results.relaxed ? 'See these options on the site' : `See the ${results.total} results on the site`
      return `[${label}](${results.url})`
    },
    next: (moreToShow: boolean, shown: number) =>
      moreToShow
        ? 'Would you like to book a visit, or shall I show you more options?'
        : `Would you like to visit ${shown > 1 ? 'one' : 'it'}, or shall we adjust the search?`,
    refineHint: 'If you tell me the area, budget or what matters most to you, I can narrow the search.',
  },
  visit: {
    closedWeekday: (weekday: number) => `We don't book visits on ${WEEKDAYS_EN[weekday] ?? ''}s.`,
    closedOn: (day: string, label: string) => `We are closed on ${day}${label ? ` (${label})` : ''}.`,
    askTime: (day: string, closed: string, hours: string) =>
      `${closed ? `${closed} ` : ''}What time suits you on **${day}**? We book visits ${hours}.`,
    proposeInPart: (slot: string, closed: string, hours: string) =>
      `${closed ? `${closed} ` : ''}How about **${slot}**? If you prefer another time, tell me which: we book visits ${hours}.`,
    refused(problem: SlotProblem, requested: string, proposal: string, closed: string, hours: string): string {
      const why = {
        past: `${requested} has already passed.`,
        soon: `${requested} is too soon: we need at least an hour to prepare the visit.`,
        closed: closed || "We don't book visits on that day.",
        hours: `We can't at that time: we book visits ${hours}.`,
      }[problem]
      return `${why} How about **${proposal}**? If not, tell me another day and time that suits you.`
    },
    askWhen(propertyTitle: string | null, choices: number, hours: string): string {
      const numbers = joinOr(Array.from({ length: choices }, (_, i) => String(i + 1)))
      const which = choices > 1 ? ` Which one would you like to visit (${numbers})?` : ''
      return `Happy to book your visit${toProperty(propertyTitle)}!${which} What day and time suit you? We book visits ${hours}.`
    },
    askWhich: (thanked: string | null, slot: string, choices: number) =>
      `${thanked ? `Thank you, ${thanked}! ` : ''}I'm holding **${slot}** for you. Which one would you like to visit (${joinOr(Array.from({ length: choices }, (_, i) => String(i + 1)))})?`,
    askDay: 'What day and time would you like to visit?',
    noSuchDay: (written: string, hours: string) => `There is no ${written.replace(/\b(?!of\b)[a-z]/g, (c) => c.toUpperCase())} in the calendar. What other day and time would suit you for the visit? We book ${hours}.`,
    otherSlot: 'OK. What other day and time would suit you for the visit?',
    unavailable: (propertyTitle: string, status: string) =>
      `**${propertyTitle}** is no longer available: it has been ${status}, so I can't book a visit to it. Tell me what you are looking for and I'll show you other options.`,
    notUnderstood: (hours: string) => `Sorry, I didn't understand. What day and time would you like to visit? We book ${hours}.`,
    booked: (contact: ContactData, propertyTitle: string | null, slot: string) =>
      `Done, ${firstName(contact.name ?? '')}! Your visit${toProperty(propertyTitle)} is booked for **${slot}**. An agent will confirm it ${channel(contact)}. Can I help you with anything else?`,
    note: PHRASES.visit.note,
  },
  transcript: {
    askEmail: 'Sure! Which e-mail address should I send the copy of this conversation to?',
    sending: (email: string) => `Done: I'm sending the copy of this conversation to **${email}**. If you don't see it in a few minutes, check your spam folder. Anything else I can help with?`,
  },

  contact: {
    adviserFor: (propertyTitle: string) => `Sure! An agent will gladly tell you more about **${propertyTitle}**.`,
    sellValuation:
      "What your property is worth, to sell or rent it out, depends on its area, size, bedrooms, view, amenities and condition: an agent can give you a **valuation** " +
      'with those details and real prices in the area.\nCould you give me your name and a phone or e-mail so they can contact you?',
    sellOrList: (agency: string) =>
      `Happy to help! At **${agency}** we also help you sell or rent out your property: we value it, list it and handle the interested buyers or tenants.\n` +
      'Could you give me your name and a phone or e-mail so an agent can contact you?',
    alreadyHave: (name: string, when: string) => `I already have your details, ${firstName(name)}: an agent will contact you ${when}.`,
    alreadyHaveAnythingElse: (name: string, when: string) => `I already have your details, ${firstName(name)}: an agent will contact you ${when}. Can I help you with anything else?`,
    thanks: (contact: ContactData, when: string, offerVisit: boolean) =>
      `Thank you, ${firstName(contact.name ?? '')}! An agent will contact you ${when} ${channel(contact)}.${offerVisit ? ' Would you like to book a visit?' : ''}`,
    invalidPhone: (phone: string) => `The phone «${phone}» doesn't look complete: I need 10 digits, for example 998 555 1234. Could you check it?`,
    invalidEmail: (email: string) => `The e-mail «${email}» doesn't look valid. Could you write it again? (for example, name@mail.com)`,
    askName: 'Thank you! What name should I put your details under?',
    askReach: (name: string) => `Thanks, ${firstName(name)}. Could you give me a phone (10 digits) or an e-mail to contact you?`,
    askAll: 'Could you give me your name and a phone (10 digits) or e-mail so an agent can contact you?',
    holdVisit: (slot: string | null) => `Great, I'm holding ${slot ? `**${slot}**` : 'your visit'} for you. To confirm it, could you give me your name and a phone (10 digits) or e-mail?`,
    holdVisitThen: (slot: string | null, ask: string) => `I'm holding ${slot ? `**${slot}**` : 'your visit'} for you. ${ask}`,
    noThanks: "No problem. I'm here if you need anything else.",
  },
  adjustSearch: 'No problem. If you like, I can adjust the search: tell me another area, budget or number of bedrooms.',
  handoff: {
    member: (member: TeamContact, assigned: boolean, askPhone: boolean) =>
      (assigned
        ? `Sure! I'm putting you through to **${member.name}** (${member.role}), who will answer you right here as soon as they are free.`
        : `Sure! I'm letting our team know you want to talk with **${member.name}** (${member.role}); a person will continue this conversation shortly.`) +
      (askPhone ? "\nIn case you can't read the answer here, could you give me your name and phone so they can call you or write on WhatsApp?" : ''),
    connecting: (agency: string, askPhone: boolean, later?: string) =>
      (later
        ? `Sure! I'm passing you to an agent from **${agency}**. Our office is closed now: a person from our team will continue this conversation ${later}.`
        : `Sure! I'm connecting you with an agent from **${agency}**: a person from our team will continue this conversation shortly.`) +
      (askPhone ? "\nIn the meantime, could you give me your name and phone so they can call you or write on WhatsApp if you can't read us here?" : ''),
  },
  lead: PHRASES.lead,
  money: {
    pricesIn: (currency: Currency, rate: string, count: number) =>
      `${currency === 'USD' ? 'In US dollars' : 'In Mexican pesos'}, at the reference exchange rate (MXN ${rate} per dollar), ${count === 1 ? 'it comes' : 'they come'} to about:`,
  },
  facts: {
    link: (url: string) => `[See the property](${url})`,
    picked: (pick: ShownPick, option: number) => `Of those I showed you, the ${{ cheapest: 'cheapest', largest: 'largest', smallest: 'smallest' }[pick]} is option ${option}.`,
    parking: (n: number) => (n > 0 ? `It has ${n === 1 ? '1 parking space' : `${n} parking spaces`}.` : 'It has no parking space of its own.'),
    bedrooms: (n: number) => (n > 0 ? `It has ${n === 1 ? '1 bedroom' : `${n} bedrooms`}.` : 'It has no bedrooms: it is not a residential property.'),
    bathrooms: (n: number) => (n > 0 ? `It has ${n} ${n === 1 ? 'bathroom' : 'bathrooms'}.` : 'The listing shows no bathrooms.'),
    price: (price: string, approx: string | null, rent: boolean) => `${rent ? 'The rent is' : 'It costs'} **${price}**${approx ? ` (${approx})` : ''}.`,
    pricePerArea: (perM2: string, price: string, m2: string, land: boolean, rent: boolean) =>
      `That is **${perM2} per m²**${rent ? ' a month' : ''}: ${price} over ${m2} ${land ? 'of land' : 'built'}.`,
    area: (built: string | null, lot: string | null) =>
      built && lot ? `It has ${built} built on a ${lot} lot.` : built ? `It has ${built} built.` : lot ? `The lot is ${lot}.` : "The listing doesn't give the size.",
    lot: (lot: string | null, built: string | null) =>
      lot ? `The lot is ${lot}.` : built ? `It is an apartment: it has no lot of its own; it has ${built} built.` : "The listing doesn't give the lot size.",
    amenity: (has: boolean, what: string) =>
      has ? `Yes, it has ${what}.` : `The listing doesn't mention ${what} among its amenities; an agent can confirm it for you.`,
    pets: (allowed: boolean) => (allowed ? 'Yes, pets are allowed.' : "The listing doesn't say pets are allowed; an agent can ask the owner."),
    furnished: (furnished: boolean, _word: string) =>
      furnished ? 'Yes, it is furnished.' : "The listing doesn't say it is furnished; an agent can confirm it for you.",
    amenities: (list: string) => (list ? `It has ${list}.` : "The listing doesn't list amenities."),
    zone: (zone: string, address: string) => `It is in **${zone}**: ${address}.`,
    delivery: (month: string | null, development: string | null) =>
      month ? `Delivery is scheduled for **${month}**${development ? ` (${development})` : ''}.` : 'It is a finished property: it can be handed over when the deal closes.',
    development: (name: string | null) => (name ? `It is part of **${name}**.` : 'It is not part of a development: it is a standalone property.'),
    available: 'Yes, it is still available.',
    unavailable: (status: string) => `It is no longer available: it has been ${status}. Would you like me to show you similar options?`,
    status: { apartada: 'reserved', vendida: 'sold', rentada: 'rented' },
    beach: (zone: string, seaView: boolean, beachZone: boolean) =>
      (beachZone
        ? `It is in **${zone}**, Cancún's strip of beaches${seaView ? ', with an ocean view' : ''}.`
        : `It is in **${zone}**${seaView ? ', with an ocean view' : ''}; Cancún's beaches are mostly in the Hotel Zone.`) +
      " I don't have the exact distance to the beach in the listing: an agent can confirm it. Would you like one to contact you? Leave me your name and phone.",
    unknown: "I don't have that information in the property's listing, and I'd rather not guess. An agent can confirm it for you: would you like one to contact you? Leave me your name and phone.",
    unknownGeneral:
      "I don't have that information and I'd rather not guess: what I know comes from our property catalogue. " +
      'An agent who knows the areas can help you: would you like one to contact you? Leave me your name and phone.',
    onlyOne: (title: string) => `I only showed you one option: **${title}**.`,
    onlySome: (count: number) => `I only showed you ${count} options. Which of them do you mean (${joinOr(Array.from({ length: count }, (_, i) => String(i + 1)))})?`,
    which: 'Which property are you asking about? Tell me the option number (for example, «the second one») or open it on the site and ask me from there.',
    notFound: "I couldn't find that property in the catalogue. Which one is it, or shall we look for another?",
    nextQuestion: 'Would you like to book a visit or know anything else?',
  },
  routing: {
    outlook: (o: HandoffOutlook, when: string | null, c: AgencyChannels) => {
      if (o.kind === 'person') return `**${o.name}** will answer you here ${o.minutes <= 1 ? 'within a minute' : `in about ${o.minutes} minutes`}.`
      if (o.kind === 'team') return `${joinOr(o.names.map((n) => `**${n}**`))} will answer you here within the next few minutes.`
      if (o.kind === 'busy')
        return o.names.length === 1
          ? `**${o.names[0]}** is busy with other conversations and will answer you here as soon as they are free.`
          : `Our team is busy with other conversations: ${joinOr(o.names.map((n) => `**${n}**`))} will answer you here as soon as they are free.`
      const by = when ? `**${when}** (Cancún time)${o.closed ? '' : ' at the latest'}` : 'as soon as we open'
      const now = o.closed ? 'Our office is closed right now' : 'Nobody from our team is online right now'
      const channels = o.closed
        ? `From then on you can also reach us on [WhatsApp](${c.whatsapp}), at ${c.phone} or at ${c.email}.`
        : `You can also write to us on [WhatsApp](${c.whatsapp}), call us at ${c.phone} or e-mail ${c.email}.`
      return `${now}: we will answer you ${by}, right here or at the phone or e-mail you leave us. ${channels}`
    },
    connecting: (agency: string, outlook: string, askContact: boolean, later: boolean) =>
      (later ? `Sure! I'll pass your message on to our team at **${agency}**. ${outlook}` : `Sure! I'm connecting you with an agent from **${agency}**. ${outlook}`) +
      (askContact
        ? later
          ? '\nCould you give me your name and phone or e-mail so we can contact you?'
          : "\nIn the meantime, could you give me your name and phone so they can call you or write on WhatsApp if you can't read us here?"
        : ''),
    memberAway: (member: TeamContact, outlook: string, askContact: boolean) =>
      `Sure! **${member.name}** (${member.role}) is not available right now. ${outlook}` +
      (askContact ? '\nCould you give me your name and phone or e-mail so they can contact you?' : ''),
    memberUnlinked: (member: TeamContact, outlook: string, askContact: boolean) =>
      `Sure! I'm letting our team know you want to talk with **${member.name}** (${member.role}). ${outlook}` +
      (askContact ? '\nCould you give me your name and phone or e-mail so they can contact you?' : ''),
    member: (member: TeamContact, minutes: number, askContact: boolean) =>
      `Sure! I'm putting you through to **${member.name}** (${member.role}), who will answer you here ${minutes <= 1 ? 'within a minute' : `in about ${minutes} minutes`}.` +
      (askContact ? "\nIn case you can't read the answer here, could you give me your name and phone so they can call you or write on WhatsApp?" : ''),
    waiting: (outlook: string, askContact: boolean) =>
      `Sorry for the wait. ${outlook}` + (askContact ? '\nCould you leave me your name and phone so they can contact you even if you close the chat?' : ''),
    escalated: (outlook: string) => `Sorry for the wait: I've let our whole team know. ${outlook}`,
    ownerLeft: (name: string, outlook: string) => `${name} had to leave the conversation. ${outlook}`,
    arrived: (outlook: string) => `Good news: someone from our team is online now. ${outlook}`,
  },
  waiting: (c: AgencyChannels, askContact: boolean) =>
    "Sorry for the wait. I've already let our team know and an agent will write to you here as soon as they are free. " +
    `If you'd rather not wait, write to us on [WhatsApp](${c.whatsapp}) or call us at ${c.phone}.` +
    (askContact ? '\nCould you leave me your name and phone so they can contact you even if you close the chat?' : ''),
  unknownPlace: (place: string, close: string[]) =>
    `**${place}** is not among the areas and developments in our catalogue` +
    (close.length ? `; the closest ${close.length === 1 ? 'is' : 'are'} ${close.map((c) => `**${c}**`).join(', ')}.` : '.'),
  outOfArea: (place: string) =>
    `For now we only work in **Cancún** (Huayacán, Puerto Cancún, the Hotel Zone, Downtown and Polígono Sur), so I have no properties in ${place}. ` +
    'If Cancún interests you, tell me what you are looking for and I will show you options; or leave me your name and phone and an agent will advise you.',
  unclear: 'Could you give me a bit more detail? Are you looking for a property (type, area and budget), do you have a question about one you saw, or would you like to talk to an agent?',
}

export function phrasesFor(language: Language): Phrases {
  return language === 'en' ? PHRASES_EN : PHRASES
}
