/**
 * The server's clock for what depends on the time of day (docs/console.md#routing): office and
 * duty hours, the answer time of a conversation offered to a person, when the agency answers. The
 * process uses the system's; a test starting the server in its own process passes another
 * (StartOptions.clock, tests/support/clock.ts), so «a visitor asks for a person at 03:40» runs at
 * any hour. Nothing in the environment or on the network can set it: production has no other clock.
 *
 * What is measured against the database's own clock (sessions, an owner idle for
 * CONSOLE_OWNER_IDLE_MINUTES, a console's presence) stays there: it is about elapsed real time,
 * not about the hour the agency reads.
 */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
