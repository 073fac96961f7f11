/**
 * /api/equipe (administrators: team.manage) — GET: the team, the owner first, { success: true, data };
 * POST « Inviter une personne » { name, email, role, territories }: a new invited account, its one-use
 * link (48 h) e-mailed through the outbox and given in the answer so the administrator can copy it,
 * { success: true, data: account, link, expiresAt }; recorded in the journal. 400/409 with the French
 * sentence of a bad or taken value.
 */
import { invitationInputSchema } from '../../../src/features/team/account-schema.ts';
import { invitationLink } from '../../../src/features/team/team-paths.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { json } from '../../lib/http/http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import { findPersonByMailbox } from '../../lib/customers/companies.ts';
import { accountView, inviteAccount } from '../../lib/team/accounts.ts';
import { sendInvitationMail } from '../../lib/team/invitation-mail.ts';
import { createInvitation } from '../../lib/team/invitations.ts';
import { recordAccountChange } from '../../lib/team/journal.ts';
import { actorOf, teamList } from '../../lib/team/team-http.ts';

export default endpoint({
  name: 'team',
  methods: {
    GET: {
      permission: 'team.manage',
      handle: async () => json({ success: true, data: await teamList() }),
    },
    POST: {
      permission: 'team.manage',
      input: invitationInputSchema,
      handle: async ({ request, staff, body }) => {
        const read = await body();
        if (!read.ok) return read.response;
        const actor = actorOf(staff);
        const invited = await inviteAccount(read.body, actor, { isCustomerAddress: async (email) => (await findPersonByMailbox(email)) !== undefined });
        await recordAccountChange(invited);
        const { token, expiresAt } = await createInvitation(invited.id, actor);
        const link = invitationLink(siteAddress(), token);
        await sendInvitationMail(invited, link, expiresAt, actor);
        return json({ success: true, data: accountView(invited), link, expiresAt });
      },
    },
  },
});
