/**
 * Business constants, imported by pages, islands and functions alike. Durations of records are in the
 * lifetimes table (./lifetimes.ts), not here: every public page loads this module.
 */

/** Currency of every price. */
export const CURRENCY = 'EUR';

/** Products per category page. */
export const PAGE_SIZE = 12;
/** Products in the store home's featured section (the first of the catalogue). */
export const FEATURED_COUNT = 8;
/** Similar products on a product page (same category). */
export const SIMILAR_COUNT = 4;
/** Quantity input bounds on a product page. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10;

/** Shipping is free when the subtotal excluding tax is over this amount, in cents. */
export const FREE_SHIPPING_OVER_CENTS = 100_00;
/** Shipping excluding tax below the threshold, in cents. */
export const SHIPPING_CENTS = 15_90;

/** Home slider interval. */
export const SLIDER_INTERVAL_MS = 5000;
/** Delay before the quote dialog closes after a success. */
export const QUOTE_CLOSE_DELAY_MS = 2000;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  cart: 'visionstore-cart',
  /** The visitor's delivery territory (VAT of the store's TTC prices). */
  territory: 'visionstore-territoire',
  adminToken: 'admin_token',
  adminLoginTime: 'admin_login_time',
  /** The technicians' app's IndexedDB database (the kept tickets and the queue), erased when a staff session ends. */
  fieldDatabase: 'vision-caraibes-interventions',
} as const;

/** Public URL of the site when SITE_URL is not set (canonical links, sitemap, social cards). */
export const DEFAULT_SITE_URL = 'https://www.vision-caraibes.fr';
/** Statuses of a request: their one table is ./statuses.ts. */
export { REQUEST_STATUSES } from './statuses.ts';

/** Largest JSON body the API accepts; more gets 413. */
export const API_BODY_LIMIT_BYTES = 32 * 1024;
/** Password checks for one username from one address within the window; the next tries answer 429. */
export const LOGIN_MAX_FAILURES = 5;
/** Password checks from one address across usernames within the window (a higher cap). */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Failures of one account (its username), from any address, before each next check of it waits a delay
 * doubling from 1 s: the per-account slowdown. More than one address's own cap, so one locked attacker
 * alone never slows the person; and a known device of the account (auth/known-device.ts) never waits it,
 * so a crowd of addresses cannot keep a person out of their own account either.
 */
export const LOGIN_USERNAME_FREE_FAILURES = 10;
/** The longest that delay gets. */
export const LOGIN_USERNAME_MAX_DELAY_MS = 15 * 60 * 1000;
/** How far a token's issue time may be ahead of this server's clock (clocks of two servers differ slightly). */
export const TOKEN_CLOCK_TOLERANCE_S = 30;
/** Items a quote request may carry. */
export const QUOTE_MAX_ITEMS = 100;
/** Requests on one page of the admin list, unless the call asks for another size. */
export const INBOX_PAGE_SIZE = 50;
/** The most requests one page of the admin list may hold. */
export const INBOX_PAGE_MAX = 100;
/** How long the inbox waits for a page of its list before it shows an error and « Réessayer ». */
export const INBOX_LOAD_TIMEOUT_MS = 20_000;
/** Longest search text the admin list accepts. */
export const INBOX_SEARCH_MAX_LENGTH = 200;
/** About how many characters of its message a request keeps in the admin list (the whole message is in the request view). */
export const INBOX_EXCERPT_LENGTH = 200;
/** Longest internal note. */
export const NOTE_MAX_LENGTH = 2000;
/**
 * A second, non-secret cookie set beside the customers' session (whose cookie the page's scripts cannot read):
 * « 1 » while a session is open on this device, so that public pages ask who is signed in only then.
 */
export const CUSTOMER_PRESENT_COOKIE = 'vc_espace_client_present';

/** The customers' session cookie (HttpOnly: the page's scripts never read it), named in the privacy policy. */
export const CUSTOMER_COOKIE = 'vc_espace_client';
