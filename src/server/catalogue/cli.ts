/**
 * `npm run catalogue -- export|import FILE` (io.ts, docs/catalogue-io.md), reaching the database
 * as `npm run console:user` does (console/cli.ts): on the embedded database a running server does
 * it (console/control.ts), so an import is live at once; without a server the command opens the
 * database itself, taking its lock. On PostgreSQL (DATABASE_URL) it opens the database, which
 * several processes share, and after an import that changed something tells the running servers
 * on Redis (REDIS_URL), as a server's own change does (live.ts): they reload at once rather than
 * at their next catalogue check.
 */
import { isAbsolute, resolve } from 'node:path'
import { readConfig } from '../config'
import { askRunningServer } from '../console/control'
import { openPhotoStore } from '../media/http'
import { SettingError } from '../setting-error'
import { publishOnce } from '../redis'
import { errorLine } from '../safe-log'
import { openStorage, type Storage } from '../storage'
import { catalogueReply } from './io'
import { CATALOGUE_CHANNEL, CATALOGUE_POLL_MS, type CatalogueNews } from './live'

const config = readConfig()
// The server resolves paths from its own folder: the file goes as this command's absolute path.
const args = process.argv.slice(2).map((arg, i) => (i > 0 && !arg.startsWith('-') && !isAbsolute(arg) ? resolve(arg) : arg))

/** The running servers of a deployment with Redis are told of an import at once; the line to print. */
async function tellServers(storage: Storage): Promise<string | void> {
  const { redisUrl } = config
  if (!config.databaseUrl || !redisUrl) return
  const news: CatalogueNews = { from: `catalogue-import:${process.pid}`, fingerprint: await storage.catalogue.fingerprint() }
  try {
    const listeners = await publishOnce(redisUrl, config.redisPrefix, CATALOGUE_CHANNEL, JSON.stringify(news))
    return `Servidores avisados por Redis: ${listeners}. Lo sirven en cuanto recargan el catálogo.`
  } catch (error) {
    return `Aviso: no se pudo avisar a los servidores por Redis (${errorLine(error)}); lo verán en su próxima revisión del catálogo, en ${CATALOGUE_POLL_MS / 1000} s como mucho.`
  }
}

async function onDatabase() {
  // No demo seed here: an import into a new database holds only the file's catalogue.
  const storage = await openStorage({ url: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir })
  try {
    return await catalogueReply(args, { db: storage.db, photos: openPhotoStore(config.photos), contentDir: resolve('content'), afterChange: () => tellServers(storage) })
  } finally {
    await storage.close()
  }
}

try {
  const reply = (config.databaseUrl ? undefined : await askRunningServer(config.dataDir, args, 'catalogue')) ?? (await onDatabase())
  if (reply.output) (reply.ok ? console.log : console.error)(reply.output)
  process.exitCode = reply.ok ? 0 : 1
} catch (error) {
  console.error(error instanceof SettingError ? error.message : error)
  process.exitCode = 1
}
