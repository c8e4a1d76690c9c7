import {
  type BillingCurrency,
  type BillingFrequency,
  PLAN_CATALOGUE,
  parseItemPriceId,
  VISITS_ADDON,
} from '@veracity/contracts/billing';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  BUILTIN_PAGE_PATH,
  type BuiltinBillingProvider,
  TEST_CARDS,
  type TestHostedPage,
} from '../../integrations/billing/builtin-provider.js';

/**
 * The built-in provider's hosted checkout page (issue 37), served by Veracity outside /api: a card
 * form marked TEST MODE. The test cards decide: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
 * declined. Paying sends the provider's events to the billing handler, then returns the buyer to the
 * page's redirect URL with `id` and `state`, as Chargebee's hosted pages do.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number, currency: BillingCurrency): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

function lineText(itemPriceId: string, quantity: number): string {
  const parsed = parseItemPriceId(itemPriceId);
  if (!parsed) return escapeHtml(itemPriceId);
  const { item, currency, frequency } = parsed;
  const unit =
    item === 'visits-addon'
      ? VISITS_ADDON.prices[currency][frequency]
      : (PLAN_CATALOGUE[item].prices?.[currency][frequency] ?? 0);
  const name =
    item === 'visits-addon'
      ? `Visits add-on (${VISITS_ADDON.visits.toLocaleString('en')} visits)`
      : `${item[0]?.toUpperCase()}${item.slice(1)} plan`;
  const per: Record<BillingFrequency, string> = { monthly: 'month', yearly: 'year' };
  return `${escapeHtml(name)} × ${quantity}: ${money(unit * quantity, currency)} a ${per[frequency]}`;
}

function pageHtml(page: TestHostedPage, message: string | null): string {
  const title = page.type === 'collect_now' ? 'Pay the pending invoice' : 'Checkout';
  const lines = page.items.map((line) => `<li>${lineText(line.itemPriceId, line.quantity)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST MODE · Veracity ${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<p data-testid="test-mode-banner" style="background:#fde68a;border:2px solid #b45309;padding:.75rem;font-weight:700">
TEST MODE: no card is charged. Pay with ${TEST_CARDS.success} (succeeds) or ${TEST_CARDS.declined} (declined).</p>
<h1>${title}</h1>
${lines ? `<ul data-testid="test-checkout-items">${lines}</ul>` : ''}
${message ? `<p role="alert" data-testid="test-checkout-message" style="color:#b91c1c">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${BUILTIN_PAGE_PATH}/${escapeHtml(page.id)}">
<label>Card number <input name="card" inputmode="numeric" autocomplete="off" required data-testid="test-card-number"></label>
<button type="submit" data-testid="test-checkout-pay">Pay</button>
</form>
<form method="post" action="${BUILTIN_PAGE_PATH}/${escapeHtml(page.id)}/cancel">
<button type="submit" data-testid="test-checkout-cancel">Cancel</button>
</form>
</body></html>`;
}

/**
 * The end of a checkout shown in the dashboard's frame: the dashboard reads the outcome from this
 * page (same origin) and closes the frame, as Chargebee.js calls `success` or `close`. No script.
 */
function framedOutcomeHtml(page: TestHostedPage, state: 'succeeded' | 'cancelled'): string {
  const text = state === 'succeeded' ? 'Payment complete.' : 'Checkout cancelled.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TEST MODE · ${text}</title></head>
<body style="font-family: system-ui, sans-serif; text-align: center; padding: 2rem">
<main data-checkout-state="${state}" data-hosted-page-id="${escapeHtml(page.id)}"><p>${text}</p></main>
</body></html>`;
}

/**
 * Back to the page's redirect URL with `id` and `state`, as Chargebee's hosted pages do; inside the
 * dashboard's frame (`Sec-Fetch-Dest: iframe`), the outcome page above, since the dashboard's own
 * pages refuse to be framed.
 */
function back(
  request: FastifyRequest,
  reply: FastifyReply,
  page: TestHostedPage,
  state: 'succeeded' | 'cancelled',
) {
  if (request.headers['sec-fetch-dest'] === 'iframe') {
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(framedOutcomeHtml(page, state));
  }
  const url = new URL(page.redirect_url);
  url.searchParams.set('id', page.id);
  url.searchParams.set('state', state);
  return reply.redirect(url.toString(), 303);
}

const DECLINED = 'Your card was declined.';
const UNKNOWN_CARD = `TEST MODE takes the test cards only: ${TEST_CARDS.success} or ${TEST_CARDS.declined}.`;

export const testModePagesRoutes =
  (provider: BuiltinBillingProvider): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    // The dashboard may show the page in a frame of its own, as Chargebee.js shows Chargebee's: this
    // page alone lets the dashboard's origin frame it.
    app.addHook('onSend', async (_request, reply, payload) => {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      }
      reply.header('x-frame-options', 'SAMEORIGIN');
      return payload;
    });
    const html = (reply: FastifyReply, status: number, text: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(text);
    const closed = (reply: FastifyReply) =>
      html(reply, 410, '<!doctype html><p>This checkout page is closed.</p>');

    app.get<{ Params: { id: string } }>(`${BUILTIN_PAGE_PATH}/:id`, async (request, reply) => {
      const page = await provider.testPage(request.params.id);
      if (!page || !(page.state === 'created' || page.state === 'requested')) return closed(reply);
      await provider.markRequested(page.id);
      return html(reply, 200, pageHtml(page, null));
    });

    app.post<{ Params: { id: string }; Body: { card?: string } }>(
      `${BUILTIN_PAGE_PATH}/:id`,
      async (request, reply) => {
        const page = await provider.testPage(request.params.id);
        if (!page) return closed(reply);
        const outcome = await provider.pay(page.id, String(request.body?.card ?? ''));
        if (outcome === 'paid') return back(request, reply, page, 'succeeded');
        if (outcome === 'closed') return closed(reply);
        return html(reply, 402, pageHtml(page, outcome === 'declined' ? DECLINED : UNKNOWN_CARD));
      },
    );

    app.post<{ Params: { id: string } }>(`${BUILTIN_PAGE_PATH}/:id/cancel`, async (request, reply) => {
      const page = await provider.testPage(request.params.id);
      if (!page) return closed(reply);
      await provider.cancel(page.id);
      return back(request, reply, page, 'cancelled');
    });
  };
