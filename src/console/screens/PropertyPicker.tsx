import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { PropertyPick } from '../../protocol/console'
import { queries } from '../queries'
import { useDebounced } from '../use-debounced'

/** Results are asked for once typing pauses this long. */
const SEARCH_PAUSE_MS = 200

/**
 * Search the catalogue and pick a property: its card (the automated agent's card format) for an
 * answer, or the property of a visit. `label` names the button that opens the search.
 */
export function PropertyPicker({ label, onPick }: { label: string; onPick: (pick: PropertyPick) => void }) {
  const [open, setOpen] = useState(false)
  const [q, setQ] = useState('')
  // The results of the search as typed when it paused: a slower answer to an older search never replaces them.
  const asked = useDebounced(q, SEARCH_PAUSE_MS)
  const results = useQuery({ ...queries.properties(asked), enabled: open, placeholderData: keepPreviousData })
  // A failed search lists nothing (the search box stays, to try again).
  const items = results.isError ? [] : (results.data ?? [])
  if (!open)
    return (
      <button type="button" className="button button--quiet" onClick={() => setOpen(true)}>
        {label}
      </button>
    )
  return (
    <div className="picker">
      <label className="field">
        <span>Buscar propiedad</span>
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Zona, tipo, desarrollo…" />
      </label>
      <ul>
        {items.map((item) => (
          <li key={item.slug}>
            <button
              type="button"
              className="picker__item"
              onClick={() => {
                onPick(item)
                setOpen(false)
              }}
            >
              <strong>{item.title}</strong> <span>{item.priceLabel}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
        Cancelar
      </button>
    </div>
  )
}
