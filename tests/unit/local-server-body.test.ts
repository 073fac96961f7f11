/**
 * The local server refuses a request body larger than any function takes before the emulation reads it
 * (scripts/lib/site-server.mjs): its limit is the ticket form's, the largest body a function accepts.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_BODY_MAX_BYTES } from '../../scripts/lib/site-server.mjs';
import { TICKET_FORM_MAX_BYTES } from '../../netlify/lib/tickets/ticket-form.ts';

describe('the local server’s body limit', () => {
  it('is the largest body a function takes (the ticket form’s), under the attack review’s 60 MB', () => {
    expect(LOCAL_BODY_MAX_BYTES).toBe(TICKET_FORM_MAX_BYTES);
    expect(LOCAL_BODY_MAX_BYTES).toBeLessThan(60 * 1024 * 1024);
  });
});
