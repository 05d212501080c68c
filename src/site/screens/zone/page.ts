import type { ListingQuery } from '../../../catalogue/listing-query'
import type { Zone } from '../../../catalogue/model'
import { crumbs, describe, listing, type ListingResult, type PageContent, type PageInput } from '../../data/payload'

export interface ZoneData extends ListingResult { zone: Zone; filter: ListingQuery }

/** A zone page: the catalogue's zone whose page this path is. */
export default function zonePage({ agency, catalogue, path }: PageInput): PageContent<ZoneData> {
  const zone = catalogue.zones.find((z) => z.path === path)!
  return {
    head: { title: `Casas y departamentos en ${zone.name}, Cancún | ${agency.profile.name}`, description: describe(zone.description), image: zone.image.src, jsonLd: [crumbs(path, zone.name)] },
    data: { zone, filter: { zona: zone.slug }, ...listing(catalogue, { zona: zone.slug }) },
  }
}
