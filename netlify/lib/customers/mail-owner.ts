/**
 * The outbox's name for the e-mails of a customer person (the outbox keys e-mails `<owner>/<mail id>`):
 * apart from the e-mails' builder, so that the daily job and the erase find a person's e-mails without
 * loading it.
 */
export const customerMailOwner = (personId: string): string => `client-${personId}`;
