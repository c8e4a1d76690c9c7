import type { Page } from '@playwright/test';
import { expect, mailLink, signUpTrialAccount, test } from '../fixtures.js';
import { E2E_ADMIN, E2E_DEMO } from '../global-setup.js';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** On /role, picks the account by its upper-cased name. */
async function pickAccount(page: Page, companyName: string): Promise<void> {
  await expect(page).toHaveURL(/\/role/);
  await page.getByRole('button', { name: companyName.toUpperCase(), exact: true }).click();
  await expect(page).toHaveURL(/\/intelligence\/|\/setup\//, { timeout: 15_000 });
}

const unique = () => Math.random().toString(36).slice(2, 8);

test.describe('accounts and access', () => {
  test('trial sign-up, verification from the email, and landing where a new account starts', async ({
    page,
    baseURL,
  }) => {
    const email = `trial.${unique()}@northwind-e2e.com`;
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-first-name').fill('Marta');
    await page.getByTestId('signup-company-name').fill('Northwind E2E');
    await page.getByTestId('signup-job-title').fill('Head of Growth');
    await page.getByTestId('signup-password').fill('a-long-password');
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/auth\/trial-email-verification-pending/);
    await expect(page.getByText('Please verify your email')).toBeVisible();

    const link = await mailLink(baseURL ?? '', email);
    expect(link.pathname).toBe('/email-verification');
    await page.goto(link.pathname + link.search);
    // One account: selected without asking; a free trial without a sensor starts at the integration.
    await expect(page).toHaveURL(/\/setup\/integration/, { timeout: 15_000 });
  });

  test('a business e-mail is required to sign up', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill('someone@gmail.com');
    await page.getByTestId('signup-first-name').click();
    await expect(page.getByText('Please enter a valid business email')).toBeVisible();
  });

  test('a wrong password gets the spec message', async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, 'not the password');
    await expect(page.getByText('E-Mail or password not valid')).toBeVisible();
  });

  // A person of their own: a reset ends every other session of the user, and the other journeys share
  // the admin's (global-setup.ts).
  test('forgotten password: mail, reset, logged in', async ({ page, baseURL }) => {
    const { email } = await signUpTrialAccount(baseURL ?? '', {
      email: `forgetful.${unique()}@harbour-e2e.com`,
      companyName: 'Harbour E2E',
      ip: '81.33.102.16',
    });
    await page.goto('/auth/remember');
    await page.getByTestId('remember-email').fill(email);
    await page.getByTestId('remember-submit').click();
    await expect(page.getByTestId('remember-sent')).toBeVisible();
    const link = await mailLink(baseURL ?? '', email);
    expect(link.pathname).toBe('/auth/reset-password');
    await page.goto(link.pathname + link.search);
    await page.getByTestId('reset-new-password').fill('12345');
    await page.getByTestId('reset-confirm-password').fill('54321');
    await page.getByTestId('reset-confirm-password').blur();
    await expect(page.getByText('Password must be 6 at least characters length')).toBeVisible();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByTestId('reset-new-password').fill('a-new-long-password');
    await page.getByTestId('reset-confirm-password').fill('a-new-long-password');
    await page.getByTestId('reset-submit').click();
    // Logged in with one account: chosen without asking; a trial without a sensor starts at the integration.
    await expect(page).toHaveURL(/\/setup\/integration/, { timeout: 15_000 });
  });

  test('an admin invites a colleague who accepts and logs in', async ({ page, baseURL }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await pickAccount(page, 'Veracity');
    await page.goto('/account/user');
    await page.getByTestId('users-invite').click();
    const email = `colleague.${unique()}@veracity-e2e.example`;
    await page.getByTestId('invite-email').fill(email);
    await page
      .getByTestId('role-checklist')
      .getByRole('checkbox', { name: /^Analyst/ })
      .check();
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('users-table')).toContainText(email);

    const link = await mailLink(baseURL ?? '', email);
    expect(link.pathname).toBe('/auth/preregister');
    await page.goto('/logout');
    await page.goto(link.pathname + link.search);
    await page.getByTestId('preregister-name').fill('Iris');
    await page.getByTestId('preregister-password').fill('iris-password');
    await page.getByTestId('preregister-terms').check();
    await page.getByTestId('preregister-submit').click();
    await expect(page).toHaveURL(/\/auth\/login\?verified=true/);
    await logIn(page, email, 'iris-password');
    await expect(page).toHaveURL(/\/intelligence\/|\/setup\//, { timeout: 15_000 });
  });

  test('the demo account reads, and every write says it is disabled', async ({ page }) => {
    await logIn(page, E2E_DEMO.email, E2E_DEMO.password);
    await expect(page).toHaveURL(/\/intelligence\//, { timeout: 15_000 });
    await page.goto('/account/labels');
    const create = page.getByTestId('labels-create').first();
    await expect(create).toBeVisible();
    await create.hover({ force: true });
    await expect(page.getByText('This action is disabled for the demo account').first()).toBeVisible();
    // The shared password cannot be changed, and the users of the account are not the demo's to see.
    await page.goto('/account/user');
    await expect(page.getByTestId('account-user-page')).toBeVisible();
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  });
});
