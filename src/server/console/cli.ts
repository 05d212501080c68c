/**
 * `npm run console:user -- <command>` (see accounts-command.ts for the commands): agent accounts
 * from the shell, on the database the server uses (DATABASE_URL or the embedded one in DATA_DIR).
 */
import { readConfig } from '../config'
import { SettingError } from '../setting-error'
import { openStorage } from '../storage'
import { accountsCommand } from './accounts-command'

const config = readConfig()
const storage = await openStorage({ url: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir })
try {
  const output = await accountsCommand(process.argv.slice(2), storage)
  if (output) console.log(output)
} catch (error) {
  console.error(error instanceof SettingError ? error.message : error)
  process.exitCode = 1
} finally {
  await storage.close()
}
