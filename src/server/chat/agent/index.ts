/**
 * The automated chat agent (design.md §5). The chat namespace calls `createAgent(deps).reply(text,
 * state)` once per visitor message and stores the returned state for the next one.
 */
export { createAgent } from './agent'
export { INITIAL_STATE } from './state'
export type {
  Agent,
  AgentAppointment,
  AgentDeps,
  AgentLead,
  AgentOutcome,
  ConversationState,
  Criteria,
} from './types'
