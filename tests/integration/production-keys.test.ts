import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_API_KEY } from '../../src/server/config'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { builtServerEntry, runEntry, startServerProcess, type ServerProcess } from '../support/server-process'

/**
 * In production the built server refuses to start with the published dev keys, in one line that
 * names what to set (docs/server.md#production-keys); with keys of its own it starts.
 */
describe('the server in production', () => {
  const OWN_KEYS = { API_KEY: 'own-api-key', LEADS_TOKEN: 'own-leads-token', PUBLIC_API_KEY: 'own-public-key', CHAT_API_KEY: 'own-chat-key' }
  // Neither inherited from the test runner (vitest sets NODE_ENV=test): each case says both.
  const PLAIN = { NODE_ENV: '', PUBLIC_URL: '', DATA_DIR: 'memory://' }
  let entry: string
  beforeAll(async () => {
    entry = builtServerEntry()
  })
  const processes: ServerProcess[] = []
  afterEach(async () => {
    for (const p of processes.splice(0)) await p.stop()
  })
  const line = (variables: string) =>
    `Production (NODE_ENV=production or an https PUBLIC_URL) refuses the published dev keys: set ${variables} to values of your own (see .env.example).\n`

  it('with NODE_ENV=production and no keys: exit 1 and one line naming every key', async () => {
    const run = await runEntry(entry, [], { ...PLAIN, NODE_ENV: 'production' })
    expect(run).toMatchObject({ code: 1, stderr: line('API_KEY, LEADS_TOKEN, PUBLIC_API_KEY, CHAT_API_KEY') })
  })

  it('with an https PUBLIC_URL: the keys still at their published values, copied from .env.example, are named', async () => {
    const env = { ...PLAIN, ...OWN_KEYS, PUBLIC_URL: 'https://cancun.example.com', CHAT_API_KEY: DEV_API_KEY, LEADS_TOKEN: 'dev_leads_token_cancun' }
    const run = await runEntry(entry, [], env)
    expect(run).toMatchObject({ code: 1, stderr: line('LEADS_TOKEN, CHAT_API_KEY') })
  })

  it('with keys of its own it starts', { timeout: withEmbeddedStarts(1) }, async () => {
    // A copy of the run's migrated template, as every test server gets: an empty folder would make
    // initdb, every migration and the catalogue run here, past a minute on a busy machine.
    const db = freshEmbeddedDir()
    const server = await startServerProcess(entry, { ...PLAIN, ...OWN_KEYS, NODE_ENV: 'production', DATA_DIR: db.dir }).catch((error: unknown) => {
      db.remove()
      throw error
    })
    processes.push({ ...server, stop: () => server.stop().then(db.remove) })
    expect((await fetch(`${server.url}/api/zones`, { headers: { 'X-Api-Key': OWN_KEYS.API_KEY } })).status).toBe(200)
  })
})

