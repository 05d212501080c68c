import { crumbs, listing, SITE_NAME, type ListingData, type PageContent, type PageInput } from '../../data/payload'
import { searchPlaces, type SearchPlaces } from '../../search/options'

/** The empty search's first page, and the zones and developments the form offers. */
export interface SearchData extends ListingData { places: SearchPlaces }

export default function searchPage({ catalogue, path }: PageInput): PageContent<SearchData> {
  return {
    head: {
      title: `Buscar propiedades en Cancún | ${SITE_NAME}`,
      description: 'Busca casas, departamentos, terrenos y locales en Cancún por zona, operación, precio, recámaras y amenidades.',
      jsonLd: [crumbs(path, 'Buscar propiedades')],
    },
    data: { heading: 'Buscar propiedades', intro: '', filter: {}, ...listing(catalogue, {}), places: searchPlaces(catalogue) },
  }
}
