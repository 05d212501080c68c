// Who the agency is, as the database keeps it (docs/agency.md): seeded with the demo's, saved
// whole with a revision, a stale save refused with what was saved meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgencyProfile } from '../../src/shared/agency'
import { readAgency } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { STORAGES, type TestStorage } from './databases'

describe.each(STORAGES)('agency documents on $name', ({ open }) => {
  let storage: TestStorage
  beforeAll(async () => {
    storage = await open()
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    await storage?.close()
    await storage?.drop()
  })

  it('starts as the demo agency, saves a new profile and refuses a save made from an older revision', async () => {
    expect(await storage.agency.current()).toEqual(readAgency())
    const first = await storage.agency.document<AgencyProfile>('profile')
    expect(first.revision).toBe(1)
    const renamed = { ...first.body, name: 'Inmobiliaria Caribe Azul' }
    const saved = await storage.agency.save('profile', renamed, { revision: first.revision, by: 'ana@agencia.mx' })
    expect(saved).toMatchObject({ saved: { revision: 2, updatedBy: 'ana@agencia.mx', body: { name: 'Inmobiliaria Caribe Azul' } } })
    // Someone who read revision 1 saves after that: refused, shown what is there now.
    const stale = await storage.agency.save('profile', { ...first.body, name: 'Otra' }, { revision: first.revision, by: 'luis@agencia.mx' })
    expect(stale).toMatchObject({ conflict: { revision: 2, body: { name: 'Inmobiliaria Caribe Azul' } } })
    expect((await storage.agency.current()).profile.name).toBe('Inmobiliaria Caribe Azul')
  })
})
