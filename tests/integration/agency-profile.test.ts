// The agency profile through the console's API (docs/agency.md#profile), on both storages: bad
// input refused field by field in Spanish with nothing stored, a logo that is not an image
// refused, a save over someone else's refused with what is stored now, and a good save on the
// site's pages at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTOS_API_PATH, type PhotoUploadAnswer } from '../../src/protocol/photos'
import type { RunningServer } from '../../src/server/app'
import { LOGO_MISSING, settingsKeptWarning } from '../../src/server/console/agency-api'
import type { AgencyProfileAnswer as ProfileAnswer } from '../../src/shared/agency-profile'
import { NOT_A_PHOTO } from '../../src/server/media/accept'
import { DEFAULT_PHOTO_LIMITS } from '../../src/server/media/limits'
import type { AgencyProfile } from '../../src/shared/agency'
import { ClientEvent, type CustomWidgetConfig } from '../../src/protocol'
import type { SettingsPage } from '../../src/protocol/numbers'
import { imageUrl } from '../../src/shared/images'
import { readAgency } from '../support/catalogue'
import { client, connected, disconnectAll, newVisitor } from '../support/chat-client'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { pdfBytes, photoDirs, pngPhoto } from '../support/photos'
import { startTestServer } from '../support/server'
import { STORAGES, type TestStorage } from './databases'

const dirs = photoDirs()
const demo = readAgency().profile

const CARIBE: AgencyProfile = {
  ...demo,
  name: 'Inmobiliaria Caribe Azul',
  phone: '+529988765432',
  whatsapp: '+529988765432',
  // Saturday closed, Monday to Friday 8:00 to 17:00.
  hours: [null, [480, 1020], [480, 1020], [480, 1020], [480, 1020], [480, 1020], null],
  closures: [{ from: '2026-12-24', to: '2026-12-25', label: 'Navidad' }],
  colors: { primary: '#0e4d64', accent: '#0b6e4f' },
}

