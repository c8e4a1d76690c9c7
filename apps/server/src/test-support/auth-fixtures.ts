import type { TestApp } from './test-app.js';

/** The trial sign-up form as the dashboard sends it, with the given changes. */
export function trialSignupBody(email: string, changes: Record<string, unknown> = {}) {
  return {
    email,
    firstName: 'Marta',
    companyName: 'Northwind Traders',
    jobTitle: 'Head of Growth',
    password: 'a-long-password',
    terms: true,
    timezone: 'Europe/Madrid',
    context: { pageUri: 'https://veracity.example/signup', pageName: 'Sign up' },
    ...changes,
  };
}

/** Deactivates (or activates again) the user with this address. */
export async function setUserActive(t: TestApp, email: string, active: boolean): Promise<void> {
  await t.stores.accounts.db
    .updateTable('users')
    .set({ active: active ? 1 : 0 })
    .where('email', '=', email)
    .execute();
}
