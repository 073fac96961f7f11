/**
 * The world of a function test file: a real BlobsServer, the local stand-in for Postmark's API, the test
 * environment variables (reset before each test, Postmark answering again) and an administrator's token.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import login from '../../netlify/routes/staff-sign-in/auth-login.ts';
import { TEST_ADMIN, call, setTestEnv } from './api';
import { startTestBlobs, type TestBlobs } from './blobs';
import { startTestPostmark, type TestPostmark } from './postmark';

export interface ApiTestEnvironment {
  /** A bearer token of the administrator. */
  readonly token: string;
  readonly postmark: TestPostmark;
  /** The Blobs operations answered so far (to count those of one call). */
  readonly blobOperations: TestBlobs['operations'];
}

/** Registers the hooks of the file; read `token` and `postmark` from the result inside tests. */
export function useApiTestEnvironment(): ApiTestEnvironment {
  let blobs: TestBlobs;
  let postmark: TestPostmark;
  let token = '';
  beforeAll(async () => {
    blobs = await startTestBlobs();
    postmark = await startTestPostmark();
    setTestEnv(postmark.url);
    token = (await call(login, '/api/auth/login', { body: TEST_ADMIN })).body.token;
  });
  afterAll(async () => {
    await postmark.stop();
    await blobs.stop();
  });
  beforeEach(() => {
    setTestEnv(postmark.url);
    postmark.failing = false;
  });
  return {
    get token() {
      return token;
    },
    get postmark() {
      return postmark;
    },
    get blobOperations() {
      return blobs.operations;
    },
  };
}
