/**
 * The server's half of the lifetimes table (src/lib/lifetimes.ts): for each kind of record, the Blobs
 * stores that hold it and what erases it there. Every store the API writes is held by at least one row
 * (tests/unit/lifetimes.test.ts fails otherwise), so no record is kept without a rule. The daily job
 * (./retention.ts) runs the purges of these rows, once each, in the order of the table.
 */
import type { RecordKind } from '../../../src/lib/lifetimes.ts';
import { storeNames } from '../storage/storage.ts';

/** A store's name, as storage.ts lists them. */
export type StoreName = (typeof storeNames)[keyof typeof storeNames];

/** Where a kind of record lives, and the function that erases it (its idea's own, named for the reader). */
export interface RecordPlace {
  stores: readonly StoreName[];
  /** The function that erases it once its lifetime is over (or on request), `folder/file.ts › name`. */
  erasedBy: string;
}

const s = storeNames;

/** Every kind of record → its stores and its erase. */
export const RECORD_PLACES = {
  request: {
    stores: [s.requests, s.index, s.devis, s.devisIndex, s.devisDocuments, s.customerRequests, s.outbox, s.outboxDue],
    erasedBy: 'retention/retention.ts › purgeRequests (each through retention/erase.ts › eraseRequest: it erases records of requests, devis and mail)',
  },
  ticket: {
    stores: [s.tickets, s.ticketIndex, s.ticketPhotos, s.ticketReports, s.outbox, s.outboxDue],
    erasedBy: 'tickets/retention.ts › purgeTickets (each through eraseTicket)',
  },
  repair: {
    stores: [s.repairs, s.repairIndex, s.repairFiles, s.repairLoans, s.ticketPhotos, s.outbox, s.outboxDue],
    erasedBy: 'repairs/repair-retention.ts › purgeRepairs, eraseRepairsOfCompany (with the company)',
  },
  resolvedTicketGrace: { stores: [s.tickets, s.ticketIndex], erasedBy: 'tickets/retention.ts › purgeTickets (closes it)' },
  customerCompany: {
    stores: [s.customerCompanies, s.customerIndex, s.customerAddresses],
    erasedBy: 'retention/erase-company.ts › eraseCompany (staff)',
  },
  customerPerson: {
    stores: [s.customerCompanies, s.customerIndex, s.customerAddresses, s.customerSessions, s.customerPasskeys],
    erasedBy: 'customers/retention.ts › purgeCustomers (each through forgetPerson)',
  },
  customerSession: { stores: [s.customerSessions], erasedBy: 'customers/retention.ts › purgeCustomers' },
  customerSignInLink: { stores: [s.customerSignInLinks, s.outbox, s.outboxDue], erasedBy: 'customers/retention.ts › purgeCustomers' },
  customerInvitationLink: { stores: [s.customerSignInLinks, s.outbox, s.outboxDue], erasedBy: 'customers/retention.ts › purgeCustomers' },
  customerSignInCaps: { stores: [s.customerSignInCaps], erasedBy: 'customers/retention.ts › purgeCustomers' },
  passkeyChallenge: { stores: [s.passkeyChallenges, s.customerPasskeys], erasedBy: 'team/retention.ts › purgeTeam, customers/retention.ts › purgeCustomers' },
  staffAccount: { stores: [s.team], erasedBy: 'team/accounts.ts › removeAccount (an administrator)' },
  staffInvitation: { stores: [s.invitations, s.outbox, s.outboxDue], erasedBy: 'team/retention.ts › purgeTeam' },
  staffSession: { stores: [s.revokedTokens], erasedBy: 'auth/retention.ts › purgeAuth' },
  secondFactorStep: { stores: [s.revokedTokens], erasedBy: 'auth/retention.ts › purgeAuth' },
  loginThrottle: { stores: [s.loginThrottle], erasedBy: 'auth/retention.ts › purgeAuth' },
  accountFailures: { stores: [s.loginThrottle], erasedBy: 'auth/retention.ts › purgeAuth' },
  abuseCaps: { stores: [s.caps], erasedBy: 'storage/caps.ts › purgeCaps' },
  pushSubscription: { stores: [s.pushSubscriptions], erasedBy: 'push/subscriptions.ts › eraseSubscriptionsOf (sessions ended, account disabled), push/push-delivery.ts (404/410)' },
  onCallRota: { stores: [s.onCallRota], erasedBy: 'push/rota.ts › removeFromRotas (account disabled), an administrator' },
  journal: { stores: [s.journal], erasedBy: 'team/retention.ts › purgeTeam' },
  idempotencyKey: { stores: [s.idempotency], erasedBy: 'storage/idempotency.ts › purgeIdempotencyKeys' },
  acknowledgementCaps: { stores: [s.acknowledgementCaps], erasedBy: 'retention/retention.ts › purgeRequests' },
  writeIntent: {
    stores: [s.intents, s.ticketIntents, s.devisIntents, s.repairIntents, s.idempotency],
    erasedBy: 'the repair passes: requests/submit.ts, tickets/tickets.ts, devis/devis-completion.ts, repairs/repairs.ts',
  },
  mailRetries: { stores: [s.outbox, s.outboxDue], erasedBy: 'mail/outbox.ts › eraseMails, with what the e-mail belongs to' },
  counters: { stores: [s.references, s.health], erasedBy: 'nothing: a number per kind and year, and the health probe (overwritten)' },
} as const satisfies Record<RecordKind, RecordPlace>;
