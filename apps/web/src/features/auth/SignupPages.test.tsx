import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, mockApi, ok, renderRoutes } from '../session/session-test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

async function fillSignup(values: Partial<Record<string, string>>, terms = true) {
  for (const [testId, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByTestId(testId), value);
  }
  if (terms) await userEvent.click(screen.getByTestId('signup-terms'));
}

const VALID = {
  'signup-email': 'ana@acme.example',
  'signup-first-name': 'Ana',
  'signup-company-name': 'Acme',
  'signup-job-title': 'CMO',
  'signup-password': 'long-enough-1',
};

describe('/auth/signup (trial)', () => {
  it('shows the welcome title and marks every empty field Required on submit', async () => {
    const api = mockApi({});
    renderRoutes('/auth/signup');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome to Veracity');
    for (const id of ['signup-email', 'signup-first-name', 'signup-company-name', 'signup-job-title']) {
      expect(fieldError(id)).toBeNull();
    }
    await userEvent.click(screen.getByTestId('signup-submit'));
    for (const id of [
      'signup-email',
      'signup-first-name',
      'signup-company-name',
      'signup-job-title',
      'signup-password',
      'signup-terms',
    ]) {
      expect(fieldError(id)).toBe('Required');
    }
    expect(api.calls).toEqual([]);
  });

  it('says Invalid for a malformed e-mail and asks for a business e-mail on free mail', async () => {
    mockApi({});
    renderRoutes('/auth/signup');
    const email = await screen.findByTestId('signup-email');
    await userEvent.type(email, 'ana@acme.c');
    await userEvent.tab();
    expect(fieldError('signup-email')).toBe('Invalid');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@gmail.com');
    expect(fieldError('signup-email')).toBe('Please enter a valid business email');
  });

  it('stores the login token and opens the trial verification notice', async () => {
    const api = mockApi({ 'POST /auth/trial-signup': ok({ loginToken: { hash: 'trial-token' } }, 201) });
    renderRoutes('/auth/signup');
    await screen.findByTestId('auth-signup');
    await fillSignup(VALID);
    await userEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('auth-trial-email-verification-pending')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('trial-token');
    const body = api.called('POST /auth/trial-signup')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ana@acme.example',
      firstName: 'Ana',
      companyName: 'Acme',
      jobTitle: 'CMO',
      terms: true,
    });
    expect(typeof body.timezone).toBe('string');
    expect(body.context).toMatchObject({ pageUri: expect.stringContaining('http') });
  });

  it('puts the server field items under their fields and lists them', async () => {
    mockApi({
      'POST /auth/trial-signup': {
        status: 409,
        body: [{ code: 'USER_ALREADY_EXISTS', field: 'email' }],
      },
    });
    renderRoutes('/auth/signup');
    await screen.findByTestId('auth-signup');
    await fillSignup(VALID);
    await userEvent.click(screen.getByTestId('signup-submit'));
    expect((await screen.findByTestId('signup-error')).textContent).toBe('The user already exists.');
    expect(fieldError('signup-email')).toBe('The user already exists.');
  });
});

