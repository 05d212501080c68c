/** `npm start`: serve everything on the embedded defaults and say where it is. */
import { readConfig, refuseDevKeys } from './config'
import { startServer } from './app'
import { SettingError } from './setting-error'

const { config, server } = await start().catch((error: unknown) => {
  // A setting to fix is one line naming the variable; anything else keeps its stack.
  console.error(error instanceof SettingError ? error.message : error)
  process.exit(1)
})

async function start() {
  const config = readConfig()
  refuseDevKeys(config, process.env)
  return { config, server: await startServer(config) }
}
const agent = config.agents[0]!
console.log(`
  Site                  ${server.url}/
  Chat widget demo      ${server.url}/demo/
  Hostile-CSS demo      ${server.url}/demo/hostile.html
  Strict-CSP demo       ${server.url}/demo/csp.html
  Widget script         ${server.url}/widget.js
  Chat (socket.io)      ${server.url}/chat
  Business API          ${server.url}/api/properties   (header X-Api-Key)
  Image proxy           ${server.url}/_ipx/w_640&f_webp/images/…
  Storage               ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`}
  E-mail                ${config.mail.smtpUrl ? `SMTP server ${new URL(config.mail.smtpUrl).host} (SMTP_URL)` : 'SMTP_URL not set: e-mails to visitors wait in the outbox (docs/email.md)'}

  Dev keys (each can be set in the environment, see .env.example and docs/security.md):
    widget      data-id-agent="${agent.idAgent}"  data-api-key="${agent.apiKey}"   (public)
    API         X-Api-Key: ${config.apiKey}   (secret)   or ${config.publicApiKey}   (public, reads only)
    leads       Authorization: Bearer ${config.leadsToken}   (secret)
    site forms  POST /_forms/lead from the site's own pages (no key)
${consoleLine()}`)

/** The console's line: the first-run link, the admin made from the environment, or where to sign in. */
function consoleLine() {
  if (server.setupUrl) return `  Agent console         first-run setup: open ${server.setupUrl}\n                        (the link holds this install's one-time code: only whoever sees this log can set the agency up)\n`
  const admin = server.consoleAdmin
  if (!admin) return `  Agent console         ${server.url}/consola   (accounts: npm run console:user -- list)\n`
  return `  Agent console         ${server.url}/consola\n    admin       ${admin.email}   password from CONSOLE_ADMIN_PASSWORD\n`
}

const shutdown = () => {
  server.close().then(
    () => {
      console.log('Server stopped: every reply under way was sent.')
      process.exit(0)
    },
    () => process.exit(1),
  )
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
