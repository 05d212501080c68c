/**
 * `npm run console:user -- <command>` (see accounts-command.ts for the commands): agent accounts
 * from the shell. On the embedded database a running server does it (control.ts), so the change
 * is live and stored where the server stores; without a server the command opens the database
 * itself, taking its lock (a server started meanwhile waits for it: storage/embedded-lock.ts).
 * On PostgreSQL (DATABASE_URL) it opens the database, which several processes share.
 */
import { readConfig } from '../config'
import { SettingError } from '../setting-error'
import { openStorage } from '../storage'
import { accountsReply } from './accounts-command'
import { askRunningServer } from './control'

const config = readConfig()
const args = process.argv.slice(2)

async function onDatabase() {
  const storage = await openStorage({ url: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir })
  try {
    return await accountsReply(args, storage)
  } finally {
    await storage.close()
  }
}

try {
  const reply = (config.databaseUrl ? undefined : await askRunningServer(config.dataDir, args)) ?? (await onDatabase())
  if (reply.output) (reply.ok ? console.log : console.error)(reply.output)
  process.exitCode = reply.ok ? 0 : 1
} catch (error) {
  // A database another process holds, a folder that cannot be written: one line saying what to do.
  console.error(error instanceof SettingError ? error.message : error)
  process.exitCode = 1
}
