/**
 * Staff inviting a person of a company to the space: a sign-in link valid 48 hours, e-mailed through the
 * outbox with the invitation's words and the name of who invites, and a journal line saying who invited
 * whom. The line names the person, not their address: the journal is kept a year, and the address of an
 * invitation lives only as long as its link (its e-mail leaves the outbox then, src/lib/lifetimes.ts), so
 * it lives in the outbox, never in the journal. The link is the same kind as the one the sign-in page
 * sends: it serves once. Only staff who change
 * the company (its territory is theirs, or their role has every territory) invite its people.
 */
import { worksIn, type StaffMember } from '../auth/permissions.ts';
import { apiError, json } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { recordEvent } from '../team/journal.ts';
import { getCompany, saveCompany } from './companies.ts';
import { sendSignInLinkMail } from './sign-in-mail.ts';
import { createSignInLink } from './sign-in-links.ts';

/** Sends the invitation; answers { success, data: { email, expiresAt } }, or 404 for an unknown company or person. */
export async function inviteCustomer(staff: StaffMember, companyId: string, personId: string, now = new Date()): Promise<Response> {
  const company = await getCompany(companyId);
  if (!company) return apiError('company_not_found');
  if (!worksIn(staff, company.territory)) return apiError('company_other_territory');
  const person = company.people.find((candidate) => candidate.id === personId);
  if (!person) return apiError('person_not_found');
  const { token, expiresAt } = await createSignInLink(company, person, 'invitation', now);
  // Never signed in, a person's lifetime counts from their last invitation (src/lib/lifetimes.ts).
  await saveCompany(
    company.id,
    (current) => current && { ...current, people: current.people.map((candidate) => (candidate.id === person.id ? { ...candidate, invitedAt: now.toISOString() } : candidate)) },
    now,
  );
  // The owner's account is named by its sign-in name only: its invitation comes from the company.
  await sendSignInLinkMail({ company, person, token, expiresAt, purpose: 'invitation', address: siteAddress(), invitedBy: staff.isOwner ? undefined : staff.name }, { now });
  await recordEvent(
    {
      action: 'compte',
      actor: { id: staff.id, name: staff.name },
      subject: { kind: 'client', id: person.id, label: `${person.name} (${company.name})` },
      detail: 'Invitation à l’espace client envoyée',
      territory: company.territory,
    },
    { now },
  );
  return json({ success: true, data: { email: person.email, expiresAt } });
}
