/**
 * Points the server library (netlify/lib) at Netlify Blobs from a script: the production site's when
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (Netlify's API), else the local data of `npm start`
 * (<projectRoot>/.netlify/blobs-serve, the folder @netlify/dev serves its Blobs from), through a
 * BlobsServer of our own on the same folder.
 */
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/** The site id @netlify/dev gives a project that is not linked to a Netlify site. */
const LOCAL_SITE_ID = '0';

/**
 * Connects to the Blobs; resolves to where they are and how to let go.
 * @param {string} projectRoot
 * @returns {Promise<{ where: string, close: () => Promise<void> }>}
 */
export async function connectBlobs(projectRoot) {
  const siteID = process.env.NETLIFY_SITE_ID?.trim();
  const token = process.env.NETLIFY_AUTH_TOKEN?.trim();
  if (siteID && token) {
    setEnvironmentContext({ siteID, token });
    return { where: `site Netlify ${siteID}`, close: async () => {} };
  }
  const directory = join(projectRoot, '.netlify', 'blobs-serve');
  const localToken = randomUUID();
  const server = new BlobsServer({ directory, token: localToken });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: LOCAL_SITE_ID, token: localToken });
  return { where: directory, close: () => server.stop() };
}
