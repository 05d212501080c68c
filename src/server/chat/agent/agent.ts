/**
 * The automated chat agent (design.md §5): one visitor message + the conversation memory in,
 * the agent's messages + the new memory (+ a lead, an appointment, a handoff) out. No I/O of its
 * own: the catalogue search is injected. Never throws.
 */
import { convertPrice, formatListingPrice, formatPrice, toMxn } from '../../../catalogue/format'
import { AMENITIES, OPERATIONS, type Currency, type Property } from '../../../catalogue/model'
import * as answers from './answers'
import { describeCriteria, namesOf, propertyCard, propertyUrl, searchUrl, siteBase, zonePhrase, type Names } from './cards'
import {
  contactWhen,
  dayKey,
  formatDay,
  formatSlot,
  isoCancun,
  parseDayKey,
  parseIso,
  resolveSlot,
  slotProblem,
  VISIT_HOURS_TEXT,
} from './schedule'
import { searchWithAlternatives, type Relaxation, type SearchResult } from './search'
import { MAX_SEEN, normalizeState } from './state'
import { floorNice, joinY } from './text'
import { createLexicon, understand, type Intent, type Understanding } from './understand'
import type { Agent, AgentAppointment, AgentDeps, AgentLead, AgentOutcome, ConversationState, Criteria } from './types'

const MAX_CARDS = 3
const NON_RESIDENTIAL = new Set(['terreno', 'local', 'oficina', 'bodega'])

