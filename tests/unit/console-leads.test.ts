import { describe, expect, it } from 'vitest'
import { actorName, changeText, hasChat, leadQuery, NO_FILTERS, propertySlugOf } from '../../src/console/leads'
import { AUTOMATED_AGENT_ACTOR, type PipelineLead } from '../../src/protocol/crm'
import { phoneLinks, phoneText } from '../../src/domain/phone'

describe('contact links from a stored phone (docs/behaviour.md#leads)', () => {
  it.each([
    ['998 123 4567', '529981234567'],
    ['+52 998 123 4567', '529981234567'],
    ['+52 1 998 123 4567', '529981234567'],
    ['(998) 123-45-67', '529981234567'],
    ['+1 305 555 0100', '13055550100'],
    ['1 305 555 0100', '13055550100'],
  ])('%s', (phone, international) => {
    expect(phoneLinks(phone)).toEqual({ tel: `tel:+${international}`, whatsapp: `https://wa.me/${international}` })
  })

  it('makes no link from what is not a phone number', () => {
    expect(phoneLinks(null)).toBeNull()
    expect(phoneLinks('123')).toBeNull()
    expect(phoneLinks('305 555 0100 1')).toBeNull()
  })
})

describe('a stored phone as people read it (the agent and the console alike)', () => {
  it.each([
    ['9981234567', '998 123 4567'],
    ['5512345678', '55 1234 5678'],
    ['998-123-45-67', '998 123 4567'],
    ['+529981234567', '+52 998 123 4567'],
    ['+52 1 998 123 4567', '+52 998 123 4567'],
    [' +1 305 555 0100 ', '+1 305 555 0100'],
    ['+13055550100', '+1 305 555 0100'],
    ['1 (305) 555-0100', '+1 305 555 0100'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
  ])('%s', (stored, shown) => {
    expect(phoneText(stored)).toBe(shown)
  })
})

describe('the lead filters as a query string', () => {
  it('sends only what is set, trimmed, and the page past the first', () => {
    expect(leadQuery(NO_FILTERS)).toBe('')
    expect(leadQuery({ ...NO_FILTERS, status: 'contactado', campaign: ' verano ', q: '  ' }, 3)).toBe('status=contactado&campaign=verano&pagina=3')
    expect(leadQuery({ visitorId: 'v-1' })).toBe('visitorId=v-1')
  })
})

describe('a recorded change in Spanish', () => {
  const people = new Map([['a1', 'Ana']])
  const at = '2026-11-23T15:00:00.000Z'
  it('names statuses, people and times as the agency reads them', () => {
    expect(changeText({ field: 'status', from: 'nuevo', to: 'contactado', actor: 'a1', at }, people)).toBe('Estado: Nuevo → Contactado')
    expect(changeText({ field: 'status', from: null, to: 'confirmada', actor: 'a1', at }, people)).toBe('Estado: Confirmada')
    expect(changeText({ field: 'assigned_to', from: null, to: 'a1', actor: 'a1', at }, people)).toBe('Asignado a Ana')
    expect(changeText({ field: 'assigned_to', from: 'a1', to: null, actor: 'a1', at }, people)).toBe('Sin asignar')
    expect(changeText({ field: 'at', from: at, to: '2026-11-24T16:30:00.000Z', actor: 'a1', at }, people)).toBe('Fecha: 2026-11-23 10:00 → 2026-11-24 11:30')
  })

  it('says who: a person, the automated agent, or a removed account', () => {
    expect(actorName('a1', people)).toBe('Ana')
    expect(actorName(AUTOMATED_AGENT_ACTOR, people)).toBe('Asistente automático')
    expect(actorName('gone', people)).toBe('Cuenta eliminada')
  })
})

describe('the property filter (docs/behaviour.md#pipeline)', () => {
  it('takes a link to the property page pasted from the site, or the slug itself', () => {
    expect(propertySlugOf('https://cancunpropiedades.mx/propiedad/casa-en-huayacan?utm_source=x#fotos')).toBe('casa-en-huayacan')
    expect(propertySlugOf('http://localhost:3000/propiedad/Depa-Centro-2')).toBe('depa-centro-2')
    expect(propertySlugOf(' casa-en-huayacan ')).toBe('casa-en-huayacan')
    expect(propertySlugOf('')).toBe('')
  })
})

describe('a lead with a conversation to open (docs/behaviour.md#data-rights)', () => {
  const lead = (source: PipelineLead['source'], visitorId: string | null) => ({ source, visitorId }) as PipelineLead
  it("links a chat lead's conversation, never a form lead's cp_visitor id or a lead without a visitor", () => {
    expect(hasChat(lead('chat', '0000aaaa-0000-4000-8000-000000000001'))).toBe(true)
    expect(hasChat(lead('contacto', 'W8qhbW433wJqBOYuk8DESQ'))).toBe(false)
    expect(hasChat(lead('propiedad', 'W8qhbW433wJqBOYuk8DESQ'))).toBe(false)
    expect(hasChat(lead('chat', null))).toBe(false)
  })
})
