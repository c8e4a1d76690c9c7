import { describe, expect, it } from 'vitest';
import { ApiError, type HttpMethod } from './api-client';
import { describeApiError, describeErrorItem, ERROR_ROUTES, errorBodyMessages } from './api-errors';

function httpError(status: number, body?: unknown, method: HttpMethod = 'GET', url = '/api/anything') {
  return new ApiError({ failure: 'http', status, body, method, url });
}

function messagesOf(outcome: ReturnType<typeof describeApiError>): string[] {
  if (outcome.kind !== 'message') throw new Error(`expected a message, got ${outcome.kind}`);
  return outcome.messages;
}

const NO_RESPONSE = 'An error occurred. Please reload the page.';

describe('describeApiError: no response', () => {
  it('reads network failures, timeouts and unknown exceptions as "reload the page"', () => {
    const network = new ApiError({ failure: 'network', status: null, method: 'GET', url: '/api/me' });
    const timeout = new ApiError({ failure: 'timeout', status: null, method: 'GET', url: '/api/me' });
    expect(describeApiError(network)).toEqual({ kind: 'message', level: 'error', messages: [NO_RESPONSE] });
    expect(messagesOf(describeApiError(timeout))).toEqual([NO_RESPONSE]);
    expect(messagesOf(describeApiError(new TypeError('Failed to fetch')))).toEqual([NO_RESPONSE]);
  });
});

describe('describeApiError: 400 and 409', () => {
  it('shows a string body as it is', () => {
    expect(messagesOf(describeApiError(httpError(400, 'Offer name taken')))).toEqual(['Offer name taken']);
    expect(messagesOf(describeApiError(httpError(409, 'Already linked')))).toEqual(['Already linked']);
  });

  it('builds one message per item', () => {
    const body = [
      { code: 'REQUIRED', field: 'email' },
      { code: 'NOT_VALID', field: 'domain' },
      { code: 'MIN_VALUE', field: 'threshold', value: 0.01 },
      { code: 'MIN_LENGTH', field: 'password', value: 6 },
      { code: 'USER_INACTIVE' },
      { code: 'USER_ALREADY_EXISTS', field: 'email' },
      { code: 'CURRENT_PASSWORD_NOT_MATCH', field: 'currentPassword' },
      { code: 'INVALID_HIT', field: 'hitId' },
    ];
    expect(messagesOf(describeApiError(httpError(400, body)))).toEqual([
      'email is a required field.',
      'Value of domain is invalid.',
      'threshold field requires a minimum value of 0.01.',
      'password field requires a minimum length of 6.',
      'The user is inactive.',
      'The user already exists.',
      'The passwords do not match.',
      'Invalid hit id',
    ]);
    expect(messagesOf(describeApiError(httpError(409, [{ code: 'USER_ALREADY_EXISTS' }])))).toEqual([
      'The user already exists.',
    ]);
  });

  it('gives sensible texts for the remaining contract codes', () => {
    expect(describeErrorItem({ code: 'MAX_VALUE', field: 'threshold', value: 100 })).toBe(
      'threshold field allows a maximum value of 100.',
    );
    expect(describeErrorItem({ code: 'MAX_LENGTH', field: 'name', value: 80 })).toBe(
      'name field allows a maximum length of 80.',
    );
    expect(describeErrorItem({ code: 'BUSINESS_EMAIL_REQUIRED', field: 'email' })).toBe(
      'Please enter a valid business email',
    );
    expect(describeErrorItem({ code: 'ALREADY_EXISTS', field: 'name' })).toBe('name already exists.');
    expect(describeErrorItem({ code: 'ALREADY_EXISTS' })).toBe('This item already exists.');
    expect(describeErrorItem({ code: 'NOT_FOUND', field: 'offer' })).toBe('offer was not found.');
    expect(describeErrorItem({ code: 'REQUIRED' })).toBe('This field is a required field.');
  });

  it('keeps the message of an item with an unknown code and skips unreadable ones', () => {
    expect(errorBodyMessages([{ code: 'SOMETHING_NEW', message: 'Fresh problem' }, 42])).toEqual([
      'Fresh problem',
    ]);
    expect(messagesOf(describeApiError(httpError(400, { unexpected: true })))).toHaveLength(1);
  });
});

describe('describeApiError: 401', () => {
  it('reads a failed login as wrong credentials', () => {
    expect(
      messagesOf(describeApiError(httpError(401, 'Unauthorized', 'POST'), { context: 'login' })),
    ).toEqual(['E-Mail or password not valid']);
  });

  it('reads a failed invitation as an expired token', () => {
    expect(messagesOf(describeApiError(httpError(401), { context: 'preregister' }))).toEqual([
      'Your token is invalid or has expired',
    ]);
  });

  it('logs the user out everywhere outside the auth pages', () => {
    expect(describeApiError(httpError(401))).toEqual({ kind: 'logout' });
    expect(describeApiError(httpError(401, 'expired'), { context: 'default' })).toEqual({ kind: 'logout' });
  });

  it('shows the body on other auth pages instead of logging out', () => {
    expect(messagesOf(describeApiError(httpError(401, 'Link expired'), { context: 'auth' }))).toEqual([
      'Link expired',
    ]);
  });
});

