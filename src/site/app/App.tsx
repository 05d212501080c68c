import type { PagePayload } from '../data/payload'
import type { Screen } from '../screens/registry'
import { Layout } from './Layout'

export interface Page {
  payload: PagePayload
  Screen: Screen
}

/** The host shell (docs/behaviour.md#shell): the current page in the layout, and the full-screen loading overlay. */
export function App({ page, loading }: { page: Page; loading: boolean }) {
  const { payload, Screen } = page
  return (
    <>
      <Layout path={payload.path} title={payload.head.title} site={payload.site}>
        <Screen payload={payload as never} />
      </Layout>
      <div className="loading-overlay" hidden={!loading} role="status" aria-live="polite">
        {loading ? <span className="loading-overlay__spinner">Cargando…</span> : null}
      </div>
    </>
  )
}
