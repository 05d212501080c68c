/**
 * The automated chat agent (docs/behaviour.md#agent). The chat namespace calls `createAgent(deps).reply(text,
 * state)` once per visitor message and stores the returned state for the next one.
 */
export { createAgent, prepareAgent } from './agent'
export { INITIAL_STATE } from './state'
export type {
  Agent,
  AgentAppointment,
  AgentDeps,
  AgentLead,
  AgentOutcome,
  ConversationState,
  Criteria,
  TurnInput,
} from './types'
