/**
 * The classifier's training thread (docs/knowledge.md#training): a changed knowledge base is
 * trained here, a few seconds of CPU, while the server's thread keeps answering with the model
 * it has. One request, one answer: the trained model as NLP.js's JSON (classifier.ts loads it).
 * Built beside the server's bundle (scripts/esbuild-node.mjs).
 */
import { parentPort } from 'node:worker_threads'
import type { Corpus } from './acts/load'
import { trainedNlp } from './training'

export interface TrainingRequest {
  corpus: Corpus
  topics: readonly string[]
}

parentPort?.once('message', async ({ corpus, topics }: TrainingRequest) => {
  try {
    parentPort?.postMessage({ model: (await trainedNlp(corpus, topics)).toJSON() })
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
})
