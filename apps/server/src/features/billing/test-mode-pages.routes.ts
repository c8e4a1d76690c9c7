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

/** The TEST MODE pages' look: plain, readable, and unmistakably not a real payment page. */
const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:30rem;margin:1.5rem auto;padding:0 1rem;color:#1f2430}
.banner{background:#fde68a;border:2px solid #b45309;border-radius:8px;padding:.75rem;font-weight:700}
h1{font-size:1.4rem;margin:1.25rem 0 .5rem}ul{padding:0;list-style:none;margin:0 0 1rem}
li{padding:.5rem 0;border-bottom:1px solid #e3e6ec}
label{display:block;font-size:.9rem;margin-bottom:.25rem}input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #c5cad3;border-radius:6px}
.actions{display:flex;gap:.5rem;margin-top:.75rem}button{font-size:1rem;padding:.55rem 1.1rem;border-radius:6px;border:1px solid #1f5eff;cursor:pointer}
.pay{background:#1f5eff;color:#fff}.cancel{background:#fff;color:#1f5eff}.alert{color:#b91c1c;font-weight:600}
.done{text-align:center;padding:2rem 0;font-size:1.1rem}`;

function pageHtml(page: TestHostedPage, message: string | null): string {
  const title = page.type === 'collect_now' ? 'Pay the pending invoice' : 'Checkout';
  const lines = page.items.map((line) => `<li>${lineText(line.itemPriceId, line.quantity)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST MODE · Veracity ${title}</title><style>${PAGE_STYLE}</style></head>
<body>
<p class="banner" data-testid="test-mode-banner">TEST MODE: no card is charged. Pay with ${TEST_CARDS.success} (succeeds) or ${TEST_CARDS.declined} (declined).</p>
<h1>${title}</h1>
${lines ? `<ul data-testid="test-checkout-items">${lines}</ul>` : ''}
${message ? `<p role="alert" class="alert" data-testid="test-checkout-message">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${BUILTIN_PAGE_PATH}/${escapeHtml(page.id)}" id="pay">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" required data-testid="test-card-number">
</form>
<form method="post" action="${BUILTIN_PAGE_PATH}/${escapeHtml(page.id)}/cancel" id="cancel"></form>
<div class="actions">
<button type="submit" form="pay" class="pay" data-testid="test-checkout-pay">Pay</button>
<button type="submit" form="cancel" class="cancel" data-testid="test-checkout-cancel">Cancel</button>
</div>
</body></html>`;
}

/**
 * The end of a checkout shown in the dashboard's frame: the dashboard reads the outcome from this
 * page (same origin) and closes the frame, as Chargebee.js calls `success` or `close`. No script.
 */
function framedOutcomeHtml(page: TestHostedPage, state: 'succeeded' | 'cancelled'): string {
  const text = state === 'succeeded' ? 'Payment complete.' : 'Checkout cancelled.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TEST MODE · ${text}</title><style>${PAGE_STYLE}</style></head>
<body>
<main class="done" data-checkout-state="${state}" data-hosted-page-id="${escapeHtml(page.id)}"><p>${text}</p></main>
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
