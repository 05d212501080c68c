/**
 * Intent names. An intent is any entry's name (a string: an agency's knowledge base adds its own
 * at run time); `KnownIntent` are the ones the flows' code tests by name, so a typo there fails
 * the type check, and a test holds each of them to an entry of the folder.
 */
export type Intent = string

export const KNOWN_INTENTS = [
  'availability', 'browsing', 'closingCosts', 'commission', 'contact', 'contactChannels', 'credit', 'currency', 'downPayment',
  'foreigner', 'goodbye', 'greeting', 'handoff', 'help', 'hours', 'location', 'no', 'presale', 'propertyQuestion',
  'rentRequirements', 'rentTerm', 'returns', 'room', 'search', 'searchVerb', 'sell', 'thanks', 'transcript', 'visit', 'waiting', 'weather',
  'who', 'yes', 'zones',
] as const
export type KnownIntent = (typeof KNOWN_INTENTS)[number]