describe.each(STORAGES)('the agency profile on $name', { timeout: withEmbeddedStarts(1, 120_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  let admin: string
  const get = async () => (await (await consoleFetch(server.url, '/agency/profile', { cookie: admin })).json()) as ProfileAnswer
  const put = (profile: unknown, revision: number) => consoleFetch(server.url, '/agency/profile', { method: 'PUT', cookie: admin, body: { profile, revision } })
  const html = async (path: string) => (await fetch(`${server.url}${path}`)).text()

  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage, ...TEST_ADMIN, photos: { dir: dirs.fresh(), ...DEFAULT_PHOTO_LIMITS, s3: undefined } })
    admin = await signIn(server.url)
  }, withEmbeddedStarts(2))
  afterAll(async () => {
    disconnectAll()
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  it('refuses bad input with a Spanish message per field and stores nothing', async () => {
    const before = await get()
    expect(before.body).toEqual(demo)
    const bad = {
      ...demo,
      name: '  ',
      phone: '12345',
      email: 'hola@',
      hours: [null, [540, 1140], [540, 1140], [540, 1140], [540, 1140], [540, 1140], [840, 600]],
      closures: [
        { from: '2026-12-24', to: '2026-12-26', label: 'Navidad' },
        { from: '2026-12-25', to: '2026-12-31', label: 'Fin de año' },
        { from: '2027-01-06', to: '2027-01-05', label: 'Reyes' },
      ],
      logo: 'contrato.pdf',
    }
    const response = await put(bad, before.revision)
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } }
    expect(error.fields).toEqual({
      name: 'Escribe el nombre de la agencia.',
      phone: '«12345» no es un número de teléfono: escribe 10 dígitos (998 555 0142) o la lada internacional (+1 305 555 0199).',
      email: 'Escribe un correo válido, por ejemplo hola@agencia.mx.',
      logo: 'El logo debe ser una imagen subida aquí (JPEG, PNG o WebP).',
      'hours.6': 'El sábado cierra (10:00) antes de abrir (14:00).',
      'closures.1.from': 'Estas fechas se cruzan con «Navidad»: júntalas en una.',
      'closures.2.to': 'La fecha de fin es anterior a la de inicio.',
    })
    expect(await get()).toMatchObject({ revision: before.revision, body: demo })
    expect(await html('/contacto')).toContain(demo.name)
  })

  it('refuses a logo that is not an image, and one that was never uploaded', async () => {
    const form = new FormData()
    form.append('foto', new Blob([new Uint8Array(pdfBytes())], { type: 'image/png' }), 'logo.png')
    const upload = await fetch(`${server.url}${PHOTOS_API_PATH}`, { method: 'POST', headers: { Origin: server.url, Cookie: admin }, body: form })
    expect(((await upload.json()) as PhotoUploadAnswer).results).toEqual([{ ok: false, name: 'logo.png', error: NOT_A_PHOTO }])

    const before = await get()
    const response = await put({ ...before.body, logo: `/photos/${'a'.repeat(64)}.png` }, before.revision)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { message: LOGO_MISSING, fields: { logo: LOGO_MISSING } } })
    expect((await get()).revision).toBe(before.revision)
  })

  it('saves a good profile, shows it on the site at once, and refuses a save made from an older revision', async () => {
    const form = new FormData()
    form.append('foto', new Blob([new Uint8Array(await pngPhoto())], { type: 'image/png' }), 'logo.png')
    const [logo] = ((await (await fetch(`${server.url}${PHOTOS_API_PATH}`, { method: 'POST', headers: { Origin: server.url, Cookie: admin }, body: form })).json()) as PhotoUploadAnswer).results
    expect(logo).toMatchObject({ ok: true })
    const key = (logo as { key: string }).key

    const before = await get()
    const response = await put({ ...CARIBE, phone: '998 876 5432', logo: `/photos/${key}` }, before.revision)
    expect(response.status).toBe(200)
    const saved = (await response.json()) as ProfileAnswer
    // The phone as typed comes back in E.164; the author is the admin's account.
    expect(saved).toMatchObject({ revision: before.revision + 1, body: { ...CARIBE, logo: `/photos/${key}` } })
    expect(saved.updatedBy).toBeTruthy()

    const page = await html('/contacto')
    expect(page).toContain('Inmobiliaria Caribe Azul')
    expect(page).toContain('998 876 5432')
    expect(page).toContain('Lunes a viernes de 8:00 a 17:00')
    expect(page).not.toContain(demo.name)
    expect(page).toContain(`/photos/${key}`)

    // The widget's configuration starts from the profile: its colours, name and logo.
    const socket = client(server.url, newVisitor())
    await connected(socket)
    expect(await socket.timeout(5000).emitWithAck(ClientEvent.getCustomWidget, { instance: 'Inmobiliaria Caribe Azul' })).toMatchObject({
      headerColor: '#0e4d64',
      userMessageColor: '#0b6e4f',
      agencyName: 'Inmobiliaria Caribe Azul',
      agencyLogo: imageUrl(`/photos/${key}`, 240),
    })

    // Someone who read the earlier revision saves now: refused, shown what is stored.
    const stale = await put({ ...demo, name: 'Otra agencia' }, before.revision)
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({ error: { code: 'stale' }, current: { revision: saved.revision, body: { name: 'Inmobiliaria Caribe Azul' } } })
    expect((await get()).body.name).toBe('Inmobiliaria Caribe Azul')
  })

  it("takes the site's widget settings along to a new name, unless that name has its own: then both stay, and the save says so", async () => {
    const saveSettings = (instance: string, config: CustomWidgetConfig) =>
      consoleFetch(server.url, `/settings/${encodeURIComponent(instance)}`, { method: 'PUT', cookie: admin, body: config })
    const settingsOf = async (instance: string) => (await (await consoleFetch(server.url, `/settings/${encodeURIComponent(instance)}`, { cookie: admin })).json()) as SettingsPage
    const instances = async () => ((await (await consoleFetch(server.url, '/settings', { cookie: admin })).json()) as { instances: string[] }).instances
    const socket = client(server.url, newVisitor())
    await connected(socket)
    const widgetOf = (instance: string) => socket.timeout(5000).emitWithAck(ClientEvent.getCustomWidget, { instance }) as Promise<CustomWidgetConfig>

    const before = await get()
    const first = before.body.name
    expect((await saveSettings(first, { headerColor: '#123456', welcomeMessage: 'Bienvenido a tu nueva casa' })).status).toBe(200)
    const renamed = await put({ ...before.body, name: 'Caribe Azul Bienes Raíces' }, before.revision)
    expect(renamed.status).toBe(200)
    expect(((await renamed.json()) as ProfileAnswer).warnings.filter((w) => w.field === 'name')).toEqual([])
    // The site's widget, now named by the new name, keeps the agency's chat as it was set.
    expect(await widgetOf('Caribe Azul Bienes Raíces')).toMatchObject({ headerColor: '#123456', welcomeMessage: 'Bienvenido a tu nueva casa', agencyName: 'Caribe Azul Bienes Raíces' })
    // With its history (version 1, what was there before, and the save), and nothing left under the old name.
    expect((await settingsOf('Caribe Azul Bienes Raíces')).versions.map((v) => v.version)).toEqual([2, 1])
    expect((await settingsOf(first)).versions).toEqual([])
    expect(await instances()).not.toContain(first)

    // Back to a name that has settings of its own by now: they are not overwritten, both stay, the answer says so.
    expect((await saveSettings(first, { headerColor: '#654321' })).status).toBe(200)
    const current = await get()
    const back = await put({ ...current.body, name: first }, current.revision)
    expect(back.status).toBe(200)
    const { warnings } = (await back.json()) as ProfileAnswer
    expect(warnings).toContainEqual({ field: 'name', message: settingsKeptWarning('Caribe Azul Bienes Raíces', first) })
    expect(settingsKeptWarning('Caribe Azul Bienes Raíces', first)).toMatch(/^Ya había ajustes del chat guardados con el nombre «/)
    expect(await widgetOf(first)).toMatchObject({ headerColor: '#654321', agencyName: first })
    expect((await settingsOf('Caribe Azul Bienes Raíces')).config).toMatchObject({ headerColor: '#123456' })
    expect(await instances()).toEqual(expect.arrayContaining([first, 'Caribe Azul Bienes Raíces']))
  })
})
