/** The parts of NLP.js (https://github.com/axa-group/nlp.js, no bundled types) the intent classifier uses. */
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void
  }
  export function containerBootstrap(): Promise<Container>
}
declare module '@nlpjs/nlp' {
  import type { Container } from '@nlpjs/core'
  export interface NlpResult {
    intent: string
    score: number
    classifications?: Array<{ intent: string; score: number }>
  }
  export class Nlp {
    constructor(settings: Record<string, unknown>, container: Container)
    settings: { threshold: number; nlu: Record<string, unknown> }
    nluManager: { process(input: { locale: string; utterance: string; settings: Record<string, unknown> }): Promise<NlpResult> }
    addDocument(locale: string, utterance: string, intent: string): void
    train(): Promise<void>
    /** The trained model as plain data, and back (what the build saves, classifier.ts). */
    toJSON(): unknown
    fromJSON(json: unknown): void
    process(locale: string, utterance: string): Promise<NlpResult>
  }
}
declare module '@nlpjs/lang-es' {
  export const LangEs: unknown
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown
}
