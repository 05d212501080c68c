// The site's own pages (docs/agency.md#the-pages) end to end on both storages: the seeded texts
// read as the components did, with the profile's data filled in at render time; an admin's save
// through the console's API is on the page at once, without a restart; bad input is refused
// field by field in Spanish and stores nothing; a save on a stale revision replaces nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from '../../src/catalogue/format'
import { agencyDay } from '../../src/domain/agency-clock'
import type { PagesDocument } from '../../src/protocol/pages'
import type { RunningServer } from '../../src/server/app'
import { readAgency } from '../support/catalogue'
import { consoleFetch, signedInAdviser, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { STORAGES, type TestStorage } from './databases'

const demo = readAgency()
const html = async (base: string, path: string) => (await fetch(`${base}${path}`)).text()

describe.each(STORAGES)('the agency\'s pages on $name', { timeout: withEmbeddedStarts(1, 120_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  let admin: string
  const pages = async () => (await (await consoleFetch(server.url, '/pages', { cookie: admin })).json()) as PagesDocument
  const save = (page: string, body: unknown) => consoleFetch(server.url, `/pages/${page}`, { method: 'PUT', cookie: admin, body })

  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage, ...TEST_ADMIN })
    admin = await signIn(server.url)
  }, withEmbeddedStarts(2))
  afterAll(async () => {
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  it('reads as the demo did, the profile\'s name, address, phone and e-mail filled in where the text names them', async () => {
    const home = await html(server.url, '/')
    expect(home).toContain('<h1')
    expect(home).toContain('Encuentra tu hogar en Cancún</h1>')
    expect(home).toContain('<h2 id="destacadas">Propiedades destacadas</h2>')

    const about = await html(server.url, '/acerca')
    expect(about).toContain('<h2 id="quienes-somos">Quiénes somos</h2>')
    expect(about).toContain(`Somos una inmobiliaria local con oficina en ${demo.profile.address.street}`)
    expect(about).toContain('<strong><a href="/huayacan-cancun">Huayacán</a>:</strong>')

    const privacy = await html(server.url, '/politica-de-privacidad')
    expect(privacy).toContain(`En ${demo.profile.name} cuidamos tus datos personales.`)
    expect(privacy).toContain(`<a href="mailto:${demo.profile.privacyEmail}">${demo.profile.privacyEmail}</a>`)
    expect(privacy).toContain(`<a href="tel:${demo.profile.phone}">`)
    expect(privacy).toContain('<li><a href="#derechos-arco">Derechos ARCO</a></li>')
    expect(privacy).toContain('<h2 id="derechos-arco">6. Derechos ARCO</h2>')
    // (React puts an empty comment between a text and a value.)
    expect(privacy).toMatch(/Última actualización: (<!-- -->)?21 de noviembre de 2026/)
    expect(privacy).not.toMatch(/\{(nombre|domicilio|telefono|correo-privacidad|horario)\}/)
  })

  it('shows a saved page at once, without a restart, and a changed profile in its placeholders', async () => {
    const before = await pages()
    const body = '## Nuestra historia\n\nDesde 2010 en {nombre}, con [oficina](/contacto) en {domicilio}.\n\n1. Primero escuchamos.\n2. Luego buscamos.'
    const saved = await save('about', { revision: before.revision, text: { intro: 'Tu casa en Cancún, sin prisas.', body } })
    expect(saved.status).toBe(200)
    const answer = (await saved.json()) as PagesDocument
    expect(answer.revision).toBe(before.revision + 1)
    expect(answer.pages.about.body).toBe(body)

    const about = await html(server.url, '/acerca')
    expect(about).toContain('<p class="lead">Tu casa en Cancún, sin prisas.</p>')
    expect(about).toContain('<h2 id="nuestra-historia">Nuestra historia</h2>')
    expect(about).toContain(`Desde 2010 en ${demo.profile.name}, con <a href="/contacto">oficina</a> en ${demo.profile.address.street}`)
    expect(about).toContain('<ol><li>Primero escuchamos.</li><li>Luego buscamos.</li></ol>')
    expect(about).not.toContain('Quiénes somos')

    const home = await save('home', { revision: answer.revision, text: { ...before.pages.home, headline: 'Tu próxima casa, con {nombre}' } })
    expect(home.status).toBe(200)
    expect(await html(server.url, '/')).toContain(`Tu próxima casa, con ${demo.profile.name}</h1>`)

    // The notice's date follows its text: today (Cancún) once the text changed.
    const privacyText = { intro: before.pages.privacy.intro, body: `${before.pages.privacy.body}\n\n## 12. Contacto\n\nEscríbenos.` }
    const privacy = await save('privacy', { revision: answer.revision + 1, text: privacyText })
    expect(privacy.status).toBe(200)
    expect(((await privacy.json()) as PagesDocument).pages.privacy.updated).toBe(agencyDay(new Date()))
    expect(await html(server.url, '/politica-de-privacidad')).toMatch(new RegExp(`Última actualización: (<!-- -->)?${formatDate(agencyDay(new Date()))}`))

    // The texts name the profile's data; they are not copies of it.
    await storage.agency.save('profile', { ...demo.profile, name: 'Casa Caribe Inmobiliaria', privacyEmail: 'datos@casacaribe.mx' }, { revision: (await storage.agency.document('profile')).revision, by: 'prueba' })
    await server.catalogue.changed()
    const renamed = await html(server.url, '/politica-de-privacidad')
    expect(renamed).toContain('En Casa Caribe Inmobiliaria cuidamos tus datos personales.')
    expect(renamed).toContain('<a href="mailto:datos@casacaribe.mx">datos@casacaribe.mx</a>')
    expect((await pages()).values.text.nombre).toBe('Casa Caribe Inmobiliaria')
  })

  it('refuses bad input field by field, in Spanish, and stores nothing', async () => {
    const before = await pages()
    const headline = async () => /<h1[^>]*>(.*?)<\/h1>/.exec(await html(server.url, '/'))![1]
    const shown = await headline()
    const refused = await save('home', {
      revision: before.revision,
      text: { ...before.pages.home, headline: '  ', intro: 'Llámanos al {telefono2}.', zones: 'Mira [esto](javascript:alert)' },
    })
    expect(refused.status).toBe(400)
    const { error } = (await refused.json()) as { error: { fields: Record<string, string> } }
    expect(error.fields['text.headline']).toBe('Escribe el título principal de la página de inicio.')
    expect(error.fields['text.intro']).toMatch(/^\{telefono2\} no es un dato de la agencia\. Puedes usar \{nombre\}, \{domicilio\}/)
    expect(error.fields['text.zones']).toMatch(/^El enlace «javascript:alert» no es válido/)

    const empty = await save('privacy', { revision: before.revision, text: { intro: before.pages.privacy.intro, body: '' } })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields['text.body']).toBe('Escribe el texto del aviso de privacidad.')
    expect((await save('contacto', { revision: before.revision, text: {} })).status).toBe(404)

    const after = await pages()
    expect(after.revision).toBe(before.revision)
    expect(after.pages).toEqual(before.pages)
    expect(await headline()).toBe(shown)
  })

  it('replaces nothing on a stale revision, and says who saved meanwhile', async () => {
    const before = await pages()
    const stale = await save('home', { revision: before.revision - 1, text: { ...before.pages.home, headline: 'Esto no se guarda' } })
    expect(stale.status).toBe(409)
    expect(((await stale.json()) as { error: { message: string } }).error.message).toMatch(/guardó las páginas mientras editabas/)
    expect((await pages()).pages.home.headline).toBe(before.pages.home.headline)
  })

  it('is for admins only', async () => {
    const adviser = await signedInAdviser(server.url, admin, { email: 'asesor.paginas@pruebas.mx', name: 'Beto', password: 'clave-de-beto-12' })
    expect((await consoleFetch(server.url, '/pages', { cookie: adviser })).status).toBe(403)
    expect((await consoleFetch(server.url, '/pages/home', { method: 'PUT', cookie: adviser, body: { revision: 0, text: {} } })).status).toBe(403)
  })
})
