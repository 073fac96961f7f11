/**
 * Where a push may go. A browser's push service is an HTTPS server on a public host (Google's, Mozilla's,
 * Apple's…), so a subscription is kept, and a push sent, only to an `https:` address whose host is a name
 * (never an address written out, never `localhost` nor a local name) and whose addresses are all public:
 * no loopback, private, link-local, shared or reserved network. The name is checked again where the
 * connection is made — the push's connection resolves it and refuses any address that is not public — so a
 * name pointed (or re-pointed) at an internal address after it was checked reaches nothing.
 *
 * The tests run a stand-in push service on the loopback: with PUSH_LOOPBACK_SERVICE=true, off Netlify only
 * (isNetlifyRuntime), `https://127.0.0.1:<port>` is accepted too. On Netlify the setting is ignored.
 */
import { lookup } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isNetlifyRuntime, serverEnv } from '../env.ts';

type Env = Record<string, string | undefined>;

/** The error code of a connection refused because the push service's name resolved to an address that is not public. */
export const PUSH_HOST_REFUSED = 'PUSH_HOST_REFUSED';

/** Local names no push service has (a host without a dot is one too). */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa)$/i;

/** Whether the stand-in push service on the loopback is accepted (the tests, off Netlify only). */
const loopbackAllowed = (env: Env): boolean => serverEnv(env).PUSH_LOOPBACK_SERVICE === 'true' && !isNetlifyRuntime(env);

/** Whether an address is public: ordinary unicast, not loopback, private, link-local, shared, reserved or a tunnel's. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Whether a push may be sent to this subscription's address (see the rules above). */
export function pushEndpointAllowed(endpoint: string, env: Env = process.env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return loopbackAllowed(env) && host === '127.0.0.1';
  return host.includes('.') && !LOCAL_NAME.test(host.replace(/\.$/, ''));
}

/**
 * The connections of pushes: the push service's name is resolved here and the connection refused (error
 * code PUSH_HOST_REFUSED) unless every address it resolves to is public (an address written out is never
 * resolved: pushEndpointAllowed refused it before, the tests' loopback stand-in aside). The certificates
 * trusted are the process's (the tests add their stand-in's).
 */
export function pushAgent(): https.Agent {
  const publicOnly: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || !addresses.every((one) => isPublicAddress(one.address))) {
        return callback(Object.assign(new Error(`${hostname} does not resolve to public addresses only`), { code: PUSH_HOST_REFUSED }), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new https.Agent({ ca: https.globalAgent.options.ca, lookup: publicOnly });
}
