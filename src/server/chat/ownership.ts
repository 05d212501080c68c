/**
 * Who answers a conversation now (docs/behaviour.md#console-ownership): the automated agent, or
 * the person who took it over from the console. The chat's turn asks `answersAutomatically`
 * for every visitor message; the console changes the owner. Each change is one conditional
 * UPDATE in the shared database, so it holds across processes and two agents cannot both win.
 */
import type { OwnershipStore } from '../storage/ownership-repo'

/** Minutes without a reply from the owner before the conversation goes back to the automated agent. */
export const DEFAULT_OWNER_IDLE_MINUTES = 10

/** What the visitor reads when a person joins or leaves (an agent message in the widget). */
export const OWNER_NOTICES = {
  joined: (name: string) => `${name}, de nuestro equipo, se unió a la conversación.`,
  left: (name: string) => `${name} dejó la conversación. Nuestro asistente virtual sigue contigo y recuerda lo que buscas.`,
} as const

export function createOwnership(store: OwnershipStore, idleMs: number) {
  const idleSeconds = idleMs / 1000
  return {
    idleMs,
    /** Whether the automated agent answers this visitor now (nobody owns it, or its owner went idle). */
    answersAutomatically: async (visitorId: string) => (await store.owner(visitorId, idleSeconds)) === null,
    owner: (visitorId: string) => store.owner(visitorId, idleSeconds),
    /** Take it for `accountId`: refused (with the owner) when another person has it. */
    take: (visitorId: string, accountId: string) => store.take(visitorId, accountId, idleSeconds),
    release: (visitorId: string, accountId: string) => store.release(visitorId, accountId),
    releaseAll: (accountId: string) => store.releaseAll(accountId),
    releaseIdle: () => store.releaseIdle(idleSeconds),
    /** The owner answered: their idle clock starts again. False when they no longer own it. */
    touch: (visitorId: string, accountId: string) => store.touch(visitorId, accountId),
  }
}

export type Ownership = ReturnType<typeof createOwnership>
