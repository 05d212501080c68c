/**
 * «Catálogo» (docs/console.md#catalogue): the agency's properties, developments, blog posts, zones
 * and product pages, one tab each (#/catalogo/propiedades…), each a filtered list and a form per
 * record (#/catalogo/propiedades/<id>, …/nueva for a new one).
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { NO_CATALOGUE_FILTERS, type CatalogueFilters } from '../../catalogue-filters'
import { cataloguePath, KINDS, mayPublish, NEW_RECORD, PUBLICATION_LABELS, readCatalogueParam } from '../../catalogue-kinds'
import { queries } from '../../queries'
import type { ScreenProps } from '../props'
import { CatalogueList } from './CatalogueList'
import type { CatalogueOptions } from './kind-fields'
import { RecordEditor } from './RecordEditor'

/** The zones and developments the forms and filters offer, by slug and name (a draft development marked). */
function useCatalogueOptions(): CatalogueOptions {
  const choices = useQuery(queries.catalogueChoices()).data
  return useMemo(
    () => ({
      zones: (choices?.zones ?? []).map((z) => [z.slug, z.name] as const),
      developments: (choices?.developments ?? []).map((d) => [d.slug, d.publication === 'publicada' ? d.name : `${d.name} (${PUBLICATION_LABELS[d.publication].toLowerCase()})`] as const),
    }),
    [choices],
  )
}

export function Catalogue({ account, param, go }: ScreenProps) {
  const { info, key } = readCatalogueParam(param)
  const options = useCatalogueOptions()
  const [filters, setFilters] = useState<CatalogueFilters>(NO_CATALOGUE_FILTERS)
  // The editor's last sentence, for the record it was said of (see EditorProps.notice).
  const [notice, setNotice] = useState({ at: '', text: '' })
  const here = `${info.kind}/${key ?? ''}`
  return (
    <div className="catalogue">
      <h1 id="catalogue-title">Catálogo</h1>
      <nav className="catalogue__tabs" aria-label="Secciones del catálogo">
        <ul>
          {KINDS.map((k) => (
            <li key={k.kind}>
              <a href={`#/${cataloguePath(k.kind)}`} aria-current={k.kind === info.kind ? 'page' : undefined}>
                {k.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {key ? (
        <RecordEditor key={`${info.kind}/${key}`} kind={info.kind} recordKey={key === NEW_RECORD ? null : key} account={account} options={options} go={go}
          notice={notice.at === here ? notice.text : ''}
          onNotice={(text, saidOf) => setNotice({ at: saidOf ? `${info.kind}/${saidOf}` : here, text })}
        />
      ) : (
        <CatalogueList key={info.kind} kind={info.kind} options={options} filters={filters} onFilters={setFilters} publisher={mayPublish(account)} />
      )}
    </div>
  )
}
