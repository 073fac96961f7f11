/**
 * What every public form submission does once validated: store the request first, then send the
 * notification and record its outcome. A mail failure never loses the request.
 */
import { sendNotification } from './mail.ts';
import { createRequest, setMailStatus, type ContactRequest, type NewRequest } from './requests.ts';

/** Stores a request, then notifies the company; returns the stored request with its mail status. */
export async function submitRequest(input: NewRequest): Promise<ContactRequest> {
  const created = await createRequest(input);
  const { request } = created;
  const mailStatus = await sendNotification(request);
  try {
    const updated = await setMailStatus(request.id, mailStatus, created);
    if (typeof updated === 'object') return updated;
  } catch (error) {
    // The request is stored; only the bookkeeping of its mail failed.
    console.error(`submit: could not record the mail status of request ${request.id}`, error);
  }
  return { ...request, mail_status: mailStatus };
}
