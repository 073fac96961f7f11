/**
 * Whether two addresses reach the same mailbox — the one rule for « is this person staff or a customer? »,
 * wherever an identity of the team meets one of the customers' space. Addresses are compared:
 * - without case, and without the blanks around them;
 * - without a `+tag` after the local part: `prenom.nom+x@domaine.fr` is delivered to `prenom.nom@domaine.fr`
 *   by every large provider (Gmail, Outlook, iCloud, Fastmail, Proton, Microsoft 365 and Google Workspace
 *   domains such as ours);
 * - for Gmail only (gmail.com, googlemail.com), without the dots of the local part, which Gmail ignores.
 *   Elsewhere a dot makes another mailbox (`jean.marc@` and `jeanmarc@` are two people at most providers),
 *   so dots count.
 * The stored address stays as it was typed: this only says when two of them are one mailbox.
 */

/** The domains whose mailboxes ignore the dots of the local part, and the name they are compared under. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** The mailbox an address is delivered to (see above): `local@domain`, reduced. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).split('+')[0]!;
  let domain = address.slice(at + 1).replace(/\.$/, '');
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local || address.slice(0, at)}@${domain}`;
}

/** Whether two addresses are one mailbox. */
export const sameMailbox = (a: string, b: string): boolean => mailboxOf(a) === mailboxOf(b);