describe('describeApiError: 403', () => {
  it('sends a login of an inactive account to account-inactive', () => {
    expect(describeApiError(httpError(403, 'NO_ACTIVE_ACCOUNT', 'POST'), { context: 'login' })).toEqual({
      kind: 'redirect',
      to: '/account-inactive',
    });
  });

  it('sends a login without an account to account-missing, anything else to forbidden', () => {
    expect(describeApiError(httpError(403, 'NO_ACCOUNT'), { context: 'login' })).toEqual({
      kind: 'redirect',
      to: ERROR_ROUTES.accountMissing,
    });
    expect(describeApiError(httpError(403, 'SOMETHING'), { context: 'login' })).toEqual({
      kind: 'redirect',
      to: '/403-forbidden',
    });
  });

  it('lists each message and field name for a PUT on campaign URLs', () => {
    const body = [
      { code: 'NOT_VALID', field: 'url', message: 'Domain is not allowed' },
      { code: 'REQUIRED', field: 'name' },
    ];
    const outcome = describeApiError(httpError(403, body, 'PUT', '/api/firewall/campaigns/12'));
    expect(messagesOf(outcome)).toEqual([
      'Error occurred',
      'url: Domain is not allowed',
      'name: name is a required field.',
    ]);
  });

  it('lists each message and field name for a PUT of a firewall campaign', () => {
    const body = [
      { code: 'NOT_VALID', field: 'googleAccountId', message: 'Use digits separated by dashes' },
      { code: 'REQUIRED', field: 'name' },
    ];
    for (const url of [
      '/api/sensors/firewall/12',
      '/api/sensors/firewall/12?draft=1',
      '/sensors/firewall/7/',
    ]) {
      expect(messagesOf(describeApiError(httpError(403, body, 'PUT', url)))).toEqual([
        'Error occurred',
        'googleAccountId: Use digits separated by dashes',
        'name: name is a required field.',
      ]);
    }
  });

  it('reads a PUT of a firewall offer or traffic source as a permission error while editing', () => {
    const body = [{ code: 'NOT_VALID', field: 'url', message: 'Domain is not allowed' }];
    for (const url of [
      '/api/sensors/firewall/offers/3',
      '/api/sensors/firewall/trafficsources/4',
      '/api/sensors/firewall/offers',
      '/api/sensors/firewall/csv',
      '/api/sensors/firewall',
    ]) {
      expect(messagesOf(describeApiError(httpError(403, body, 'PUT', url)))).toEqual([
        'Permission Error while editing',
      ]);
    }
  });

  it('keeps a 403 on other methods of a firewall campaign a permission error', () => {
    expect(messagesOf(describeApiError(httpError(403, [], 'PATCH', '/api/sensors/firewall/12')))).toEqual([
      'You do not have permission to do this.',
    ]);
  });

  it('reads other PUTs as a permission error while editing', () => {
    expect(messagesOf(describeApiError(httpError(403, [], 'PUT', '/api/offers/3')))).toEqual([
      'Permission Error while editing',
    ]);
  });

  it('shows a string 403 body as it is', () => {
    expect(messagesOf(describeApiError(httpError(403, 'Read-only user', 'PUT', '/api/offers/3')))).toEqual([
      'Read-only user',
    ]);
    expect(messagesOf(describeApiError(httpError(403, 'Read-only user', 'DELETE')))).toEqual([
      'Read-only user',
    ]);
  });

  it('uses the method and URL given by the caller over those of the error', () => {
    const error = httpError(403, [{ code: 'NOT_VALID', field: 'url' }], 'POST', '/api/x');
    expect(messagesOf(describeApiError(error, { method: 'PUT', url: '/api/s2s/campaigns/1' }))[0]).toBe(
      'Error occurred',
    );
  });
});

describe('describeApiError: fixed statuses', () => {
  it.each([
    [404, 'We couldn’t find a session with this ID'],
    [418, 'This action is disabled for the demo account'],
    [429, 'Too many requests, please try again in a few seconds'],
    [500, 'An error occurred on our servers. Please reload the page.'],
    [
      503,
      'Sign-ups are currently unavailable. Please try again later or contact support if the issue persists.',
    ],
    [504, 'Error retrieving data'],
  ])('%i reads "%s"', (status, text) => {
    expect(messagesOf(describeApiError(httpError(status, 'ignored body')))).toEqual([text]);
  });

  it('uses the typographic apostrophe in the 404 text', () => {
    expect(messagesOf(describeApiError(httpError(404)))[0]).toContain('\u2019');
  });

  it('sends 450 to the trial email verification pending page', () => {
    expect(describeApiError(httpError(450, undefined, 'POST'))).toEqual({
      kind: 'redirect',
      to: '/auth/trial-email-verification-pending',
    });
  });

  it('warns rather than errs for the demo account and rate limits', () => {
    expect(describeApiError(httpError(418))).toMatchObject({ level: 'warning' });
    expect(describeApiError(httpError(429))).toMatchObject({ level: 'warning' });
  });

  it('falls back on the body, then a generic text, for other statuses', () => {
    expect(messagesOf(describeApiError(httpError(413, 'Batch too large')))).toEqual(['Batch too large']);
    expect(messagesOf(describeApiError(httpError(502)))).toEqual([
      'An error occurred on our servers. Please reload the page.',
    ]);
    expect(messagesOf(describeApiError(httpError(415)))).toEqual([NO_RESPONSE]);
  });
});
