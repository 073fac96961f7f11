/**
 * A page's Content-Security-Policy <meta> with only its own hashes. Astro writes into every page the hashes of
 * every inline script and style of the whole site (about fifty once the layouts' sheets are inlined: 3 KB that
 * gzip cannot shrink, a fifth of a page's first round trip). A page needs only those of the scripts and styles
 * it holds; every other source of the policy ('self', 'wasm-unsafe-eval', a host…) stays as it is.
 */
import { createHash } from 'node:crypto';

const POLICY = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const INLINE = /<(script|style)\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/\1>/gi;

const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page with its policy's script and style hashes cut down to those of its own inline elements. */
export function ownPolicyHashes(html: string): string {
  const policy = POLICY.exec(html);
  if (!policy) return html;
  const present = new Set([...html.matchAll(INLINE)].map((match) => hashOf(match[2]!)));
  const directives = policy[2]!.split(';').map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name !== 'script-src' && name !== 'style-src') return directive;
    return [name, ...sources.filter((source) => !source.startsWith("'sha256-") || present.has(source))].join(' ');
  });
  return html.replace(POLICY, (_, before: string, _content: string, after: string) => `${before}${directives.join(';')}${after}`);
}
