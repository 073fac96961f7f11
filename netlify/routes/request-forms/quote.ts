/**
 * POST /api/quote — a quote request from the store cart: its lines re-priced from the
 * catalogue for the delivery territory it names (its VAT; the client's prices and message are ignored),
 * stored as a contact request with the fixed subject and deadline (once per idempotency key), then its
 * two e-mails are sent. Answers { success: true, id, reference }.
 */
import { quoteSchema } from '../../../src/features/contact/schema.ts';
import { QUOTE_DELAI, QUOTE_SUBJECT, priceQuoteItems, quoteMessage } from '../../../src/features/quote/quote.ts';
import { catalogueLookup } from '../../lib/catalogue/catalogue.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { API_ERRORS } from '../../lib/http/errors.ts';
import { submitHandler } from '../../lib/requests/submit.ts';

const submit = submitHandler({
  name: 'quote',
  schema: quoteSchema,
  toRequest: async (data) => {
    const { items, territory, ...customer } = data;
    const priced = priceQuoteItems(items, await catalogueLookup(items.map((item) => item.id)), territory);
    if (!priced.ok) {
      return {
        success: false,
        error: API_ERRORS.quote_products_unknown.message,
        fields: { items: `Produits inconnus : ${priced.unknownIds.join(', ')}.` },
      };
    }
    return {
      request: { kind: 'devis', ...customer, territory, subject: QUOTE_SUBJECT, delai: QUOTE_DELAI, message: quoteMessage(customer, priced) },
      quote: { lines: priced.lines, totals: priced.totals },
    };
  },
});

export default endpoint({
  name: 'quote',
  methods: { POST: { permission: 'public', input: quoteSchema, handle: ({ request, context }) => submit(request, context) } },
});
