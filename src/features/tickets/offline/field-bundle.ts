/**
 * GET /api/terrain/tickets: everything the phone keeps for reading, in one call — the tickets assigned to
 * the person and the open ones of their territories, each as the staff view (thread with internal notes,
 * figures, company, assignees, moves allowed), with the shop (name, address) and the equipment with its
 * documents; and the catalogue's references for the report's parts.
 */
import { API, apiPath } from '../../../lib/api-routes.ts';
import { z } from '../../../records/zod.ts';
import { shopSchema } from '../../customers/model';
import { spaceEquipmentSchema } from '../../space/answers';
import { staffTicketSchema } from '../staff';

/** The address of the bundle. */
export const FIELD_BUNDLE_API = apiPath(API.fieldTickets);

/** One kept ticket: the staff view, its shop, its equipment with documents. */
export const fieldTicketSchema = z.object({ view: staffTicketSchema, shop: shopSchema.nullable(), equipment: spaceEquipmentSchema.nullable() });
export type FieldTicket = z.infer<typeof fieldTicketSchema>;

export const fieldBundleAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    tickets: z.array(fieldTicketSchema),
    catalogue: z.array(z.object({ reference: z.string(), name: z.string() })),
    /** When the server made it (ISO). */
    at: z.string(),
  }),
});
export type FieldBundle = z.infer<typeof fieldBundleAnswerSchema>['data'];
