/**
 * The composer's «/» menu of canned replies (docs/console.md#canned-replies): when it opens, and
 * which replies it lists for what follows the slash, best first. Pure; folded as the rest of the
 * product compares text (src/domain/fold.ts), so «/visita» finds «Visíta» and «/sabado» «sábado».
 */
import { foldText } from '../domain/fold'
import type { CannedReply } from '../protocol/canned'

/** The most the menu lists at once. */
export const MENU_SIZE = 20

/** What follows a «/» that starts the composer's text (its first line only, as typed); null: no menu. */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\n]{0,60})$/.exec(text)
  return match ? match[1]! : null
}

/**
 * The replies for `query`: each word of it in the shortcut or the title. Those whose shortcut
 * starts with the whole query first, then those in the conversation's `language`, then by
 * shortcut and title.
 */
export function matchReplies(replies: readonly CannedReply[], query: string, language: 'es' | 'en'): CannedReply[] {
  const q = foldText(query.trim())
  const words = q.split(/\s+/).filter(Boolean)
  const ranked = replies.flatMap((reply) => {
    const shortcut = foldText(reply.shortcut)
    const haystack = `${shortcut} ${foldText(reply.title)}`
    if (!words.every((word) => haystack.includes(word))) return []
    return [{ reply, prefix: shortcut.startsWith(q) ? 0 : 1, other: reply.language === language ? 0 : 1 }]
  })
  ranked.sort((a, b) => a.prefix - b.prefix || a.other - b.other || a.reply.shortcut.localeCompare(b.reply.shortcut, 'es') || a.reply.title.localeCompare(b.reply.title, 'es'))
  return ranked.slice(0, MENU_SIZE).map((entry) => entry.reply)
}
