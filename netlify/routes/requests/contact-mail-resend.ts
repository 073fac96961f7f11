/**
 * POST /api/contact/{id}/mails/{mailId}/resend — « Renvoyer » in the admin (bearer token): puts one
 * e-mail of a request (`entreprise` or `visiteur`) back in the outbox and sends it now. Answers
 * { success: true, mail } with the e-mail's new status; 404 for an unknown request or e-mail, 409 while
 * it is being sent.
 */
import type { MailResendAnswer } from '../../../src/features/contact/request.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { isMailId, resendMail, summarise } from '../../lib/mail/outbox.ts';
import { isRequestId } from '../../lib/requests/requests.ts';
import { getVisibleRequest } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'contact-mail-resend',
  params: { id: 'mail_not_found', mailId: 'mail_not_found' },
  methods: {
    POST: {
      permission: 'mail.resend',
      handle: async ({ params: { id, mailId }, staff }) => {
        if (!isRequestId(id) || !isMailId(mailId)) return apiError('mail_not_found');
        if (!(await getVisibleRequest(staff, id))) return apiError('mail_not_found');
        const result = await resendMail(id, mailId);
        if (result === 'not_found') return apiError('mail_not_found');
        if (result === 'busy') return apiError('mail_busy');
        return json({ success: true, mail: summarise(result) } satisfies MailResendAnswer);
      },
    },
  },
});
