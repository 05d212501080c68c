import { describe, expect, it } from 'vitest'
import { createListingIndex } from '../../src/catalogue/listing-index'
import type { ListingQuery } from '../../src/catalogue/listing-query'
import { createAgent, INITIAL_STATE, type ConversationState } from '../../src/server/chat/agent'
import { sharedStorage, STORAGES } from './databases'
import { readAgency } from '../support/catalogue'

/**
 * The agent searches an in-memory index built from the storage (chat/responder.ts,
 * docs/behaviour.md#chat-at-load); the API searches with SQL. Every query the agent makes for
 * phrasings of its understanding tests (exact searches and the relaxed ones it falls back to)
 * goes through both: the same slugs, in the same order, with the same totals.
 */
const PHRASES = [
  'busco casa en renta en huayacán hasta 30 mil',
  'kiero una casa en huayakan',
  'depa renta zona hotelera',
  'Departamento en venta en Puerto Cancún de 2 recámaras',
  'terreno en cumbres suiko',
  'depto en pre-venta en el centro',
  'quiero invertir en algo en planos',
  'casa de 3 rec con alberca menos de 4 millones',
  'depa entre 3 y 5 millones',
  'departamento de 300 mil dólares',
  'condo USD 400k',
  'depa en renta 30k',
  'depa de 2 cuartos en el centro',
  'depa amueblado que acepte mascotas en renta',
  'departamento con vista al mar',
  'casa frente al mar',
  'local comercial en renta en el centro',
  'oficina en renta',
  'bodega en venta en polígono sur',
  'lote en venta',
  'condo en la zona hotelera con piscina',
  'Torre Marea',
  'residencial bosque maya',
  'alquiler de departamento en el centro hasta 20 mil pesos',
  'quiero comprar casa en poligono sur',
  'depas en renta de 1 recámara',
  'renta de 15 a 20 mil',
  'departamento en puerto cancun menos de 600 mil usd',
  'casa con alberca y jardín',
  'casita en renta que acepten perros',
  'terrenito en huayacan',
  'Depa en la zona hotelera de dos recámaras hasta 35 mil',
  'Casa en Jardines del Sur',
  'departamento en Costa Marina',
  'casa en guayacan con 2 baños',
  'busco depa de 2 rec en renta hasta $18,000',
  'departamentos desde 5 millones',
  'house for rent in hotel zone 3 bedrooms',
  'terreno en renta',
  'casa de 10 recámaras en la zona hotelera por menos de 1 millón',
  'lo más barato',
  'el más caro',
]
/** Follow-ups within one conversation: refinements and "more" make further queries. */
const FOLLOW_UPS = ['¿tienes más opciones?', 'mejor en venta', 'con 3 recámaras', 'ordénalos del más barato']
const MIN_QUERIES = 50

describe.each(STORAGES)('agent search on $name: in-memory index = SQL', ({ open }) => {
  const storage = sharedStorage(open)

  it(`gives the same listings for at least ${MIN_QUERIES} queries the agent makes`, async () => {
    const index = createListingIndex(await storage().catalogue.listingCatalogue())
    const queries = new Map<string, ListingQuery>()
    const agent = createAgent({
      search: async (query) => {
        queries.set(JSON.stringify(query), query)
        return index.search(query)
      },
      zones: await storage().catalogue.zones(),
      developments: await storage().catalogue.developments(),
      siteUrl: 'http://localhost:3000',
      agency: readAgency(),
      now: () => new Date('2026-11-21T15:00:00Z'),
    })
    for (const phrase of PHRASES) {
      let state = INITIAL_STATE as ConversationState
      for (const text of [phrase, ...FOLLOW_UPS]) state = (await agent.reply(text, state)).state
    }
    expect(queries.size).toBeGreaterThanOrEqual(MIN_QUERIES)
    for (const query of queries.values()) {
      const sql = await storage().catalogue.searchProperties(query)
      const memory = index.search(query)
      expect({ query, slugs: memory.items.map((p) => p.slug), total: memory.total }).toEqual({
        query,
        slugs: sql.items.map((p) => p.slug),
        total: sql.total,
      })
    }
  })
})
