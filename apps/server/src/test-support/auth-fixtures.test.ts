import { zTrialSignupBody } from '@veracity/contracts/auth';
import { describe, expect, it } from 'vitest';
import { trialSignupBody } from './auth-fixtures.js';

describe('trialSignupBody', () => {
  it('builds a sign-up the trial sign-up schema accepts, with the changes asked for', () => {
    const body = trialSignupBody('marta@northwind.example', { companyName: 'Initech' });
    const parsed = zTrialSignupBody.safeParse(body);
    expect(parsed.error?.issues).toBeUndefined();
    expect(body).toMatchObject({ email: 'marta@northwind.example', companyName: 'Initech', terms: true });
  });
});
