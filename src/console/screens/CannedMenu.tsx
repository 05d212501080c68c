import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { CannedFill, CannedReply } from '../../protocol/canned'
import { REPLY_LANGUAGES } from '../../shared/reply-variables'
import { errorText } from '../api'
import { matchReplies, slashQuery } from '../canned-menu'
import { queries } from '../queries'
import { useSubmit } from '../use-submit'

const MENU_ID = 'canned-menu'
const HELP_ID = 'canned-menu-help'
const optionId = (reply: CannedReply) => `canned-option-${reply.id}`

/**
 * The composer's canned replies (docs/console.md#canned-replies): a «/» that starts the text
 * opens the list of replies matching what follows it, the conversation's language first; arrows
 * move, Enter or a click chooses, Esc closes it (until the text changes). The chosen reply is
 * asked for, filled for this conversation, and handed to `onFill`; the person edits it and sends
 * it as any other reply.
 */
export function useCannedMenu({ text, visitorId, language, page, onFill }: { text: string; visitorId: string; language: 'es' | 'en'; page: string | null; onFill: (filled: CannedFill) => void }) {
  const query = slashQuery(text)
  /** The text the menu was closed at with Esc: it stays closed until the text changes. */
  const [dismissed, setDismissed] = useState<string | null>(null)
  const open = query !== null && dismissed !== text
  // Any other text forgets it: the same «/» typed again later opens the list again.
  useEffect(() => {
    if (dismissed !== null && dismissed !== text) setDismissed(null)
  }, [dismissed, text])
  const replies = useQuery({ ...queries.cannedReplies(), enabled: query !== null })
  const matches = useMemo(() => (open && replies.data ? matchReplies(replies.data, query!, language) : []), [open, replies.data, query, language])
  const [active, setActive] = useState(0)
  useEffect(() => setActive(0), [query])
  const current = Math.min(active, matches.length - 1)

  const queryClient = useQueryClient()
  const chosen = useRef<CannedReply | null>(null)
  const [note, setNote] = useState('')
  const { busy, error, setError, submit } = useSubmit(async () => {
    const reply = chosen.current
    if (!reply) return
    const filled = await queryClient.fetchQuery(queries.cannedFill(reply.id, visitorId, page))
    onFill(filled)
    const gone = filled.unpublished
    setNote(
      gone === 0
        ? ''
        : gone === 1
          ? `Una propiedad de «${reply.title}» ya no está publicada: su tarjeta no se agregó.`
          : `${gone} propiedades de «${reply.title}» ya no están publicadas: sus tarjetas no se agregaron.`,
    )
  })
  // A failure is about the reply chosen: typing on moves past it. A sent (emptied) composer forgets the note.
  useEffect(() => {
    setError('')
    if (!text) setNote('')
  }, [text, setError])

  const choose = (reply: CannedReply) => {
    chosen.current = reply
    void submit()
  }

  /** The composer's keys while the menu is open; true when the menu took the key. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && matches.length) {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + matches.length) % matches.length)
      return true
    }
    // Enter chooses: the «/…» typed is never sent by it (Esc first, to send it as it is).
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      const reply = matches[current]
      if (reply) choose(reply)
      return true
    }
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      setDismissed(text)
      return true
    }
    return false
  }

  const listed = open && matches.length > 0
  const textareaProps = {
    'aria-autocomplete': 'list' as const,
    ...(open ? { 'aria-describedby': HELP_ID } : {}),
    ...(listed ? { 'aria-controls': MENU_ID, 'aria-activedescendant': optionId(matches[current]!) } : {}),
  }

  let help = '↑ ↓ para elegir, Enter para usarla, Esc para cerrar.'
  if (busy) help = 'Preparando la respuesta…'
  else if (replies.isError) help = `No pudimos cargar las respuestas guardadas. ${errorText(replies.error)}`
  else if (replies.isPending) help = 'Cargando las respuestas guardadas…'
  else if (!replies.data?.length) help = 'Todavía no hay respuestas guardadas: agrégalas en «Conversaciones», «Respuestas guardadas». Esc cierra esta lista.'
  else if (!matches.length) help = `Ninguna respuesta guardada coincide con «/${query}». Esc cierra esta lista.`

  return { open, matches, current, setActive, choose, onKeyDown, textareaProps, help, busy, error, note }
}

export type CannedMenuState = ReturnType<typeof useCannedMenu>

export function CannedMenu({ menu }: { menu: CannedMenuState }) {
  if (!menu.open) return null
  return (
    <div className="canned-menu">
      <p id={HELP_ID} className="canned-menu__help">
        {menu.help}
      </p>
      {menu.matches.length ? (
        <ul id={MENU_ID} role="listbox" aria-label="Respuestas guardadas">
          {menu.matches.map((reply, index) => (
            <li
              key={reply.id}
              id={optionId(reply)}
              role="option"
              aria-selected={index === menu.current}
              className={`canned-menu__item${index === menu.current ? ' canned-menu__item--active' : ''}`}
              // The text area keeps the focus (and the keys) while the mouse chooses.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => menu.setActive(index)}
              onClick={() => menu.choose(reply)}
            >
              <span className="canned-menu__title">
                <strong>/{reply.shortcut}</strong> {reply.title}
              </span>
              <span className="canned-menu__facts">
                {REPLY_LANGUAGES[reply.language]}
                {reply.listings.length ? ` · ${reply.listings.length === 1 ? '1 propiedad' : `${reply.listings.length} propiedades`}` : ''}
                {reply.shared ? '' : ' · Personal'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
