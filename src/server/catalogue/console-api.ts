/**
 * The console's catalogue routes, /consola/api/catalogue (docs/catalogue.md#api): lists, records,
 * saves, the list's quick change, duplicate, archive, history. Mounted by the console's API
 * (console/api.ts) behind its session and Origin checks, like the pipeline's routes; the signed-in
 * person comes from there (`editor`). Bodies are checked by the shared schema (catalogue/schema.ts)
 * and refused in the server's one error shape, with each field's message at its path in the record.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { OPERATIONS, PROPERTY_STATUSES, PROPERTY_TYPES, type Catalogue } from '../../catalogue/model'
import { quickChangeSchema, saveSchema, type RecordInput } from '../../catalogue/schema'
import { CATALOGUE_KINDS, CATALOGUE_PAGE_SIZE, PUBLICATIONS, type CatalogueKind, type Publication } from '../../protocol/catalogue'
import { apiError } from '../api/errors'
import { invalidRequest, valid } from '../validation'
import type { CatalogueEdits, EditResult, Editor } from './edits'

export interface CatalogueApiOptions {
  edits: CatalogueEdits
  /** The signed-in person of a request (set by the console's session check). */
  editor: (c: Context) => Editor
  /** The real page of a path rendered from another catalogue, with its headers (the live site's renderer, docs/live-site.md). */
  preview: (catalogue: Catalogue, path: string) => Promise<{ html: string; headers: Record<string, string> } | null>
  /** The published catalogue the site serves now. */
  published: () => Catalogue
}

const listSchema = z.object({
  q: z.string().max(200, 'La búsqueda admite hasta 200 caracteres.').optional(),
  status: z.enum(PROPERTY_STATUSES, 'Estado no válido.').optional(),
  operation: z.enum(OPERATIONS, 'Operación no válida.').optional(),
  type: z.enum(PROPERTY_TYPES, 'Tipo no válido.').optional(),
  zone: z.string().max(120).optional(),
  development: z.string().max(120).optional(),
  featured: z.enum(['true', 'false'], 'Destacada: true o false.').optional(),
  publication: z.enum(PUBLICATIONS, 'Publicación no válida.').optional(),
  page: z.coerce.number('Página no válida.').int('Página no válida.').min(1, 'Página no válida.').max(10_000, 'Página no válida.').default(1),
})

type Env = { Variables: { kind: CatalogueKind } }

/** The answer of a service call: the value, or its refusal in the console's error shape. */
function answer<T>(c: Context, result: EditResult<T>, status: 200 | 201 = 200) {
  return result.ok ? c.json(result.value as object, status) : apiError(c, result.status, result.code, result.message, result.fields)
}

/** A record's messages at their path in the record ("price.amount"), not in the body ("record.price.amount"). */
const inRecord = (error: z.ZodError) =>
  new z.ZodError(error.issues.map((issue) => (issue.path[0] === 'record' ? { ...issue, path: issue.path.slice(1) } : issue)))

const NOT_FOUND = 'No existe ese registro. Quizá alguien lo cambió de dirección: vuelve a la lista.'

export function catalogueRoutes(options: CatalogueApiOptions) {
  const { edits } = options
  const app = new Hono<Env>()

  /** The save body of the path's kind (POST without a revision, PUT with one). */
  const saveBody = async (c: Context<Env>, revision: boolean) => {
    const parsed = saveSchema(c.get('kind'), { revision }).safeParse(await c.req.json().catch(() => undefined))
    return parsed.success ? { ok: true as const, body: parsed.data } : { ok: false as const, refusal: invalidRequest(c, inRecord(parsed.error)) }
  }

  app.get('/zones-and-developments', async (c) => c.json(await edits.choices()))

  app.patch('/properties/:id', valid('json', quickChangeSchema), async (c) =>
    answer(c, await edits.quickChange(c.req.param('id'), c.req.valid('json'), options.editor(c))),
  )

  const kindOf: MiddlewareHandler<Env> = async (c, next) => {
    const kind = c.req.param('kind') as CatalogueKind
    if (!CATALOGUE_KINDS.includes(kind)) return apiError(c, 404, 'not_found', 'Ese tipo de registro no existe en el catálogo.')
    c.set('kind', kind)
    await next()
  }
  app.use('/:kind', kindOf)
  app.use('/:kind/*', kindOf)

  app.get('/:kind', valid('query', listSchema), async (c) => {
    const { featured, page, ...filter } = c.req.valid('query')
    return c.json(
      await edits.list(c.get('kind'), { ...filter, ...(featured ? { featured: featured === 'true' } : {}), page, pageSize: CATALOGUE_PAGE_SIZE }),
    )
  })
  app.post('/:kind', async (c) => {
    const parsed = await saveBody(c, false)
    if (!parsed.ok) return parsed.refusal
    const { record, publication } = parsed.body
    return answer(c, await edits.create(c.get('kind'), record as RecordInput<CatalogueKind>, publication as Publication | undefined, options.editor(c)), 201)
  })
  app.get('/:kind/:key', async (c) => {
    const found = await edits.get(c.get('kind'), c.req.param('key'))
    return found ? c.json(found) : apiError(c, 404, 'not_found', NOT_FOUND)
  })
  app.put('/:kind/:key', async (c) => {
    const parsed = await saveBody(c, true)
    if (!parsed.ok) return parsed.refusal
    const { record, publication, revision } = parsed.body
    const kind = c.get('kind')
    return answer(c, await edits.update(kind, c.req.param('key'), record as RecordInput<CatalogueKind>, publication as Publication | undefined, revision!, options.editor(c)))
  })
  app.post('/:kind/:key/duplicate', async (c) => answer(c, await edits.duplicate(c.get('kind'), c.req.param('key'), options.editor(c)), 201))
  app.post('/:kind/:key/archive', async (c) => answer(c, await edits.archive(c.get('kind'), c.req.param('key'), options.editor(c))))
  app.get('/:kind/:key/history', async (c) => {
    const kind = c.get('kind')
    const key = c.req.param('key')
    if (!(await edits.get(kind, key))) return apiError(c, 404, 'not_found', NOT_FOUND)
    return c.json({ items: await edits.history(kind, key) })
  })
  app.get('/:kind/:key/preview', async (c) => {
    const draft = await edits.previewOf(c.get('kind'), c.req.param('key'), options.published())
    const page = draft && (await options.preview(draft.catalogue, draft.path))
    if (!page) return apiError(c, 404, 'not_found', 'Este registro no tiene una página en el sitio que mostrar.')
    for (const [name, value] of Object.entries(page.headers)) c.header(name, value)
    return c.html(page.html)
  })
  return app
}
