/**
 * `npm run catalogue -- export|import FILE` (io.ts, docs/catalogue-io.md), reaching the database
 * as `npm run console:user` does (console/cli.ts): on the embedded database a running server does
 * it (console/control.ts), so an import is live at once; without a server the command opens the
 * database itself, taking its lock. On PostgreSQL (DATABASE_URL) it opens the database, which
 * several processes share; running servers see the change at their next catalogue check.
 */
import { isAbsolute, resolve } from 'node:path'
import { readConfig } from '../config'
import { askRunningServer } from '../console/control'
import { openPhotoStore } from '../media/http'
import { SettingError } from '../setting-error'
import { openStorage } from '../storage'
import { catalogueReply } from './io'

const config = readConfig()
// The server resolves paths from its own folder: the file goes as this command's absolute path.
const args = process.argv.slice(2).map((arg, i) => (i > 0 && !arg.startsWith('-') && !isAbsolute(arg) ? resolve(arg) : arg))

async function onDatabase() {
  // No demo seed here: an import into a new database holds only the file's catalogue.
  const storage = await openStorage({ url: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir })
  try {
    return await catalogueReply(args, { db: storage.db, photos: openPhotoStore(config.photos), contentDir: resolve('content'), afterChange: async () => {} })
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