describe('/auth/signup-plan', () => {
  it('shows the plan pill from the query, without a job title field', async () => {
    mockApi({});
    renderRoutes('/auth/signup-plan?plan=pro&currency=usd');
    expect((await screen.findByTestId('signup-plan-pill')).textContent).toBe('Pro plan');
    expect(screen.getByTestId('signup-plan-price').textContent).toBe('US$169 a month');
    expect(screen.queryByTestId('signup-job-title')).toBeNull();
  });

  it('defaults to the Lite plan and sends free_trial to the trial sign-up', async () => {
    mockApi({});
    renderRoutes('/auth/signup-plan?plan=gold');
    expect((await screen.findByTestId('signup-plan-pill')).textContent).toBe('Lite plan');
    mockApi({});
    renderRoutes('/auth/signup-plan?plan=free_trial');
    expect(await screen.findByTestId('auth-signup')).toBeTruthy();
  });

  it('validates with the server, waits for the checkout and offers Reload Payment when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /auth/validate-signup': ok({ valid: true }),
      'POST /billing/guest-checkout': { status: 404, body: 'Not found' },
    });
    renderRoutes('/auth/signup-plan?plan=max&numVisitsAddons=2');
    await screen.findByTestId('auth-signup-plan');
    const { 'signup-job-title': _jobTitle, ...planFields } = VALID;
    await fillSignup(planFields);
    await userEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('signup-reload-payment')).toBeTruthy();
    expect(api.called('POST /auth/validate-signup')[0]?.body).toMatchObject({
      plan: 'max',
      email: 'ana@acme.example',
    });
    expect(api.called('POST /billing/guest-checkout')[0]?.body).toMatchObject({
      plan: 'max',
      currency: 'EUR',
      frequency: 'monthly',
      numVisitsAddons: 2,
      signupFields: { email: 'ana@acme.example', firstName: 'Ana', companyName: 'Acme' },
    });
    await userEvent.click(screen.getByTestId('signup-reload-payment'));
    await waitFor(() => expect(api.called('POST /billing/guest-checkout')).toHaveLength(2));
  });

  it('says sign-ups are unavailable when the checkout answers 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /auth/validate-signup': ok({ valid: true }),
      'POST /billing/guest-checkout': { status: 503, body: 'Sign-ups are currently unavailable.' },
    });
    renderRoutes('/auth/signup-plan?plan=pro');
    await screen.findByTestId('auth-signup-plan');
    const { 'signup-job-title': _jobTitle, ...planFields } = VALID;
    await fillSignup(planFields);
    await userEvent.click(screen.getByTestId('signup-submit'));
    expect((await screen.findByTestId('signup-checkout-error')).textContent).toBe(
      'Sign-ups are currently unavailable. Please try again later or contact support if the issue persists.',
    );
    expect(screen.getByTestId('signup-reload-payment')).toBeTruthy();
  });

  it('shows the Wait... spinner while the checkout opens', async () => {
    mockApi({
      'POST /auth/validate-signup': ok({ valid: true }),
      'POST /billing/guest-checkout': () => new Promise(() => undefined),
    });
    renderRoutes('/auth/signup-plan');
    await screen.findByTestId('auth-signup-plan');
    const { 'signup-job-title': _jobTitle, ...planFields } = VALID;
    await fillSignup(planFields);
    await userEvent.click(screen.getByTestId('signup-submit'));
    expect((await screen.findByTestId('signup-checkout-wait')).textContent).toContain('Wait...');
    expect(location()).toBe('/auth/signup-plan');
  });

  it('prices the choice from the catalogue, add-ons and a yearly term included; unknown currencies fall back to EUR', async () => {
    mockApi({});
    renderRoutes('/auth/signup-plan?plan=lite&currency=JPY&frequency=yearly&numVisitsAddons=1');
    expect((await screen.findByTestId('signup-plan-price')).textContent).toBe(
      '€690 a year · 1 visits add-on',
    );
  });

  it('opens the built-in checkout in a frame, and once paid signs the new account in', async () => {
    const api = mockApi({
      'POST /auth/validate-signup': ok({ valid: true }),
      'POST /billing/guest-checkout': ok({
        id: 'hp_1',
        type: 'checkout_new',
        url: 'http://localhost/billing/test-mode/hp_1',
        state: 'created',
        embed: false,
        created_at: 1,
        expires_at: 2,
      }),
      'POST /billing/guest-checkout-finish': ok({ loginToken: { hash: 'paid-token' } }),
    });
    renderRoutes('/auth/signup-plan?plan=pro');
    await screen.findByTestId('auth-signup-plan');
    const { 'signup-job-title': _jobTitle, ...planFields } = VALID;
    await fillSignup(planFields);
    await userEvent.click(screen.getByTestId('signup-submit'));
    const frame = (await screen.findByTestId('hosted-checkout-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('http://localhost/billing/test-mode/hp_1');
    expect(screen.getByTestId('signup-checkout-wait')).toBeTruthy();

    // The built-in page ends on its outcome, which the page reads from the frame.
    const outcome = frame.contentDocument?.createElement('main');
    outcome?.setAttribute('data-checkout-state', 'succeeded');
    outcome?.setAttribute('data-hosted-page-id', 'hp_1');
    if (outcome) frame.contentDocument?.append(outcome);
    frame.dispatchEvent(new Event('load'));

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('paid-token'));
    expect(api.called('POST /billing/guest-checkout-finish')[0]?.body).toEqual({
      hostedPageId: 'hp_1',
      signupFields: { email: 'ana@acme.example', password: 'long-enough-1' },
    });
    await waitFor(() => expect(location()).toBe('/role'));
  });

  it('coming back from a hosted page without the form logs an error and asks to log in', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderRoutes('/auth/signup-plan?plan=pro&id=hp_2&state=succeeded');
    expect((await screen.findByTestId('signup-paid')).textContent).toContain('Your payment is complete');
    expect(logged).toHaveBeenCalledWith('Guest checkout came back without email or password');
  });
});
