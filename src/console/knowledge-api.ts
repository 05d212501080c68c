/** The agent's knowledge base in the console's API (/consola/api/knowledge, admins; docs/knowledge.md#console). */
import type { KnowledgeEntry, KnowledgeInput, UnmatchedQuestion } from '../protocol/knowledge'
import { request } from './api'

const path = (name: string) => `/knowledge/${encodeURIComponent(name)}`

export const knowledgeApi = {
  entries: () => request<{ items: KnowledgeEntry[] }>('/knowledge'),
  unmatched: () => request<{ items: UnmatchedQuestion[] }>('/knowledge/unmatched'),
  add: (entry: KnowledgeInput) => request<{ entry: KnowledgeEntry }>('/knowledge', { method: 'POST', body: entry }),
  save: (name: string, entry: KnowledgeInput) => request<{ entry: KnowledgeEntry }>(path(name), { method: 'PUT', body: entry }),
  remove: (name: string) => request(path(name), { method: 'DELETE' }),
}
