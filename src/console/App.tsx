import { QueryClientProvider, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type AccountChange, ConsoleServerEvent, type ConsoleAccount, type ConsoleBoot, type ConversationMessage, type OfferChange, type OwnerChange } from '../protocol/console'
import { messageText } from '../widget/public'
import { allowAlerts, notificationsAllowed, notify, playTone, rememberAlerts, titleWith } from './alerts'
import { api } from './api'
import { Availability } from './Availability'
import { Avatar } from './Avatar'
import { connectConsole } from './connection'
import { createLive, liveLabel, useLive, useSocketEvent, type Live } from './live'
import { connectLiveCache } from './live-cache'
import { createQueryClient, queries } from './queries'
import { FIRST_ROUTE, readRoute, sameRoute, type Route } from './route'
import { ACCOUNT_SCREEN, DEFAULT_SCREEN, SCREENS } from './screens/registry'
import { FirstRun } from './screens/FirstRun'
import { SESSION_ENDED, SignIn } from './screens/SignIn'

/** A notification shows the start of the message: desktop notifications cut longer text anyway. */
const NOTIFICATION_TEXT_MAX = 120

/**
 * The console, from the page's boot data (undefined: ask the API) on `route`, the page's route
 * when it starts. The server renders it too, signed in on the first route (server/console/render.tsx).
 */
export function App({ boot, route }: { boot: ConsoleBoot | undefined; route: Route }) {
  const [account, setAccount] = useState(boot?.account)
  // The console's one query cache (src/console/queries.ts), with the inbox page the page brought.
  const [queryClient] = useState(() => createQueryClient(boot?.inbox ?? null))
  // Signed out by the server (not by «Cerrar sesión»): the sign-in form says why.
  const [ended, setEnded] = useState(false)
  const signedOut = useCallback(
    (byServer: boolean) => {
      setEnded(byServer)
      setAccount(null)
      // The next person signing in on this tab sees nothing of this one's data.
      queryClient.clear()
    },
    [queryClient],
  )
  /** The signed-in account changed (its person in «Mi cuenta» on any console, an admin in «Cuentas»): shown at once. */
  const accountChanged = useCallback((change: AccountChange) => setAccount((now) => (now && now.id === change.id ? { ...now, ...change } : now)), [])
  // A fresh install: the first-run wizard instead of the sign-in form (docs/agency.md#first-run).
  const [setupPending, setSetupPending] = useState(boot?.setupPending ?? false)
  useEffect(() => {
    if (boot) return // the page said who is signed in
    api.me().then(
      (r) => setAccount(r.account),
      () =>
        // Not signed in (or the server is unreachable): the sign-in form, or the wizard while no account exists.
        api.setup().then(
          (r) => {
            setSetupPending(r.pending)
            setAccount(null)
          },
          () => setAccount(null),
        ),
    )
  }, [boot])
  if (account === undefined) return <p className="loading">Cargando…</p>
  if (account === null && setupPending) {
    const code = route.screen === 'configurar' ? route.param : null
    return (
      <FirstRun
        code={code}
        onDone={(done) => {
          setSetupPending(false)
          // The code leaves the address bar: the console opens on its first screen.
          history.replaceState(null, '', location.pathname)
          setAccount(done)
        }}
      />
    )
  }
  return (
    <QueryClientProvider client={queryClient}>
      {account === null ? (
        <SignIn onSignedIn={setAccount} notice={ended ? SESSION_ENDED : ''} />
      ) : (
        <SignedIn
          account={account}
          route={route.screen === 'configurar' ? FIRST_ROUTE : route}
          alertsAllowed={boot?.alertsAllowed}
          onSignedOut={signedOut}
          onAccountChanged={accountChanged}
        />
      )}
    </QueryClientProvider>
  )
}