const firstName = (name: string) => name.split(/\s+/)[0] ?? name
/** "998 123 4567"; "55 1234 5678" for the two-digit area codes (CDMX, Guadalajara, Monterrey). */
const formatPhone = (phone: string) =>
  /^(?:55|56|33|81)/.test(phone) ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}` : `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`
const DEFAULT_REASON = 'pidió que un asesor le contacte'
const contactKey = (c: ConversationState['contact']) => JSON.stringify([c.name, c.phone, c.email])

/** Builds the agent over a catalogue search. */
export function createAgent(deps: AgentDeps): Agent {
  const zones = Array.isArray(deps.zones) ? deps.zones : []
  const developments = Array.isArray(deps.developments) ? deps.developments : []
  const lexicon = createLexicon(zones, developments)
  const names: Names = namesOf(zones, developments)
  const base = siteBase(typeof deps.siteUrl === 'string' ? deps.siteUrl : '')
  const agency = deps.agencyName || 'nuestra inmobiliaria'

  const clock = (): Date => {
    try {
      const now = deps.now()
      if (now instanceof Date && Number.isFinite(now.getTime())) return now
    } catch {
      // fall through to the system clock
    }
    return new Date()
  }

  /** One visitor message being answered. */
  class Turn {
    readonly u: Understanding
    readonly out: string[] = []
    readonly dialogue: string[] = []
    readonly previousAsk: ConversationState['lastAsk']
    lead: AgentLead | undefined
    appointment: AgentAppointment | undefined
    handoff = false
    contactGiven = false
    invalidPhone: string | null = null
    invalidEmail: string | null = null
    leadReason: string | null = null
    searched = false
    /** A message of this turn already asks for name and phone. */
    askedContact = false

    constructor(
      readonly text: string,
      readonly state: ConversationState,
      readonly now: Date,
    ) {
      const expectingName = !state.contact.name && (state.pending !== null || state.lastAsk === 'contact')
      this.u = understand(text, lexicon, now, { expectingName })
      this.previousAsk = state.lastAsk
      state.lastAsk = null
      state.turns += 1
      if (this.u.empty && /[👍👌✅🙌]/u.test(text)) this.u.intents.push('yes')
    }

    /** Nothing said yet in this turn. */
    quiet(): boolean {
      return !this.out.length && !this.dialogue.length
    }

    has(intent: Intent): boolean {
      return this.u.intents.includes(intent)
    }

    async run(): Promise<AgentOutcome> {
      const { u, state } = this
      if (u.empty && !this.has('yes')) return this.finish([answers.emptyMessage()])

      this.resolveFocus()
      this.mergeContact()

      if (this.has('handoff')) this.handleHandoff()
      const visiting = this.wantsVisit()
      if (visiting) this.handleVisit()
      else if (this.has('sell')) {
        this.leadReason = 'quiere vender o rentar su propiedad'
        if (!this.complete()) {
          state.pending = 'contact'
          this.out.push(answers.sellOrList(agency))
          state.lastAsk = 'contact'
          this.askedContact = true
        }
      } else if (this.has('contact')) this.handleContactRequest()

      const faqs = this.faqAnswers()
      this.out.push(...faqs)

      if (this.shouldSearch(faqs.length > 0, visiting)) await this.handleSearch()
      else if (visiting || this.has('contact')) this.mergeCriteriaSilently()

      this.handleYesNo(visiting)
      if (this.complete()) this.completeContact()
      else this.promptContact()

      if (!this.out.length && !this.dialogue.length) this.smallTalk()
      else if (this.has('greeting') && state.turns === 1 && this.out.length && !this.out[0]?.startsWith('¡Hola')) {
        this.out[0] = `¡Hola! ${this.out[0]}`
      }
      return this.finish([...this.out, ...(this.dialogue.length ? [this.dialogue.join(' ')] : [])])
    }

    finish(messages: string[]): AgentOutcome {
      const outcome: AgentOutcome = { state: this.state, messages: messages.length ? messages : [answers.notUnderstood()] }
      if (this.lead) outcome.lead = this.lead
      if (this.appointment) outcome.appointment = this.appointment
      if (this.handoff) outcome.handoff = true
      return outcome
    }

    // ---- understanding in context -------------------------------------------------------

    resolveFocus(): void {
      const { u, state } = this
      if (u.propertySlug) {
        const known = state.shown.find((p) => p.slug === u.propertySlug)
        state.focus = { slug: u.propertySlug, title: known?.title ?? null }
      } else if (u.ordinal !== null && state.shown.length) {
        const index = u.ordinal < 0 ? state.shown.length - 1 : u.ordinal
        const chosen = state.shown[index]
        if (chosen) state.focus = { slug: chosen.slug, title: chosen.title }
      } else if (state.shown.length === 1 && (u.demonstrative || this.has('visit') || this.has('contact'))) {
        const only = state.shown[0]
        if (only) state.focus = { slug: only.slug, title: only.title }
      }
    }

    mergeContact(): void {
      const { u, state } = this
      const c = u.contact
      const name = c.name
      if (name) state.contact.name = name
      if (c.phone) state.contact.phone = c.phone
      if (c.email) state.contact.email = c.email
      this.contactGiven = Boolean(name || c.phone || c.email)
      this.invalidPhone = c.phone ? null : c.invalidPhone
      this.invalidEmail = c.email ? null : c.invalidEmail
    }

    complete(): boolean {
      const c = this.state.contact
      return Boolean(c.name && (c.phone || c.email))
    }

    wantsVisit(): boolean {
      const { u, state } = this
      const when = u.when.date !== null || u.when.time !== null
      const inVisit = state.pending === 'appointment' || this.previousAsk === 'slot' || this.previousAsk === 'visit'
      if (this.has('handoff')) return false
      if (this.has('visit')) return true
      if (inVisit && (when || (this.previousAsk === 'slot' && this.has('yes')))) return true
      if ((this.previousAsk === 'after-results' || this.previousAsk === 'visit') && this.has('yes') && !this.has('no')) return true
      // "¿el sábado a las 11?" right after seeing properties.
      return u.when.time !== null && (state.shown.length > 0 || state.focus !== null) && Object.keys(u.criteria).length === 0
    }

    // ---- handoff, visit, contact ---------------------------------------------------------

    handleHandoff(): void {
      const { state } = this
      this.handoff = true
      state.handoff = true
      this.leadReason = 'pidió hablar con un asesor'
      let text = `¡Claro! Te comunico con un asesor de **${agency}**: una persona de nuestro equipo continuará esta conversación en breve.`
      if (!state.contact.phone) {
        text +=
          '\nMientras tanto, ¿me compartes tu nombre y tu teléfono para que te pueda llamar o escribir por WhatsApp ' +
          'si no alcanzas a leernos aquí?'
        state.pending ??= 'contact'
        state.lastAsk = 'contact'
        this.askedContact = true
      }
      this.out.push(text)
    }

    handleVisit(): void {
      const { u, state, now } = this
      state.pending = 'appointment'
      const focusTitle = state.focus?.title ? ` a **${state.focus.title}**` : ''
      let slot: Date | null = null
      const whenGiven = u.when.date !== null || u.when.time !== null
      if (!whenGiven && this.previousAsk === 'slot' && this.has('yes') && state.visit.proposed) {
        slot = parseIso(state.visit.proposed)
      } else if (whenGiven) {
        const resolution = resolveSlot(u.when, parseDayKey(state.visit.date), now)
        if (resolution.kind === 'ok') slot = resolution.at
        else if (resolution.kind === 'need-time') {
          state.visit.date = dayKey(resolution.date)
          state.visit.proposed = null
          this.dialogue.push(`¿A qué hora te acomoda el **${formatDay(resolution.date, now)}**? Agendamos visitas ${VISIT_HOURS_TEXT}.`)
          state.lastAsk = 'visit'
          return
        } else if (resolution.kind === 'invalid') {
          const requested = formatSlot(resolution.requested, now)
          const why = {
            past: `El ${requested} ya pasó.`,
            soon: `El ${requested} es muy pronto: necesitamos al menos una hora para preparar la visita.`,
            closed: 'Los domingos no agendamos visitas.',
            hours: `A esa hora no podemos: agendamos visitas ${VISIT_HOURS_TEXT}.`,
          }[resolution.problem]
          state.visit.proposed = isoCancun(resolution.proposal)
          state.visit.date = null
          this.dialogue.push(`${why} ¿Te parece el **${formatSlot(resolution.proposal, now)}**? Si no, dime qué otro día y hora te acomodan.`)
          state.lastAsk = 'slot'
          return
        }
      } else if (state.visit.at) {
        slot = parseIso(state.visit.at)
      }
      if (slot && slotProblem(slot, now) === null) {
        state.visit.at = isoCancun(slot)
        state.visit.proposed = null
        state.visit.date = null
        return // confirmed or asked for contact data in completeContact / promptContact
      }
      const numbers = joinY(state.shown.map((_, i) => String(i + 1))).replace(/ y (\d+)$/, ' o $1')
      const which = !state.focus && state.shown.length > 1 ? ` ¿Cuál te gustaría visitar (${numbers})?` : ''
      this.dialogue.push(`¡Con gusto agendamos tu visita${focusTitle}!${which} ¿Qué día y a qué hora te acomoda? Agendamos visitas ${VISIT_HOURS_TEXT}.`)
      state.lastAsk = 'visit'
    }

    handleContactRequest(): void {
      const { state } = this
      this.leadReason ??= DEFAULT_REASON
      if (this.complete() && contactKey(state.contact) === state.leadKey) {
        this.dialogue.push(`Ya tengo tus datos, ${firstName(state.contact.name ?? '')}: un asesor te contactará ${contactWhen(this.now)}.`)
        return
      }
      state.pending ??= 'contact'
      if (!this.complete() && state.focus?.title) this.dialogue.push(`¡Claro! Con gusto un asesor te da informes de **${state.focus.title}**.`)
    }

    handleYesNo(visiting: boolean): void {
      const { state } = this
      if (visiting || this.searched) return
      if (this.has('no') && !this.has('yes')) {
        if (this.previousAsk === 'slot') {
          state.visit.proposed = null
          this.dialogue.push('Va. ¿Qué otro día y a qué hora te acomoda la visita?')
          state.lastAsk = 'visit'
        } else if (this.previousAsk === 'after-results') {
          this.dialogue.push('Sin problema. Si quieres, ajusto la búsqueda: dime otra zona, presupuesto o número de recámaras.')
        } else if (this.previousAsk === 'contact' || this.previousAsk === 'visit') {
          if (!this.contactGiven) {
            state.pending = null
            this.dialogue.push('Sin problema. Aquí sigo si necesitas algo más.')
          }
        }
      } else if (this.has('yes') && this.previousAsk === 'contact' && !this.contactGiven) {
        state.pending ??= 'contact'
      }
    }

    /** Emits the appointment and/or the lead when the contact data is complete. */
    completeContact(): void {
      const { state, now } = this
      const contact = state.contact
      const name = contact.name ?? ''
      const key = contactKey(contact)
      let booked = false
      if (state.pending === 'appointment' && state.visit.at && state.visit.at !== state.visit.booked) {
        const at = parseIso(state.visit.at)
        if (at && slotProblem(at, now) === null) {
          const when = formatSlot(at, now)
          this.appointment = {
            at: state.visit.at,
            name: contact.name,
            phone: contact.phone,
            propertySlug: this.propertySlug(),
            note: this.summary(`Visita solicitada desde el chat para el ${when}.`),
          }
          this.leadReason = `agendó una visita para el ${when}`
          state.visit.booked = state.visit.at
          state.visit.at = null
          state.pending = null
          booked = true
          const place = state.focus?.title ? ` a **${state.focus.title}**` : ''
          const channel = contact.phone ? `al ${formatPhone(contact.phone)}` : `a ${contact.email}`
          this.dialogue.push(
            `¡Listo, ${firstName(name)}! Tu visita${place} quedó agendada para el **${when}**. Un asesor te confirmará ${channel}. ¿Te ayudo con algo más?`,
          )
        } else {
          state.visit.at = null
        }
      }
      const shouldLead = state.pending === 'contact' || this.contactGiven || booked || this.handoff || this.has('contact') || this.has('sell')
      if (key !== state.leadKey && shouldLead) {
        this.lead = {
          name,
          phone: contact.phone,
          email: contact.email,
          message: this.summary(`Contacto desde el chat: ${this.leadReason ?? (state.handoff ? 'pidió hablar con un asesor' : DEFAULT_REASON)}.`),
          propertySlug: this.propertySlug(),
        }
        state.leadKey = key
        if (state.pending === 'contact') state.pending = null
        if (!booked) {
          const channel = contact.phone ? `al ${formatPhone(contact.phone)}` : `a ${contact.email}`
          const visitHint = state.pending === 'appointment' && !state.visit.at ? '' : ' ¿Quieres que agendemos una visita?'
          const offer = state.handoff ? '' : visitHint
          this.dialogue.push(`¡Gracias, ${firstName(name)}! Un asesor te contactará ${contactWhen(now)} ${channel}.${offer}`)
          state.lastAsk = offer ? 'visit' : null
        }
      } else if (key === state.leadKey && !booked && (state.pending === 'contact' || (this.contactGiven && this.quiet()))) {
        state.pending = null
        if (this.quiet()) {
          this.dialogue.push(`Ya tengo tus datos, ${firstName(name)}: un asesor te contactará ${contactWhen(now)}. ¿Te ayudo con algo más?`)
        }
      }
      if (state.pending === 'appointment' && !state.visit.at && !booked && this.dialogue.length === 0 && this.contactGiven) {
        this.dialogue.push('¿Qué día y a qué hora te gustaría hacer la visita?')
        state.lastAsk = 'visit'
      }
    }

    /** Asks for what is missing or invalid in the contact data, when it is being collected. */
    promptContact(): void {
      const { state } = this
      const c = state.contact
      const reachable = this.u.contact.phone !== null || this.u.contact.email !== null
      const collecting =
        state.pending === 'contact' || (state.pending === 'appointment' && state.visit.at !== null) || reachable ||
        this.invalidPhone !== null || this.invalidEmail !== null
      if (!collecting) return
      let text: string
      if (this.invalidPhone) {
        text = `El teléfono «${this.invalidPhone}» no parece completo: necesito 10 dígitos, por ejemplo 998 123 4567. ¿Me lo confirmas?`
      } else if (this.invalidEmail) {
        text = `El correo «${this.invalidEmail}» no parece válido. ¿Me lo escribes de nuevo? (por ejemplo, nombre@correo.com)`
      } else if (!c.name && (c.phone || c.email)) {
        text = '¡Gracias! ¿A nombre de quién registro tus datos?'
      } else if (c.name && !c.phone && !c.email) {
        text = `Gracias, ${firstName(c.name)}. ¿Me compartes un teléfono (10 dígitos) o un correo para contactarte?`
      } else {
        text = '¿Me compartes tu nombre y un teléfono (10 dígitos) o correo para que un asesor te contacte?'
      }
      if (state.pending === 'appointment' && state.visit.at) {
        const at = parseIso(state.visit.at)
        const when = at ? `el **${formatSlot(at, this.now)}**` : 'tu visita'
        if (!this.invalidPhone && !this.invalidEmail) {
          text = !c.name && !c.phone && !c.email
            ? `Perfecto, te aparto ${when}. Para confirmarla, ¿me compartes tu nombre y un teléfono (10 dígitos) o correo?`
            : `Te aparto ${when}. ${text}`
        }
      }
      if (this.askedContact && !this.contactGiven) return // the handoff/sell text already asked
      this.dialogue.push(text)
      state.lastAsk = 'contact'
    }

    propertySlug(): string | null {
      const { state } = this
      return state.focus?.slug ?? (state.shown.length === 1 ? state.shown[0]?.slug ?? null : null)
    }

    /** The lead/appointment note: what happened, the property of interest, the search. */
    summary(first: string): string {
      const { state } = this
      const parts = [first]
      const slug = this.propertySlug()
      if (slug) {
        const title = state.focus?.slug === slug ? state.focus.title : state.shown.find((p) => p.slug === slug)?.title
        parts.push(`Propiedad de interés: ${title ? `${title} ` : ''}(${propertyUrl(base, slug)}).`)
      }
      if (Object.keys(state.criteria).some((k) => k !== 'orden')) parts.push(`Busca: ${describeCriteria(state.criteria, names)}.`)
      return parts.join(' ')
    }

    // ---- questions and small talk ------------------------------------------------------

    faqAnswers(): string[] {
      const list: string[] = []
      const hours = this.has('hours')
      const location = this.has('location')
      if (hours || location) list.push(answers.hoursAndLocation({ hours, location }))
      if (this.has('rentRequirements')) list.push(answers.rentRequirements())
      if (this.has('credit') || this.has('foreigner')) list.push(answers.credit(this.has('foreigner') && !this.has('credit')))
      if (this.has('presale')) list.push(answers.presaleProcess())
      if (this.has('who')) list.push(answers.whoAmI(agency))
      return list
    }

    smallTalk(): void {
      const { state, u } = this
      if (this.contactGiven && state.contact.name && !this.has('goodbye')) {
        this.out.push(`¡Mucho gusto, ${firstName(state.contact.name)}! ¿En qué te puedo ayudar? Cuéntame qué tipo de propiedad buscas y en qué zona.`)
      } else if (u.english && !this.has('thanks') && !this.has('goodbye')) {
        this.out.push(`${this.has('greeting') ? '¡Hola! ' : ''}${answers.englishNote()}`)
      }
      else if (this.has('greeting')) this.out.push(answers.greeting(agency))
      else if (this.has('goodbye')) this.out.push(answers.goodbye(agency))
      else if (this.has('thanks')) this.out.push(answers.thanks())
      else if (this.has('help')) this.out.push(answers.help())
      else if (state.pending === 'appointment') {
        this.out.push(`Perdón, no te entendí. ¿Qué día y a qué hora te gustaría la visita? Agendamos ${VISIT_HOURS_TEXT}.`)
        state.lastAsk = 'visit'
      } else if (this.has('yes') && this.previousAsk === null) this.out.push(answers.greeting(agency))
      else this.out.push(answers.notUnderstood())
    }

    // ---- search ----------------------------------------------------------------------

    shouldSearch(answeredFaq: boolean, visiting: boolean): boolean {
      const { u } = this
      const keys = Object.keys(u.criteria)
      const refinements = u.cheaper || u.more || u.clearPrice || u.clearZone || u.otherZone || u.clearType || u.removeAmenities.length > 0
      if (!keys.length && !refinements) return false
      if (visiting && !u.more && !u.cheaper) return false
      if (this.has('sell')) return false
      // "requisitos para rentar", "¿cómo funciona la preventa?": the question, not a search.
      if (answeredFaq && !refinements && keys.every((k) => k === 'operacion')) return false
      return true
    }

    /** Keeps what a visit/contact message says about the search, without searching. */
    mergeCriteriaSilently(): void {
      const merged = this.mergeCriteria()
      this.state.criteria = merged.criteria
    }

    mergeCriteria(): { criteria: Criteria; notes: string[] } {
      const { u, state } = this
      const patch = u.criteria
      const prev = state.criteria
      const notes: string[] = []
      const typeChanged = patch.tipo !== undefined && prev.tipo !== undefined && patch.tipo !== prev.tipo
      const reset = u.newSearch || (this.has('searchVerb') && typeChanged && patch.operacion !== undefined)
      let next: Criteria
      if (reset) {
        next = { ...patch }
        state.excludeZone = null
      } else {
        next = { ...prev }
        if (patch.operacion && patch.operacion !== prev.operacion) {
          const hasPrice = prev.precio_max !== undefined || prev.precio_min !== undefined
          const patchPrice = patch.precio_max !== undefined || patch.precio_min !== undefined
          if (hasPrice && !patchPrice && prev.operacion && (prev.operacion === 'renta') !== (patch.operacion === 'renta')) {
            delete next.precio_max
            delete next.precio_min
            delete next.moneda
            notes.push(`Quité el presupuesto anterior porque era ${prev.operacion === 'renta' ? 'de renta mensual' : 'de compra'}.`)
          }
          next.operacion = patch.operacion
        }
        if (patch.tipo) {
          next.tipo = patch.tipo
          if (NON_RESIDENTIAL.has(patch.tipo)) {
            delete next.recamaras
            delete next.banos
          }
        }
        if (patch.desarrollo) {
          next.desarrollo = patch.desarrollo
          delete next.zona
          state.excludeZone = null
        }
        if (patch.zona) {
          next.zona = patch.zona
          const devZone = developments.find((d) => d.slug === next.desarrollo)?.zone
          if (next.desarrollo && devZone !== patch.zona) delete next.desarrollo
          state.excludeZone = null
        }
        if (patch.precio_max !== undefined || patch.precio_min !== undefined) {
          if (patch.moneda && patch.moneda !== next.moneda) {
            delete next.precio_min
            delete next.precio_max
          }
          if (patch.precio_max !== undefined) next.precio_max = patch.precio_max
          if (patch.precio_min !== undefined) next.precio_min = patch.precio_min
          // A new cap under the old minimum (or a new minimum over the old cap) replaces it.
          if (next.precio_min !== undefined && next.precio_max !== undefined && next.precio_min > next.precio_max) {
            if (patch.precio_min === undefined) delete next.precio_min
            else delete next.precio_max
          }
          next.moneda = patch.moneda ?? next.moneda ?? 'MXN'
        }
        if (patch.recamaras !== undefined) next.recamaras = patch.recamaras
        if (patch.banos !== undefined) next.banos = patch.banos
        if (patch.amenidades?.length) {
          const all = new Set([...(next.amenidades ?? []), ...patch.amenidades])
          next.amenidades = [...all].sort((a, b) => amenityIndex(a) - amenityIndex(b))
        }
      }
      if (u.removeAmenities.length && next.amenidades) {
        next.amenidades = next.amenidades.filter((a) => !u.removeAmenities.includes(a))
        if (!next.amenidades.length) delete next.amenidades
      }
      if (u.clearPrice) {
        delete next.precio_max
        delete next.precio_min
        delete next.moneda
      }
      if (u.clearZone) {
        delete next.zona
        delete next.desarrollo
        state.excludeZone = null
      }
      if (u.otherZone && !patch.zona && !patch.desarrollo) {
        const current = next.zona ?? developments.find((d) => d.slug === next.desarrollo)?.zone ?? null
        if (current) state.excludeZone = current
        delete next.zona
        delete next.desarrollo
      }
      if (u.clearType && !patch.tipo) delete next.tipo
      if (u.cheaper) this.lowerPrice(next)
      return { criteria: next, notes }
    }

    /** "¿y más barato?": about 20% under the cheapest shown (or under the current cap), cheapest first. */
    lowerPrice(next: Criteria): void {
      const { state } = this
      next.orden = 'precio-asc'
      const cheapest = [...state.shown].sort((a, b) => toMxn(a.price.amount, a.price.currency) - toMxn(b.price.amount, b.price.currency))[0]
      let currency: Currency = next.moneda ?? cheapest?.price.currency ?? 'MXN'
      let reference: number | undefined
      if (cheapest) reference = convertPrice(cheapest.price, currency).amount
      if (next.precio_max !== undefined && (reference === undefined || next.precio_max < reference)) {
        reference = next.precio_max
        currency = next.moneda ?? 'MXN'
      }
      if (reference === undefined) return
      const max = floorNice(reference * 0.8)
      if (max <= 0) return
      next.precio_max = max
      next.moneda = currency
      if (next.precio_min !== undefined && next.precio_min >= max) delete next.precio_min
    }

    async handleSearch(): Promise<void> {
      const { u, state } = this
      const { criteria, notes } = this.mergeCriteria()
      const same = JSON.stringify(criteria) === JSON.stringify(state.criteria)
      if (!same) state.seen = []
      const skip = new Set(u.more && same ? state.seen : [])
      state.criteria = criteria
      let result: SearchResult
      try {
        result = await searchWithAlternatives(deps.search.bind(deps), criteria, { excludeZone: state.excludeZone, skip, developments })
      } catch {
        this.out.push(answers.searchUnavailable())
        return
      }
      this.searched = true
      const outside = state.excludeZone ? ` fuera de ${zonePhrase(state.excludeZone, names)}` : ''
      const cards = result.items.slice(0, MAX_CARDS)
      const showCurrency = criteria.moneda && (criteria.precio_max !== undefined || criteria.precio_min !== undefined) ? criteria.moneda : undefined

      if (!cards.length) {
        if (result.exhausted) {
          const exact = result.total > 0
          this.out.push(
            (exact
              ? `Ya te mostré ${result.total === 1 ? 'la única opción disponible' : `las ${result.total} opciones disponibles`} ` +
                `de ${describeCriteria(criteria, names, result.total)}${outside}. `
              : 'Ya te mostré todas las opciones parecidas que tengo. ') +
              '¿Quieres que amplíe la búsqueda con otra zona, más presupuesto o menos recámaras?',
          )
          state.lastAsk = null
          return
        }
        this.out.push(
          `Por ahora no tengo ${describeCriteria(criteria, names)}${outside} disponibles, ni opciones parecidas. ` +
            '¿Quieres que un asesor te avise cuando tengamos algo así? Solo necesito tu nombre y un teléfono o correo.',
        )
        state.shown = []
        state.lastAsk = 'contact'
        return
      }

      const intro: string[] = [...notes]
      if (result.relaxed.length === 0) {
        const total = result.total
        if (u.more && skip.size) intro.push(`Aquí tienes más ${describeCriteria(criteria, names)}${outside}:`)
        else {
          const lead = u.cheaper ? 'Más económicas: encontré' : 'Encontré'
          const some = cards.length === 1 ? 'una opción' : `${cards.length} opciones`
          const these = total > cards.length ? `Te comparto ${some}:` : total === 1 ? 'Aquí está:' : 'Aquí están:'
          intro.push(`${lead} ${total} ${describeCriteria(criteria, names, total)}${outside}. ${these}`)
        }
      } else if (u.more && skip.size) {
        intro.push(`Aquí tienes más opciones cercanas ${joinY(result.relaxed.map((r) => this.relaxedWords(r, criteria)))}:`)
      } else {
        intro.push(`No tengo disponibles ${describeCriteria(criteria, names)}${outside}.`)
        if (result.relaxed.includes('precio') && criteria.precio_max !== undefined) {
          const cheapest = [...result.items].sort((a, b) => toMxn(a.price.amount, a.price.currency) - toMxn(b.price.amount, b.price.currency))[0]
          if (cheapest) {
            const cap = formatPrice({ amount: criteria.precio_max, currency: criteria.moneda ?? 'MXN' })
            intro.push(`La opción más económica cuesta **${formatListingPrice(cheapest.price, cheapest.operation)}**, arriba de tu tope de ${cap}.`)
          }
        }
        intro.push(`Te muestro las opciones más cercanas ${joinY(result.relaxed.map((r) => this.relaxedWords(r, criteria)))}:`)
      }
      if (u.english) intro.unshift('Te atiendo en español.')
      this.out.push(intro.join(' '))
      for (const property of cards) this.out.push(propertyCard(property, base, names, showCurrency))

      const shownCount = skip.size + cards.length
      const remaining = result.relaxed.length === 0 && result.total > shownCount
      const what = result.relaxed.length ? 'estas opciones' : `los ${result.total} resultados`
      const label = result.total === 1 ? 'Ver en el sitio' : `Ver ${what} en el sitio`
      const follow: string[] = [`[${label}](${searchUrl(base, result.criteria)})`]
      follow.push(
        remaining ? '¿Quieres agendar una visita o te comparto más opciones?' : '¿Quieres agendar una visita a alguna o ajustamos la búsqueda?',
      )
      const sparse = Object.keys(criteria).filter((k) => k !== 'orden' && k !== 'moneda').length <= 1
      if (sparse && result.relaxed.length === 0) follow.push('Si me dices zona, presupuesto o lo que más te importa, afino la búsqueda.')
      this.out.push(follow.join('\n'))

      state.shown = cards.map((p: Property) => ({ slug: p.slug, title: p.title, price: { ...p.price } }))
      state.seen = [...state.seen, ...cards.map((p) => p.slug).filter((s) => !state.seen.includes(s))].slice(-MAX_SEEN)
      state.lastAsk = 'after-results'
    }

    relaxedWords(step: Relaxation, criteria: Criteria): string {
      switch (step) {
        case 'precio':
          return criteria.precio_max !== undefined ? 'sin el tope de precio' : 'sin el precio mínimo'
        case 'recamaras':
          return criteria.banos !== undefined && criteria.recamaras === undefined ? 'con menos baños' : 'con menos recámaras'
        case 'amenidades':
          return 'sin todas las amenidades que pediste'
        case 'desarrollo': {
          const dev = developments.find((d) => d.slug === criteria.desarrollo)
          return dev ? `en otros desarrollos de ${zonePhrase(dev.zone, names)}` : 'en otros desarrollos'
        }
        case 'zona':
          return 'en otras zonas'
        case 'operacion': {
          const others = OPERATIONS.filter((op) => op !== criteria.operacion)
          return `en ${joinY(others).replace(/ y /, ' o ')}`
        }
      }
    }
  }

  return {
    async reply(text: string, stateIn: ConversationState): Promise<AgentOutcome> {
      const now = clock()
      const fresh = (): ConversationState => {
        try {
          return normalizeState(stateIn)
        } catch {
          return normalizeState(null)
        }
      }
      try {
        return await new Turn(typeof text === 'string' ? text : String(text ?? ''), fresh(), now).run()
      } catch {
        const safe = fresh()
        safe.turns += 1
        return { state: safe, messages: [answers.apology()] }
      }
    },
  }
}

const AMENITY_ORDER: readonly string[] = AMENITIES
function amenityIndex(amenity: string): number {
  return AMENITY_ORDER.indexOf(amenity)
}
