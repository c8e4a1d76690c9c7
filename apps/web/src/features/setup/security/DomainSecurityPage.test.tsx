import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DomainSecurity, SeenDomains } from '@veracity/contracts/domain-security';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { DOMAINS_SAVED, DomainSecurityPage } from './DomainSecurityPage';
import { coveredBy, parseDomainLines } from './domain-lines';

const AT = '2026-11-01T10:00:00.000Z';

function settings(overrides: Partial<DomainSecurity> = {}): DomainSecurity {
  return {
    excludedReferrers: [{ value: 'spam.example', createdAt: AT }],
    sensorDomains: [],
    foreignDomainAction: 'flag',
    ...overrides,
  };
}

/** What the server answers a PUT: the lists as sent, with their creation times. */
function savedAs(body: unknown) {
  const sent = body as { excludedReferrers: string[]; sensorDomains: string[]; foreignDomainAction: 'flag' };
  const entries = (list: string[]) => list.map((value) => ({ value, createdAt: AT }));
  return {
    status: 200,
    body: settings({
      excludedReferrers: entries(sent.excludedReferrers),
      sensorDomains: entries(sent.sensorDomains),
      foreignDomainAction: sent.foreignDomainAction,
    }),
  };
}

const SEEN: SeenDomains = {
  days: 30,
  pages: [
    { host: 'shop.example', hits: 1200 },
    { host: '<img src=x onerror=alert(1)>.example', hits: 3 },
  ],
  referrers: [
    { host: 'news.example.org', hits: 40 },
    { host: 'games.spam.example', hits: 9 },
  ],
};

describe('parseDomainLines', () => {
  it('reads one domain a line, normalised and once, and reports every other line by number', () => {
    expect(parseDomainLines('Shop.Example\n\n*.shop.example\nnot a domain\nhttp://x.example\n')).toEqual({
      domains: ['shop.example'],
      errors: [
        { line: 4, text: 'not', message: expect.any(String) },
        { line: 4, text: 'a', message: expect.any(String) },
        { line: 4, text: 'domain', message: expect.any(String) },
        { line: 5, text: 'http://x.example', message: expect.any(String) },
      ],
    });
    expect(coveredBy('www.shop.example', ['shop.example'])).toBe(true);
    expect(coveredBy('notshop.example', ['shop.example'])).toBe(false);
  });
});

describe('DomainSecurityPage', () => {
  it('shows the saved lists and the switch, and saves both lists and the switch', async () => {
    const calls = mockApi({
      'GET /security/domains': settings(),
      'GET /security/domains/seen': SEEN,
      'PUT /security/domains': savedAs,
    });
    renderScreen(<DomainSecurityPage />);
    const excluded = (await screen.findByTestId('excluded-referrers-input')) as HTMLTextAreaElement;
    expect(excluded.value).toBe('spam.example');
    const sensor = screen.getByTestId('sensor-domains-input');
    await userEvent.type(sensor, '*.Shop.Example{enter}eu.shop.example');
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByTestId('domain-security-save'));
    expect(await notificationText()).toContain(DOMAINS_SAVED);
    expect(callsTo(calls, 'PUT', '/security/domains').map((call) => call.body)).toEqual([
      {
        excludedReferrers: ['spam.example'],
        sensorDomains: ['shop.example', 'eu.shop.example'],
        foreignDomainAction: 'exclude',
      },
    ]);
  });

  it('lists the lines that are no domain and sends nothing', async () => {
    const calls = mockApi({ 'GET /security/domains': settings(), 'GET /security/domains/seen': SEEN });
    renderScreen(<DomainSecurityPage />);
    const excluded = await screen.findByTestId('excluded-referrers-input');
    await userEvent.type(excluded, '{enter}spam{enter}ok.example');
    const errors = await screen.findByTestId('excluded-referrers-errors');
    expect(errors.textContent).toContain('Line 2: “spam”');
    await userEvent.click(screen.getByTestId('domain-security-save'));
    expect(callsTo(calls, 'PUT', '/security/domains')).toEqual([]);
  });

  it('lists the hosts seen, as text, and allows or excludes one with one click', async () => {
    const calls = mockApi({
      'GET /security/domains': settings(),
      'GET /security/domains/seen': SEEN,
      'PUT /security/domains': savedAs,
    });
    renderScreen(<DomainSecurityPage />);
    const pages = await screen.findByTestId('seen-pages');
    expect(
      within(pages)
        .getAllByTestId('seen-pages-row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('shop.example1,200'),
      expect.stringContaining('<img src=x onerror=alert(1)>.example'),
    ]);
    expect(pages.querySelector('img')).toBeNull();
    // games.spam.example is already covered by the excluded spam.example.
    const referrers = screen.getByTestId('seen-referrers');
    expect(within(referrers).getAllByTestId('seen-referrers-add')).toHaveLength(1);
    expect(referrers.textContent).toContain('Excluded');

    await userEvent.click(screen.getByRole('button', { name: 'Allow shop.example' }));
    expect(await notificationText()).toContain('shop.example added to the sensor domains');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude news.example.org' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/security/domains')).toHaveLength(2));
    expect(callsTo(calls, 'PUT', '/security/domains').map((call) => call.body)).toEqual([
      { excludedReferrers: ['spam.example'], sensorDomains: ['shop.example'], foreignDomainAction: 'flag' },
      {
        excludedReferrers: ['spam.example', 'news.example.org'],
        sensorDomains: [],
        foreignDomainAction: 'flag',
      },
    ]);
  });

  it('says so when nothing was seen, and shows a load error with a retry', async () => {
    mockApi({
      'GET /security/domains': () => ({ status: 500, body: { message: 'boom' } }),
      'GET /security/domains/seen': { days: 30, pages: [], referrers: [] },
    });
    renderScreen(<DomainSecurityPage />);
    expect(await screen.findByTestId('seen-pages-empty')).toBeTruthy();
    expect(screen.getByTestId('seen-referrers-empty')).toBeTruthy();
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });

  it('blocks saving without the settings permission', async () => {
    mockApi({
      'GET /security/domains': settings(),
      'GET /security/domains/seen': SEEN,
      'GET /me/permissions': [],
      'GET /me': meFixture(),
    });
    renderScreen(<DomainSecurityPage />);
    await screen.findByTestId('excluded-referrers-input');
    await expectBlocked(
      'domain-security-save',
      'You need the “Manage account settings” permission (account_manage_settings) to do this.',
    );
  });
});
