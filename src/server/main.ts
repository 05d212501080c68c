/** `npm start`: serve everything on the embedded defaults and say where it is. */
import { readConfig } from './config'
import { startServer } from './app'
import { SettingError } from './setting-error'

const { config, server } = await start().catch((error: unknown) => {
  // A setting to fix is one line naming the variable; anything else keeps its stack.
  console.error(error instanceof SettingError ? error.message : error)
  process.exit(1)
})

async function start() {
  const config = readConfig()
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

  Dev keys (each can be set in the environment, see .env.example):
    widget      data-id-agent="${agent.idAgent}"  data-api-key="${agent.apiKey}"
    API         X-Api-Key: ${config.apiKey}
    leads       Authorization: Bearer ${config.leadsToken}
`)

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
