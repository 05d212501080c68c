import { crumbs, listing, type ListingData, type PageContent, type PageInput } from '../../data/payload'
import { searchPlaces, type SearchPlaces } from '../../search/options'

/** The empty search's first page, and the zones and developments the form offers. */
export interface SearchData extends ListingData { places: SearchPlaces }

export default function searchPage({ agency, catalogue, path }: PageInput): PageContent<SearchData> {
  return {
    head: {
      title: `Buscar propiedades en Cancún | ${agency.profile.name}`,
      description: 'Busca casas, departamentos, terrenos y locales en Cancún por zona, operación, precio, recámaras y amenidades.',
      jsonLd: [crumbs(path, 'Buscar propiedades')],
    },
    data: { heading: 'Buscar propiedades', intro: '', filter: {}, ...listing(catalogue, {}), places: searchPlaces(catalogue) },
  }
}
