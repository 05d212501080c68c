// @vitest-environment jsdom
// The console's screens read through its query cache (src/console/queries.ts): an answer lands in
// the entry of the filters it was asked for, so a slow answer to older filters never replaces the
// newer filters' list on screen (it was: the stale-answer race of issue 31).
import { QueryClientProvider } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Visit, VisitStatus } from '../../src/protocol/crm'
import { createQueryClient } from '../../src/console/queries'
import { PropertyPicker } from '../../src/console/screens/PropertyPicker'
import type { ScreenProps } from '../../src/console/screens/props'
import { Visits } from '../../src/console/screens/Visits'
import { pipelineVisit } from '../support/pipeline-records'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

/** A request the test answers when it chooses: by its path and query. */
interface Pending {
  url: URL
  answer: (body: unknown) => Promise<void>
}

let pending: Pending[]
let root: Root
let container: HTMLElement

beforeEach(() => {
  pending = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string) =>
        new Promise<Response>((resolve) => {
          pending.push({
            url: new URL(input, 'http://consola.test'),
            answer: (body) =>
              act(async () => {
                resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }))
                // The body is read, then the cache tells the screen on a later task (its notify batch).
                await new Promise((done) => setTimeout(done, 20))
              }),
          })
        }),
    ),
  )
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})

afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const render = (node: ReactNode) => act(async () => root.render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>))

/** The one request asked for `path` with `param`=`value` (no `param` at all when `value` is null). */
function request(path: string, param: string, value: string | null): Pending {
  const found = pending.filter((p) => p.url.pathname === `/consola/api${path}` && p.url.searchParams.get(param) === value)
  expect(found, `${path} ${param}=${value}`).toHaveLength(1)
  return found[0]!
}

const visit = (id: string, name: string, status: VisitStatus): Visit =>
  pipelineVisit(id, new Date(Date.now() + 86_400_000).toISOString(), { visitorId: `visitor-${id}`, name, status })

async function click(element: Element | null | undefined) {
  expect(element).toBeTruthy()
  await act(async () => (element as HTMLElement).click())
}

/** Types into a controlled input as a person does (React listens to the native input event). */
async function type(input: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  })
}

const names = () => Array.from(container.querySelectorAll('.visit-list .visit')).map((card) => card.textContent ?? '')

describe('a list screen shows the answer to its current filters, whatever order the answers land in', () => {
  it('Visitas: the whole list asked first and answered last does not replace the list of the status chosen after it', async () => {
    await render(<Visits {...({} as ScreenProps)} />)
    await click(Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Lista'))
    const all = request('/visits', 'status', null)
    await type(container.querySelector('select')!, 'confirmada')
    const confirmed = request('/visits', 'status', 'confirmada')

    // The newer filter's answer first, then the older, slower one.
    await confirmed.answer({ items: [visit('v2', 'Rosa Confirmada', 'confirmada')] })
    await all.answer({ items: [visit('v1', 'Ana Por Confirmar', 'por_confirmar'), visit('v2', 'Rosa Confirmada', 'confirmada')] })

    expect(names()).toHaveLength(1)
    expect(names()[0]).toContain('Rosa Confirmada')
    expect(container.textContent).not.toContain('Ana Por Confirmar')
  })

  it('Visitas: going back to a status shows its own answer, not the one that landed last', async () => {
    await render(<Visits {...({} as ScreenProps)} />)
    await click(Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Lista'))
    const all = request('/visits', 'status', null)
    await type(container.querySelector('select')!, 'cancelada')
    const cancelled = request('/visits', 'status', 'cancelada')
    await type(container.querySelector('select')!, '')

    await all.answer({ items: [visit('v1', 'Ana Todas', 'por_confirmar')] })
    await cancelled.answer({ items: [visit('v3', 'Luis Cancelada', 'cancelada')] })

    expect(names()).toHaveLength(1)
    expect(names()[0]).toContain('Ana Todas')
  })

  it('Insertar propiedad: the results of the older search, answered last, do not replace the newer search\'s', async () => {
    vi.useFakeTimers()
    await render(<PropertyPicker label="Insertar propiedad" onPick={() => {}} />)
    await click(container.querySelector('button'))
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!
    await act(async () => vi.advanceTimersByTime(300))
    await type(search, 'casa')
    await act(async () => vi.advanceTimersByTime(300))
    const first = request('/properties', 'q', '')
    const casa = request('/properties', 'q', 'casa')
    vi.useRealTimers()

    const pick = (slug: string, title: string) => ({ slug, title, priceLabel: '$1', markdown: title })
    await casa.answer({ items: [pick('casa-en-huayacan', 'Casa en Huayacán')] })
    await first.answer({ items: [pick('depto-centro', 'Departamento en el centro'), pick('casa-en-huayacan', 'Casa en Huayacán')] })

    const titles = Array.from(container.querySelectorAll('.picker__item strong')).map((item) => item.textContent)
    expect(titles).toEqual(['Casa en Huayacán'])
  })
})
