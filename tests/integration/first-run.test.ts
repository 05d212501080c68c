// The first-run setup (docs/agency.md#first-run): a fresh database opens the wizard instead of
// printing a password; its answers are checked field by field in Spanish and stored all or none;
// the person becomes the first admin, signed in; the site shows the new agency at once; then the
// wizard is gone. An automated install gives the same answers in the environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import type { FirstRunAnswers } from '../../src/protocol/first-run'
import { consoleFetch } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { STORAGES, type TestStorage } from './databases'

const answers = (code: string): FirstRunAnswers => ({
  code,
  agency: { name: 'Inmobiliaria Caribe Azul', phone: '998 555 1234', whatsapp: '', email: 'hola@caribeazul.mx', street: 'Av. Tulum 200', locality: 'Cancún', region: 'Quintana Roo', postalCode: '77500' },
  hours: [null, [540, 1080], [540, 1080], [540, 1080], [540, 1080], [540, 1080], null],
  closures: [{ from: '2026-12-12', to: '2026-12-12', label: 'Día de la Virgen' }],
  admin: { name: 'Laura Méndez', email: 'laura@caribeazul.mx', password: 'una-clave-larga-1' },
  demo: 'remove',
})
const codeOf = (server: RunningServer) => server.setupUrl!.split('/configurar/')[1]!
const post = (server: RunningServer, body: unknown) => consoleFetch(server.url, '/setup', { method: 'POST', body })
const footer = async (server: RunningServer) => /<footer[\s\S]*<\/footer>/.exec(await (await fetch(`${server.url}/contacto`)).text())![0]

describe.each(STORAGES)('first-run setup on $name', { timeout: withEmbeddedStarts(1, 120_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage, consoleAdminEmail: undefined, consoleAdminPassword: undefined })
  }, withEmbeddedStarts(2))
  afterAll(async () => {
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  it('prints a setup link instead of a password, and the console says the wizard is open', async () => {
    expect(server.consoleAdmin).toBeNull()
    expect(server.setupUrl).toMatch(/\/consola#\/configurar\/[\w-]{16}$/)
    expect(await (await consoleFetch(server.url, '/setup')).json()).toEqual({ pending: true })
  })

  it('refuses a wrong code, and bad answers field by field in Spanish, storing nothing', async () => {
    const wrong = await post(server, answers('no-es-el-codigo'))
    expect(wrong.status).toBe(403)
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('código de configuración no es correcto')

    const bad = answers(codeOf(server))
    bad.agency.name = '  '
    bad.agency.phone = '123'
    bad.agency.email = 'hola@caribeazul'
    bad.hours[1] = [1080, 540]
    bad.closures = [
      { from: '2026-12-24', to: '2026-12-26', label: 'Navidad' },
      { from: '2026-12-25', to: '2026-12-25', label: 'Otra' },
    ]
    bad.admin.password = 'corta'
    const refused = await post(server, bad)
    expect(refused.status).toBe(400)
    const { fields } = ((await refused.json()) as { error: { fields: Record<string, string> } }).error
    expect(fields).toMatchObject({
      'agency.name': 'Escribe el nombre de la agencia.',
      'agency.phone': expect.stringContaining('«123» no es un número de teléfono'),
      'agency.email': expect.stringContaining('Escribe un correo válido'),
      'hours.1': 'El lunes cierra (09:00) antes de abrir (18:00).',
      'closures.1.from': expect.stringContaining('se cruzan con «Navidad»'),
      'admin.password': expect.stringContaining('10'),
    })
    expect(await (await consoleFetch(server.url, '/setup')).json()).toEqual({ pending: true })
    expect(await storage.accounts.count()).toBe(0)
    expect(await footer(server)).not.toContain('Caribe Azul')
  })

  it('stores the agency, signs the person in as the first admin, removes the demo listings and shows the new agency on the site', async () => {
    const done = await post(server, answers(codeOf(server)))
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ account: { name: 'Laura Méndez', email: 'laura@caribeazul.mx', role: 'admin' } })
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!
    expect(await (await consoleFetch(server.url, '/me', { cookie })).json()).toMatchObject({ account: { email: 'laura@caribeazul.mx' } })

    const shown = await footer(server)
    expect(shown).toContain('Inmobiliaria Caribe Azul')
    expect(shown).toContain('998 555 1234')
    expect(shown).toContain('Lunes a viernes de 9:00 a 18:00')
    expect(shown).not.toContain('Sábados')
    expect(shown).not.toContain('ficticios')
    const { agency, catalogue } = server.catalogue.current()
    expect(agency.profile).toMatchObject({ phone: '+529985551234', whatsapp: '+529985551234', closures: [{ from: '2026-12-12', label: 'Día de la Virgen' }] })
    expect(agency.team).toEqual([])
    expect(catalogue.properties).toEqual([])
    expect(catalogue.zones.length).toBeGreaterThan(0) // the site's sections stay
    expect((await fetch(`${server.url}/residencial-cumbres-suiko`)).status).toBe(404)

    // The wizard is gone: a second answer (another tab) changes nothing.
    expect(await (await consoleFetch(server.url, '/setup')).json()).toEqual({ pending: false })
    const again = await post(server, { ...answers(codeOf(server) ?? ''), admin: { name: 'Otro', email: 'otro@x.mx', password: 'otra-clave-larga' } })
    expect(again.status).toBe(409)
    expect(await storage.accounts.count()).toBe(1)
  })
})

describe('an automated install from the environment', { timeout: withEmbeddedStarts(1, 120_000) }, () => {
  let server: RunningServer
  afterAll(() => server?.close())

  it('makes the admin and the agency at the first start, with no wizard', async () => {
    server = await startTestServer({
      consoleAdminEmail: 'ops@caribeazul.mx',
      consoleAdminPassword: 'clave-de-operaciones-1',
      agencySetup: { AGENCY_NAME: 'Caribe Azul Bienes Raíces', AGENCY_PHONE: '+1 305 555 0199', AGENCY_EMAIL: 'hola@caribeazul.mx', AGENCY_STREET: 'Calle 1', AGENCY_CITY: 'Playa del Carmen', AGENCY_REGION: 'Quintana Roo', AGENCY_HOURS: 'lu-vi 08:00-17:00', DEMO_CATALOGUE: 'keep' },
    })
    expect(server.setupUrl).toBeNull()
    expect(server.consoleAdmin).toEqual({ email: 'ops@caribeazul.mx' })
    const shown = await footer(server)
    expect(shown).toContain('Caribe Azul Bienes Raíces')
    expect(shown).toContain('+1 305 555 0199')
    expect(shown).toContain('Lunes a viernes de 8:00 a 17:00')
    expect(shown).toContain('Propiedades de demostración')
    expect(server.catalogue.current().catalogue.properties.length).toBeGreaterThan(0)
  })

  it('stops the start with the Spanish message of a bad value', async () => {
    await expect(
      startTestServer({ consoleAdminEmail: 'ops@caribeazul.mx', consoleAdminPassword: 'clave-de-operaciones-1', agencySetup: { AGENCY_NAME: 'X', AGENCY_PHONE: '12', AGENCY_EMAIL: 'a@b.mx', AGENCY_STREET: 'c', AGENCY_CITY: 'd', AGENCY_REGION: 'e' } }),
    ).rejects.toThrow(/AGENCY_\*: «12» no es un número de teléfono/)
  })
})
