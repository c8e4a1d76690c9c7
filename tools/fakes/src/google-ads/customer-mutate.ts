import type { FakeReply } from '../kit/fake-service.js';
import { type GoogleAdsErrorItem, googleAdsError, path } from './errors.js';
import type { MutateContext } from './mutate.js';
import { notFound, requiredError } from './mutate-errors.js';

/**
 * customers/{id}:mutate: a CustomerOperation `update` with its updateMask, as Google takes it for
 * the account's tracking_url_template (the other mutable fields are refused by this fake as immutable).
 */

const MUTABLE_CUSTOMER_FIELDS = new Set(['trackingUrlTemplate', 'finalUrlSuffix', 'autoTaggingEnabled']);

export function mutateCustomer(
  context: MutateContext,
  body: {
    operation?: { update?: { resourceName?: string; trackingUrlTemplate?: string }; updateMask?: string };
    validateOnly?: boolean;
  },
): FakeReply {
  const { state, customerId, version, requestId } = context;
  const fail = (error: GoogleAdsErrorItem) =>
    googleAdsError(version, 400, 'Request contains an invalid argument.', [error], requestId);
  const update = body.operation?.update;
  if (!update) return fail(requiredError(path(['operation'], ['update'])));
  if (!update.resourceName) return fail(requiredError(path(['operation'], ['update'], ['resource_name'])));
  if (update.resourceName !== `customers/${customerId}`)
    return fail(notFound(update.resourceName, path(['operation'], ['update'], ['resource_name'])));
  const mask = (body.operation?.updateMask ?? '')
    .split(',')
    .map((field) => field.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))
    .filter(Boolean);
  if (mask.length === 0)
    return fail({
      errorCode: { fieldMaskError: 'FIELD_MASK_MISSING' },
      message: 'The field mask must be present for update.',
      location: path(['operation'], ['update_mask']),
    });
  for (const field of mask) {
    if (!MUTABLE_CUSTOMER_FIELDS.has(field)) {
      return fail({
        errorCode: { fieldError: 'IMMUTABLE_FIELD' },
        message: 'The field cannot be modified.',
        trigger: { stringValue: field },
        location: path(['operation'], ['update_mask']),
      });
    }
  }
  const template = update.trackingUrlTemplate ?? '';
  if (mask.includes('trackingUrlTemplate') && template !== '') {
    if (!/^(https?:\/\/|\{lpurl\})/.test(template)) {
      return fail({
        errorCode: { urlFieldError: 'MISSING_PROTOCOL_IN_TRACKING_URL_TEMPLATE' },
        message: 'The tracking url template must start with a protocol or {lpurl}.',
        location: path(['operation'], ['update'], ['tracking_url_template']),
      });
    }
    if (!/\{(lpurl|unescapedlpurl|escapedlpurl|lpurl\+2|lpurl\+3)\}/.test(template)) {
      return fail({
        errorCode: { urlFieldError: 'MISSING_TRACKING_URL_TEMPLATE_TAG' },
        message: 'The tracking url template must contain at least one tag (e.g. {lpurl}).',
        location: path(['operation'], ['update'], ['tracking_url_template']),
      });
    }
  }
  const customer = state.customers.get(customerId);
  if (!body.validateOnly && customer && mask.includes('trackingUrlTemplate'))
    customer.trackingUrlTemplate = template === '' ? null : template;
  return {
    status: 200,
    body: body.validateOnly ? {} : { result: { resourceName: `customers/${customerId}` } },
  };
}
