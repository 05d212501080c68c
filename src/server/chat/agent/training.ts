/**
 * Training NLP.js on a corpus (classifier.ts): the same steps in the server's thread, in the
 * build, and in the training thread (classifier-worker.ts), which must not load the intent
 * book's folder. Documents are added in the topics' order, 'none' last: the network depends on it.
 */
import { containerBootstrap } from '@nlpjs/core'
import { LangEn } from '@nlpjs/lang-en-min'
import { LangEs } from '@nlpjs/lang-es'
import { Nlp } from '@nlpjs/nlp'
import type { Corpus } from './acts/load'

export async function untrained(): Promise<Nlp> {
  const container = await containerBootstrap()
  container.use(LangEs)
  container.use(LangEn)
  return new Nlp({ languages: ['es', 'en'], autoSave: false, autoLoad: false, nlu: { log: false } }, container)
}

/** NLP.js trained on `corpus`, its topics in `topics`' order. */
export async function trainedNlp(corpus: Corpus, topics: readonly string[]): Promise<Nlp> {
  const nlp = await untrained()
  for (const topic of [...topics, 'none']) {
    for (const utterance of corpus[topic]?.es ?? []) nlp.addDocument('es', utterance, topic)
    for (const utterance of corpus[topic]?.en ?? []) nlp.addDocument('en', utterance, topic)
  }
  await nlp.train()
  return nlp
}
