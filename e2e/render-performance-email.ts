import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { performanceMail } from '../apps/server/src/features/email/performance-email.template.js';

/**
 * Renders the weekly performance mail (apps/server/src/features/email/performance-email.template.ts)
 * with a sample week in Debian's Chromium and writes docs/performance-email.png and, beside it, the
 * text part (docs/performance-email.txt), for a look at both after a change to the template:
 *
 *   node --conditions=source --import tsx e2e/render-performance-email.ts
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = 'https://veracity.example.com';
const mail = performanceMail('ana@acme-corp.com', {
  firstName: 'Ana',
  companyName: 'Acme Outdoor',
  from: '2026-11-23',
  to: '2026-11-29',
  currency: 'EUR',
  week: { totalVisits: 48_210, invalidVisits: 6_874, legitimateVisits: 38_902, savings: 2_417.35 },
  previousWeek: { totalVisits: 45_903, invalidVisits: 7_512, legitimateVisits: 35_770, savings: 2_690.1 },
  threats: [
    { label: 'Browser driven by automation (WebDriver)', invalidVisits: 2_904, previousInvalidVisits: 3_310 },
    { label: 'Declared bot or crawler', invalidVisits: 1_688, previousInvalidVisits: 1_402 },
    { label: 'Paid click whose page never ran the sensor', invalidVisits: 911, previousInvalidVisits: 1_187 },
  ],
  campaigns: [
    { name: 'winter-sale-2026 <search>', invalidVisits: 2_140, visits: 9_870 },
    { name: 'brand_pmax_es', invalidVisits: 1_322, visits: 11_406 },
    { name: 'https://shop.example/?utm_campaign=retarget', invalidVisits: 604, visits: 3_215 },
  ],
  exclusions: [
    { platform: 'Google Ads', added: 143, removed: 12 },
    { platform: 'Microsoft Advertising', added: 37, removed: 0 },
  ],
  dashboardUrl: `${base}/intelligence/performance`,
  unsubscribeUrl: `${base}/performance/unsubscribe?email=ana%40acme-corp.com&token=sample`,
  oneClickUnsubscribeUrl: `${base}/api/performance/unsubscribe/one-click?email=ana%40acme-corp.com&token=sample`,
});

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 720, height: 900 }, deviceScaleFactor: 1 });
  await page.setContent(mail.html, { waitUntil: 'load' });
  await page.screenshot({ path: path.join(root, 'docs/performance-email.png'), fullPage: true });
} finally {
  await browser.close();
}
writeFileSync(path.join(root, 'docs/performance-email.txt'), `Subject: ${mail.subject}\n\n${mail.text}\n`);
