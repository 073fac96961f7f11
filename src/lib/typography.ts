/**
 * French typography, applied once to what the server side writes: the built pages (typeset-page.ts, run by src/middleware.ts),
 * the e-mails and the devis PDF. French puts a no-break space before « : ; ! ? » and inside « », so that a
 * line never starts with a colon or a closing quote, and keeps « n° » with its number and a « · » separator
 * with what it follows:
 *   - U+202F (narrow no-break space) before « ; ! ? »;
 *   - U+00A0 (no-break space) before « : », after « and before », after « n° » (« N° ») and before « · ».
 * An ordinary space, a tab or a line break there becomes the no-break space; « » with no space inside get
 * one. Nothing else changes: URLs, e-mail addresses, code, times (« 8h – 17h »), numbers, dashes and quotes
 * keep what the text says.
 *
 * Server side only (build, functions): typograf is too heavy for the browser, so the islands' own texts
 * carry these spaces in their source, and the typography test reads them.
 *
 * Typograf runs with every one of its rules off (its quote rule turns inch marks into « », its number and
 * dash rules rewrite figures) and only the rules below on; it brings the HTML handling: tags, comments,
 * `<code>`, `<pre>`, `<kbd>`, `<samp>`, `<var>`, `<script>`, `<style>` and URLs are left as they are, and
 * `common/html/processingAttrs` applies the same rules to the human text of the `alt`, `title`,
 * `aria-label`, `placeholder` and `content` (description metas) attributes.
 */
import Typograf from 'typograf';

export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';

/**
 * Typograf's marker around a hidden tag (`\uF000tf12\uF000`): a space before a tag followed by the mark
 * (« <a>Contact </a>: ») is the space before the mark.
 */
const TAG = '\\uf000tf\\d+\\uf000';
/** Spaces a line may break at: ordinary space, tab, line break. */
const BREAKING = '[ \\t\\r\\n]+';

/** Our rules, in typograf's form (locale/group/name). */
const RULES = [
  {
    name: 'fr/nbsp/beforeHighPunctuation',
    handler: (text: string) => text.replace(new RegExp(`${BREAKING}((?:${TAG})*)(?=[;!?])`, 'g'), `${NARROW_NBSP}$1`),
  },
  {
    name: 'fr/nbsp/beforeColon',
    handler: (text: string) => text.replace(new RegExp(`${BREAKING}((?:${TAG})*)(?=:)`, 'g'), `${NBSP}$1`),
  },
  {
    name: 'fr/nbsp/insideGuillemets',
    handler: (text: string) =>
      text
        .replace(/«[ \t\r\n]*([\u00a0\u202f]?)[ \t\r\n]*/g, (_, kept: string) => `«${kept || NBSP}`)
        .replace(/[ \t\r\n]*([\u00a0\u202f]?)[ \t\r\n]*»/g, (_, kept: string) => `${kept || NBSP}»`),
  },
  {
    name: 'fr/nbsp/afterNumero',
    handler: (text: string) => text.replace(new RegExp(`(?<![\\p{L}\\d])([nN]°)((?:${TAG})*)${BREAKING}(?=\\S)`, 'gu'), `$1$2${NBSP}`),
  },
  {
    name: 'fr/nbsp/beforeMiddleDot',
    handler: (text: string) => text.replace(new RegExp(`${BREAKING}((?:${TAG})*)(?=·)`, 'g'), `${NBSP}$1`),
  },
];
for (const rule of RULES) Typograf.addRule(rule);

const typograf = new Typograf({
  locale: ['fr'],
  disableRule: '*',
  enableRule: [...RULES.map((rule) => rule.name), 'common/html/processingAttrs'],
  // Entities typograf decodes (&nbsp;, &#39;…) stay the characters they stand for: none is written back.
  htmlEntity: { type: 'default' },
});
typograf.setSetting('common/html/processingAttrs', 'attrs', ['alt', 'title', 'aria-label', 'placeholder', 'content']);

/**
 * A French text or HTML page with its no-break spaces before « : ; ! ? » and inside « ». Typograf writes
 * numeric entities back as characters: those of « " < & » are first written as the named entities it keeps,
 * so an attribute or a text never gains markup.
 */
export function frenchTypography(text: string): string {
  if (!/[:;!?«»°·]/.test(text)) return text;
  return typograf.execute(text.replace(/&#(?:34|x22);/gi, '&quot;').replace(/&#(?:60|x3c);/gi, '&lt;').replace(/&#(?:38|x26);/gi, '&amp;'));
}

/** An e-mail with its subject, text and HTML in French typography. */
export function frenchMail<T extends { subject: string; textBody: string; htmlBody: string }>(mail: T): T {
  return { ...mail, subject: frenchTypography(mail.subject), textBody: frenchTypography(mail.textBody), htmlBody: frenchTypography(mail.htmlBody) };
}