function SignedIn({
  account,
  route: firstRoute,
  alertsAllowed,
  onSignedOut,
  onAccountChanged,
}: {
  account: ConsoleAccount
  route: Route
  alertsAllowed: boolean | undefined
  /** `byServer`: the session ended elsewhere (a new password, an admin, idle time), not by this person's «Cerrar sesión». */
  onSignedOut: (byServer: boolean) => void
  onAccountChanged: (change: AccountChange) => void
}) {
  const live = useMemo(() => createLive(connectConsole), [])
  useEffect(() => () => void live.socket.disconnect(), [live])
  // The socket's events update the cache every screen reads (src/console/live-cache.ts).
  const queryClient = useQueryClient()
  useEffect(() => connectLiveCache(live, queryClient), [live, queryClient])
  useSocketEvent(
    live,
    ConsoleServerEvent.signedOut,
    useCallback(() => onSignedOut(true), [onSignedOut]),
  )
  // Renamed, a new photo, allowed to publish: the header and every screen show the account as it is now.
  useSocketEvent(live, ConsoleServerEvent.account, onAccountChanged)
  // Back online after a drop: what changed of the account meanwhile is asked for (the lists are, by live-cache.ts).
  const dropped = useRef(false)
  useSocketEvent(
    live,
    'disconnect',
    useCallback(() => void (dropped.current = true), []),
  )
  useSocketEvent(
    live,
    'connect',
    useCallback(() => {
      if (!dropped.current) return
      dropped.current = false
      api.me().then(({ account: now }) => onAccountChanged(now), () => {})
    }, [onAccountChanged]),
  )
  useSocketEvent(
    live,
    'connect_error',
    useCallback((error: Error) => error.message.startsWith('Inicia sesión') && onSignedOut(true), [onSignedOut]),
  )

  const [route, setRoute] = useState(firstRoute)
  useEffect(() => {
    const onHash = () => {
      const now = readRoute(window.location.hash)
      setRoute((old) => (sameRoute(old, now) ? old : now))
    }
    onHash() // a link followed before the app ran (on the server's markup)
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  const go = useCallback((path: string) => {
    window.location.hash = `#/${path}`
  }, [])

  const screens = SCREENS.filter((s) => !s.adminOnly || account.role === 'admin')
  const screen = screens.find((s) => s.id === route.screen) ?? DEFAULT_SCREEN
  const Screen = screen.component
  // On a phone the sections scroll sideways: keep the current one in view.
  const nav = useRef<HTMLElement>(null)
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [screen.id])
  const signOut = async () => {
    await api.signOut().catch(() => {})
    onSignedOut(false)
  }

  return (
    <div className="app">
      <Alerts account={account} live={live} go={go} allowedAtBoot={alertsAllowed} />
      <header className="topbar">
        <a className="skip" href="#contenido">
          Saltar al contenido
        </a>
        <span className="brand">Consola</span>
        <nav aria-label="Secciones" ref={nav}>
          <ul>
            {screens.filter((s) => !s.under).map((s) => (
              <li key={s.id}>
                {/* «Mi cuenta» reads as the person's name: who is signed in, and one section fewer on the row (ten fit at 1280 px). */}
                <a href={`#/${s.id}`} aria-current={s.id === screen.id || s.id === screen.under ? 'page' : undefined} className={s.id === ACCOUNT_SCREEN ? 'account-link' : undefined}>
                  {s.id === ACCOUNT_SCREEN ? (
                    <>
                      <Avatar photo={account.photo} />
                      <span className="sr-only">{s.label}: </span>
                      {account.name}
                    </>
                  ) : (
                    s.label
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Availability account={account} onChanged={onAccountChanged} />
        <Status live={live} />
        <button type="button" className="button button--quiet topbar__sign-out" onClick={signOut}>
          Cerrar sesión
        </button>
      </header>
      <main id="contenido" className="content">
        <Suspense fallback={<p className="loading">Cargando…</p>}>
          <Screen account={account} live={live} param={route.param} go={go} accountChanged={onAccountChanged} />
        </Suspense>
      </main>
    </div>
  )
}

/**
 * The console's connection: a green dot while it is live (its words for screen readers and on
 * hover), the words «Reconectando…» when it is not, the state worth reading. The row of sections
 * has room for no more words at 1280 px (console-leads e2e).
 */
function Status({ live }: { live: Live }) {
  const { online } = useLive(live)
  if (!online) return <span className="status status--off">Reconectando…</span>
  return (
    <span className="status" title="En línea">
      <span className="status__dot" aria-hidden="true" />
      <span className="sr-only">En línea</span>
    </span>
  )
}

/**
 * Alerts (docs/behaviour.md#console-alerts): a hand-off request, or a visitor message in a
 * conversation the agent owns, plays a tone, shows a notification and raises the title count.
 */
function Alerts({ account, live, go, allowedAtBoot }: { account: ConsoleAccount; live: Live; go: (path: string) => void; allowedAtBoot: boolean | undefined }) {
  // The page's render used the browser's last answer (a cookie): the banner is where the app keeps
  // it. Without boot data, unknown until mounted: no banner before then.
  const [allowed, setAllowed] = useState<boolean | null>(allowedAtBoot ?? null)
  const answer = useCallback((now: boolean) => {
    setAllowed(now)
    rememberAlerts(now)
  }, [])
  useEffect(() => answer(notificationsAllowed()), [answer])
  // The conversations this person owns and the unread count, from the query cache like every
  // list (docs/console-data.md): the socket's events refresh it there (live-cache.ts).
  const mine = useInfiniteQuery(queries.inbox('mine', '')).data?.pages[0]
  // Counted over every conversation, whichever list asked (server/console/inbox.ts).
  const unread = mine?.unreadConversations ?? 0
  const owned = useRef(new Set<string>())
  useEffect(() => {
    if (mine) owned.current = new Set(mine.items.map((i) => i.visitorId))
  }, [mine])
  const agencyName = useQuery(queries.agencyProfile()).data?.body.name
  useEffect(() => {
    document.title = titleWith(unread, agencyName)
  }, [unread, agencyName])
  const open = useCallback((visitorId: string) => go(`conversaciones/${encodeURIComponent(visitorId)}`), [go])

  useSocketEvent(
    live,
    ConsoleServerEvent.owner,
    useCallback(
      (change: OwnerChange) => {
        if (change.owner?.accountId === account.id) owned.current.add(change.visitorId)
        else owned.current.delete(change.visitorId)
      },
      [account.id],
    ),
  )
  // A conversation offered to this person, or to everyone once nobody took it in time (docs/console.md#routing):
  // a hand-off alerts whom it is offered to, not the whole team at once.
  useSocketEvent(
    live,
    ConsoleServerEvent.offer,
    useCallback(
      ({ visitorId, offer }: OfferChange) => {
        if (offer?.stage === 'offered' && offer.to?.accountId === account.id) {
          playTone()
          notify('Te toca responder', liveLabel(live, visitorId), () => open(visitorId))
        } else if (offer?.stage === 'everyone') {
          playTone()
          notify('Un visitante espera un asesor', liveLabel(live, visitorId), () => open(visitorId))
        }
      },
      [account.id, live, open],
    ),
  )
  useSocketEvent(
    live,
    ConsoleServerEvent.message,
    useCallback(
      (message: ConversationMessage) => {
        if (message.author.kind !== 'visitor' || !owned.current.has(message.visitorId)) return
        playTone()
        notify(`Nuevo mensaje de ${liveLabel(live, message.visitorId)}`, messageText(message.content).slice(0, NOTIFICATION_TEXT_MAX), () => open(message.visitorId))
      },
      [live, open],
    ),
  )

  if (allowed !== false) return null
  return (
    <div className="alerts-banner">
      <span>Activa las alertas para oír y ver cuando un visitante pida un asesor o te escriba.</span>
      <button type="button" className="button" onClick={() => allowAlerts().then(answer)}>
        Activar alertas
      </button>
    </div>
  )
}
