/**
 * POST /api/tickets/{id}/messages — multipart form: `kind` (`reponse`: to the customer, e-mailed to the
 * people who follow the ticket; `note`: internal, never shown nor e-mailed to the customer), `text`, and up
 * to 5 photos (field `photos`; checked and re-encoded on the server), and optionally `idempotencyKey` (a
 * UUID: a message sent again with the key of one already in the thread is not added twice, its photos not
 * kept twice; the answer is then the ticket as it is; the key with another message, or the key of another
 * change of the ticket: 422, nothing kept), and optionally `seenAssignee` (who held the ticket
 * when the phone wrote it, empty for nobody: see seenAssigneeSchema). 201 with the ticket as the staff's view shows it. 400/413/415 with a French sentence for a bad form or photo (nothing kept), 404 for an
 * unknown id or another territory's ticket, 409 for a reply to a closed ticket or a ticket given to someone else since.
 */
import { createHash } from 'node:crypto';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError } from '../../lib/http/http.ts';
import { acceptPhotos } from '../../lib/tickets/photos.ts';
import { addStaffMessage, changeKeyOf, getVisibleTicket, heldElsewhere, invalidBody, messageBy, staffAnswer } from '../../lib/tickets/staff-tickets.ts';
import { readTicketForm } from '../../lib/tickets/ticket-form.ts';
import { replayOf } from '../../lib/tickets/tickets.ts';
import { staffMessageSchema } from '../../../src/features/tickets/staff.ts';

export default endpoint({
  name: 'ticket-staff-messages',
  params: { id: 'ticket_not_found' },
  methods: {
    POST: {
      permission: 'tickets.write',
      input: staffMessageSchema,
      handle: async ({ request, params, staff, context }) => {
        const ticket = await getVisibleTicket(staff, params.id);
        if (!ticket) return apiError('ticket_not_found');
        const read = await readTicketForm(request);
        if (!read.ok) return read.response;
        const parsed = staffMessageSchema.safeParse(read.form.fields);
        if (!parsed.success) return invalidBody(parsed.error);
        const { seenAssignee } = parsed.data;
        // The photos sent are part of what the key stands for, by their content.
        const changeKey = changeKeyOf(request, parsed.data, read.form.photos.map((photo) => createHash('sha256').update(photo.bytes).digest('hex')));
        const replay = replayOf(ticket, changeKey);
        if (replay) return staffAnswer(replay, 201);
        // Refused before its photos are kept (the write checks again, against the ticket as it is then).
        const reassigned = heldElsewhere(ticket, staff!, seenAssignee);
        if (reassigned) return staffAnswer(reassigned);
        const photos = await acceptPhotos(params.id, read.form.photos);
        if (!photos.ok) return photos.response;
        const now = new Date();
        const message = messageBy(staff, parsed.data.kind, parsed.data.text, photos.photos, now);
        return staffAnswer(await addStaffMessage(staff, params.id, message, { now, seenAssignee, waitUntil: context?.waitUntil?.bind(context), ...(changeKey ? { changeKey } : {}) }), 201);
      },
    },
  },
});
