import { useEffect, useState } from 'react'
import type { PropertyPick } from '../../protocol/console'
import { api } from '../api'

/** Results are asked for once typing pauses this long. */
const SEARCH_PAUSE_MS = 200

/**
 * Search the catalogue and pick a property: its card (the automated agent's card format) for an
 * answer, or the property of a visit. `label` names the button that opens the search.
 */
export function PropertyPicker({ label, onPick }: { label: string; onPick: (pick: PropertyPick) => void }) {
  const [open, setOpen] = useState(false)
  const [q, setQ] = useState('')
  const [items, setItems] = useState<PropertyPick[]>([])
  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => api.properties(q).then((r) => setItems(r.items), () => setItems([])), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [open, q])
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
