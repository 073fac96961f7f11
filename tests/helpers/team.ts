/**
 * The world of a staff-account test file: a real BlobsServer (emptied of accounts before each test), the
 * owner as the actor, and ready-made invited or active accounts.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { getStore } from '@netlify/blobs';
import { activateAccount, addPasskey, inviteAccount, setPassword, type Passkey, type StaffAccount } from '../../netlify/lib/team/accounts.ts';
import { OWNER_ID } from '../../src/features/team/roles.ts';
import { Refusal } from '../../netlify/lib/http/refusal.ts';
import { storeNames } from '../../netlify/lib/storage/storage.ts';
import { TEST_SECRET } from './api.ts';
import { startTestBlobs, type TestBlobs } from './blobs.ts';

export const TEAM_OWNER = { id: OWNER_ID, name: 'admin' };
export const TEAM_ENV = { ADMIN_USERNAME: 'admin', AUTH_SECRET: TEST_SECRET };
/** A password the rule accepts for the test people. */
export const STRONG_PASSWORD = 'gommier-vanille-tambour-lagon';

/** Registers the hooks: a BlobsServer for the file, no account at the start of each test. Returns the server's operations so far. */
export function useTeamBlobs(): { readonly operations: TestBlobs['operations'] } {
  let blobs: TestBlobs;
  beforeAll(async () => {
    blobs = await startTestBlobs();
  });
  afterAll(() => blobs.stop());
  beforeEach(async () => {
    await getStore({ name: storeNames.team, consistency: 'strong' }).delete('equipe');
  });
  return {
    get operations() {
      return blobs.operations;
    },
  };
}

let keyNumber = 0;
/** A passkey record as the passkeys module stores it (the key material is not checked here). */
export const testPasskey = (name = 'Téléphone'): Passkey => ({
  id: `cle-${(keyNumber += 1)}`,
  publicKey: 'AQID',
  counter: 0,
  transports: ['internal'],
  name,
  createdAt: new Date().toISOString(),
});

/** An invited account of that role and address. */
export function invitedAccount(role: string, email: string, name = 'Marie Joseph'): Promise<StaffAccount> {
  return inviteAccount({ name, email, role, territories: ['martinique'] }, TEAM_OWNER, { env: TEAM_ENV });
}

/** An invited person who chose a password and enrolled a passkey, then activated. */
export async function activeAccount(role: string, email: string): Promise<StaffAccount> {
  const invited = await invitedAccount(role, email);
  await setPassword(invited.id, STRONG_PASSWORD);
  await addPasskey(invited.id, testPasskey());
  return activateAccount(invited.id);
}

/** The answer's code (the team's family: `etat`, `introuvable`…) and sentence a promise is refused with (fails when it is not refused). */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected a Refusal, got ${String(error)}`);
  return { code: error.answerCode, message: error.message };
}
