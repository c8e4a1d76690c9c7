import { z } from 'zod';
import type { BillingEvent } from '../../integrations/billing/billing-provider.js';

/**
 * A Chargebee webhook (API v2 event): `id`, `event_type` and the objects it concerns in `content`.
 * Only the ids are read; the subscription is then re-read from the provider.
 */
const zIdOnly = z.object({ id: z.string().max(100) }).loose();
export const zWebhookBody = z
  .object({
    id: z.string().min(1).max(100),
    event_type: z.string().min(1).max(80),
    content: z
      .object({
        subscription: zIdOnly.extend({ customer_id: z.string().max(100).optional() }).optional(),
        customer: zIdOnly.optional(),
        invoice: z
          .object({ subscription_id: z.string().max(100).optional() })
          .loose()
          .optional(),
        transaction: z
          .object({ subscription_id: z.string().max(100).optional() })
          .loose()
          .optional(),
      })
      .loose()
      .default({}),
  })
  .loose();

export function eventOfWebhook(body: z.infer<typeof zWebhookBody>): BillingEvent {
  const { content } = body;
  return {
    id: body.id,
    eventType: body.event_type,
    subscriptionId:
      content.subscription?.id ??
      content.invoice?.subscription_id ??
      content.transaction?.subscription_id ??
      null,
    customerId: content.customer?.id ?? content.subscription?.customer_id ?? null,
  };
}
