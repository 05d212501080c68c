import { useRef, useState } from 'react'
import { adminApi } from '../admin-api'
import { ConfirmDialog, type ConfirmHandle } from '../ConfirmDialog'
import { ErrorAlert } from '../ErrorAlert'
import './data-rights.css'

/**
 * A person's data rights (admins; docs/behaviour.md#data-rights): everything stored about a visitor
 * as a JSON file, and erasing all of it after a Spanish confirmation, as the site's privacy notice
 * promises; from a conversation (its visitor) or from a lead with no chat (the lead's person).
 */
export function DataRights(subject: { visitorId: string } | { leadId: string }) {
  const visitorId = 'visitorId' in subject ? subject.visitorId : null
  const dialog = useRef<ConfirmHandle>(null)
  const [status, setStatus] = useState('')
  const [error, setError] = useState('')
  const [erased, setErased] = useState(false)

  const exportJson = async () => {
    if (!visitorId) return
    try {
      const data = await adminApi.exportVisitor(visitorId)
      const link = document.createElement('a')
      link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      link.download = `visitante-${visitorId}.json`
      link.click()
      URL.revokeObjectURL(link.href)
      setError('')
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const erase = async () => {
    try {
      const { erasure } = await (visitorId ? adminApi.eraseVisitor(visitorId) : adminApi.eraseLeadPerson((subject as { leadId: string }).leadId))
      const rows = Object.values(erasure.rowsErased).reduce((sum, n) => sum + n, 0)
      setErased(true)
      setError('')
      setStatus(`Se borraron todos los datos del visitante (${rows} registros). El registro de borrados guarda solo quién y cuándo.`)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  return (
    <div className="data-rights">
      {erased ? null : (
        <>
          {visitorId ? (
            <button type="button" className="button button--quiet" onClick={exportJson}>
              Exportar datos (JSON)
            </button>
          ) : null}
          <button type="button" className="button button--quiet data-rights__erase" onClick={() => dialog.current?.open()}>
            Borrar datos del visitante
          </button>
        </>
      )}
      <p role="status" className="data-rights__status">
        {status}
      </p>
      <ErrorAlert message={error} />
      <ConfirmDialog
        ref={dialog}
        id="erase"
        title="¿Borrar todos los datos de este visitante?"
        text="Se eliminarán su conversación, su recorrido por el sitio, los datos de su sesión, sus prospectos con notas e historial y sus visitas. No se puede deshacer. Si el visitante pidió una copia, exporta sus datos antes."
        confirm="Sí, borrar todo"
        onConfirm={erase}
      />
    </div>
  )
}
