import { UnsubscribeLinks } from '../../apps/server/src/features/email/unsubscribe-link.js';
import { adminApi, expect, test } from '../fixtures.js';
import { E2E_SECRET_KEY } from '../global-setup.js';

/**
 * The unsubscribe link of the weekly performance mail (issue 39), opened in Chromium: the signed link
 * unsubscribes its address and shows the success chip; a tampered link shows why it cannot and stores
 * nothing. The link is signed by the server's own function with the e2e server's secret.
 */
test('a signed unsubscribe link works, a tampered one is refused', async ({ page, baseURL }) => {
  const links = new UnsubscribeLinks(E2E_SECRET_KEY, baseURL as string);
  const address = `weekly.${Date.now().toString(36)}@acme-corp.com`;
  const victim = `victim.${Date.now().toString(36)}@acme-corp.com`;

  // A link whose address was changed to someone else's: the token no longer matches.
  const tampered = new URL(links.url(address));
  tampered.searchParams.set('email', victim);
  await page.goto(tampered.pathname + tampered.search);
  await expect(page.getByTestId('unsubscribe')).toContainText(victim);
  await page.getByTestId('unsubscribe-submit').click();
  await expect(page.getByTestId('unsubscribe-error')).toContainText('This unsubscribe link is not valid');
  await expect(page.getByTestId('unsubscribe-success')).toHaveCount(0);

  // A link without its token is not even posted.
  await page.goto(`/performance/unsubscribe?email=${encodeURIComponent(victim)}`);
  await expect(page.getByTestId('unsubscribe-error')).toContainText('This unsubscribe link is not valid');
  await expect(page.getByTestId('unsubscribe-submit')).toBeDisabled();

  // The real link: unsubscribed.
  const signed = new URL(links.url(address));
  await page.goto(signed.pathname + signed.search);
  await page.getByTestId('unsubscribe-submit').click();
  await expect(page.getByTestId('unsubscribe-success')).toHaveText('Unsubscribed');
  await expect(page.getByTestId('unsubscribe-error')).toHaveCount(0);

  // The server agrees: the victim's token is still the victim's, and a wrong one is still refused.
  const api = await adminApi(baseURL as string);
  try {
    const refused = await api.post('/api/performance/unsubscribe', {
      data: { email: victim, token: links.token(address) },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await api.dispose();
  }
});
