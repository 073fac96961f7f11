/**
 * The local servers of Netlify's emulation listen on this computer only. @netlify/dev starts a Blobs server
 * (@netlify/dev-utils' HTTPServer, behind `npm start`, `npm run dev` and `npm run cms`) that listens on every
 * interface, so the requests, devis and e-mails it stores would answer any machine of the network that
 * guessed its token. Here its `start` binds the loopback instead, and says so in the address it returns.
 * tests/unit/cms-browser.test.ts fails if an upgrade makes it listen elsewhere again.
 */
import { Server } from 'node:http';
import { HTTPServer } from '@netlify/dev-utils';

/** The loopback address every local server binds to unless told otherwise. */
export const LOOPBACK = '127.0.0.1';

const patched = Symbol('loopback');

/** Makes every later HTTPServer of the emulation listen on the loopback (once per process). */
export function keepEmulationOnLoopback() {
  if (HTTPServer.prototype[patched]) return;
  const start = HTTPServer.prototype.start;
  HTTPServer.prototype.start = function startOnLoopback(port) {
    // `start` calls listen(port, callback) synchronously, before its first await: the host is added to
    // that one call, and listen is given back at once.
    const listen = Server.prototype.listen;
    Server.prototype.listen = function listenOnLoopback(...args) {
      return typeof args[0] === 'number' && typeof args[1] === 'function' ? listen.call(this, args[0], LOOPBACK, args[1]) : listen.apply(this, args);
    };
    try {
      return start.call(this, port).then((url) => (this.url = url.replace('//localhost:', `//${LOOPBACK}:`)));
    } finally {
      Server.prototype.listen = listen;
    }
  };
  HTTPServer.prototype[patched] = true;
}
