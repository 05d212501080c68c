/**
 * How every e-mail to a visitor looks (docs/email.md#messages): the agency's name and logo on top,
 * the message, then the agency's contact and, for the e-mails one may stop, the unsubscribe link.
 * One plain-text and one HTML body from the same blocks; the HTML is a single centred table with
 * inline styles, which is what mail clients render alike. Pure.
 */
import { escapeHtml } from '../../protocol/html'
import type { Agency } from '../../shared/agency'
import { siteIdentity } from '../../shared/agency-identity'
import type { MailLanguage } from './words'
import { mailWords } from './words'

/** One piece of a message's body. */
export type MailBlock =
  | { kind: 'text'; text: string }
  /** Label and value lines («Fecha: sábado…»), as a small table in HTML. */
  | { kind: 'facts'; facts: Array<[label: string, value: string]> }
  | { kind: 'link'; text: string; url: string }
  /** A conversation's message: who said it, when, and what. */
  | { kind: 'quote'; who: string; when: string; text: string }

export interface ComposedMail {
  subject: string
  text: string
  html: string
}

export interface ComposeInput {
  agency: Agency
  /** The site's public base URL (links, the logo through the image proxy). */
  siteUrl: string
  language: MailLanguage
  subject: string
  /** The first line: «Hola, Ana:» */
  greeting: string
  blocks: MailBlock[]
  /** The signed unsubscribe link; null for an e-mail that is not stopped by it. */
  unsubscribeUrl: string | null
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937'

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text
    case 'facts':
      return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n')
    case 'link':
      return `${block.text}: ${block.url}`
    case 'quote':
      return `${block.who} (${block.when}):\n${block.text}`
  }
}

function blockHtml(block: MailBlock, color: string): string {
  const e = escapeHtml
  switch (block.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;line-height:1.5">${e(block.text).replaceAll('\n', '<br>')}</p>`
    case 'facts':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.facts
        .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#6b7280;vertical-align:top">${e(label)}</td><td style="padding:2px 0;font-weight:bold">${e(value)}</td></tr>`)
        .join('')}</table>`
    case 'link':
      return `<p style="margin:0 0 16px"><a href="${e(block.url)}" style="color:${e(color)}">${e(block.text)}</a></p>`
    case 'quote':
      return `<p style="margin:0 0 12px;line-height:1.5"><span style="color:#6b7280;font-size:13px">${e(block.who)} · ${e(block.when)}</span><br>${e(block.text).replaceAll('\n', '<br>')}</p>`
  }
}

export function composeMail(input: ComposeInput): ComposedMail {
  const identity = siteIdentity(input.agency.profile)
  const words = mailWords(input.language)
  const site = input.siteUrl.replace(/\/$/, '')
  const contact = [identity.phoneDisplay, identity.email, identity.addressDisplay].filter(Boolean)
  const footerLines = [identity.name, ...contact, site]
  const text = [
    input.greeting,
    '',
    ...input.blocks.flatMap((block) => [blockText(block), '']),
    '—',
    ...footerLines,
    ...(input.unsubscribeUrl ? ['', `${words.unsubscribeText}: ${input.unsubscribeUrl}`] : []),
  ].join('\n')

  const e = escapeHtml
  const color = identity.colors.primary
  const logo = identity.logo ? `<img src="${e(site + identity.logo)}" alt="${e(identity.name)}" height="40" style="display:block;height:40px;margin:0 0 8px">` : ''
  const html = `<!doctype html>
<html lang="${input.language === 'en' ? 'en' : 'es-MX'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" style="background:#f3f4f6;border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;background:#ffffff;border-collapse:collapse;${FONT};font-size:15px">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${e(color)}">${logo}<strong style="font-size:18px">${e(identity.name)}</strong></td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${e(input.greeting)}</p>
${input.blocks.map((block) => blockHtml(block, color)).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;color:#6b7280;font-size:13px;line-height:1.5">
<strong>${e(identity.name)}</strong><br>${contact.map(e).join('<br>')}<br><a href="${e(site)}" style="color:#6b7280">${e(site.replace(/^https?:\/\//, ''))}</a>
${input.unsubscribeUrl ? `<br><br><a href="${e(input.unsubscribeUrl)}" style="color:#6b7280">${e(words.unsubscribeText)}</a>` : ''}
</td></tr>
</table></td></tr></table>
</body></html>`
  return { subject: input.subject, text, html }
}
