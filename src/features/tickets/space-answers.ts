/**
 * The answers of the space's tickets API (GET/POST /api/espace-client/tickets, …/tickets/:id, its messages
 * and « Rouvrir »), one schema each, for the functions and the tests. A customer never reads an internal
 * note, an assignment or who follows the ticket: their ticket is `customerTicketSchema`.
 */
import { z } from '../../records/zod.ts';
import { territoryIdSchema } from '../customers/model';
import { customerTicketSchema, ticketImpactSchema, ticketStateSchema } from './model';

/** A row of « Mes tickets ». */
export const spaceTicketRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  state: ticketStateSchema,
  impact: ticketImpactSchema,
  model: z.string(),
  /** Its territory: its times are written in that territory's local time. */
  territory: territoryIdSchema,
  openedAt: z.string(),
  updatedAt: z.string(),
  /** What happens next (« En attente de votre réponse »…). */
  next: z.string(),
});
export type SpaceTicketRow = z.infer<typeof spaceTicketRowSchema>;

/** What « Déclarer une panne » offers: the company's equipment and shops, and the person's phone. */
export const spaceTicketChoicesSchema = z.object({
  equipment: z.array(z.object({ id: z.string(), model: z.string(), serial: z.string(), shopId: z.string().nullable() })),
  shops: z.array(z.object({ id: z.string(), name: z.string() })),
  phone: z.string(),
});
export type SpaceTicketChoices = z.infer<typeof spaceTicketChoicesSchema>;

/** GET /api/espace-client/tickets: the company's tickets (open first, then newest) and the form's choices. */
export const spaceTicketListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ tickets: z.array(spaceTicketRowSchema), choices: spaceTicketChoicesSchema }),
});
export type SpaceTicketListAnswer = z.infer<typeof spaceTicketListAnswerSchema>;

/** A ticket's page: the customer's view, what happens next, and until when « Rouvrir » is offered. */
export const spaceTicketSchema = customerTicketSchema.extend({
  next: z.string(),
  /** Until when it may be reopened (ISO), or null. */
  reopenUntil: z.string().nullable(),
  canReopen: z.boolean(),
  /** Until when it is to be taken in charge (ISO), while nobody has taken it; else null. */
  takeInChargeBy: z.string().nullable(),
  /** What the page says before the office's phone: the urgency promise while the office is open, what happens then while it is closed. */
  urgency: z.string(),
});
export type SpaceTicket = z.infer<typeof spaceTicketSchema>;

/** GET …/tickets/:id, POST …/messages, POST …/rouvrir; POST …/tickets answers it with 201. */
export const spaceTicketAnswerSchema = z.object({ success: z.literal(true), data: spaceTicketSchema });
export type SpaceTicketAnswer = z.infer<typeof spaceTicketAnswerSchema>;
