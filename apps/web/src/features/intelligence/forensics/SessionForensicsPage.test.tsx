import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionForensics } from '@veracity/contracts/forensics';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../../account/test-api';
import { meFixture, mockApi, ok, renderRoutes } from '../../session/session-test-support';

const SCRIPT = '"><img src=x onerror="window.__owned=1"><script>window.__owned=1</script>';

function visitFixture(): SessionForensics {
  const attribution = {
    trafficType: 'google',
    referrer: `https://evil.example/${SCRIPT}`,
    utmSource: SCRIPT,
    utmMedium: 'cpc',
    utmCampaign: null,
    utmContent: null,
    utmTerm: null,
    campaignId: null,
    googleCampaignId: null,
  };
  return {
    session: {
      id: 'ses-0001-aaaaaaaaaaaa',
      startedAt: '2026-03-01T10:00:00.000Z',
      lastSeenAt: '2026-03-01T10:02:00.000Z',
      landingUrl: `https://shop.example.com/?q=${SCRIPT}`,
      ...attribution,
      hits: 2,
      riskLevel: 'high',
      score: 100,
    },
    reasons: [
      {
        id: 'automation:webdriver',
        label: 'Browser driven by automation (WebDriver)',
        category: 'automation',
        weight: 100,
        decisive: true,
        foundOn: 'hit',
        eventId: 'hit-0001-aaaaaaaaaaaa',
        at: '2026-03-01T10:00:00.000Z',
        evidence: { probe: 'navigator.webdriver', value: true },
      },
      {
        id: 'network:datacenter',
        label: 'Data center or hosting network',
        category: 'network',
        weight: 40,
        decisive: false,
        foundOn: 'hit',
        eventId: 'hit-0001-aaaaaaaaaaaa',
        at: '2026-03-01T10:00:00.000Z',
        evidence: { asn: 16509, organisation: SCRIPT, class: 'cloud' },
      },
    ],
    hits: [
      {
        id: 'hit-0001-aaaaaaaaaaaa',
        ts: '2026-03-01T10:00:00.000Z',
        url: `https://shop.example.com/?q=${SCRIPT}`,
        ...attribution,
        clickId: 'abc',
        clickIdType: 'gclid',
        hitStatus: 'delivered',
        riskLevel: 'high',
        score: 100,
        threats: ['automation:webdriver', 'network:datacenter'],
        engagement: {
          at: '2026-03-01T10:00:40.000Z',
          dwellMs: 12_400,
          visibleMs: 9_100,
          pointerMoves: 120,
          clicks: 3,
          keys: 40,
          scrolls: 1,
          touches: 0,
        },
      },
      {
        id: 'hit-0002-aaaaaaaaaaaa',
        ts: '2026-03-01T10:01:00.000Z',
        url: 'https://shop.example.com/pricing',
        ...attribution,
        clickId: null,
        clickIdType: null,
        hitStatus: 'delivered',
        riskLevel: 'high',
        score: 100,
        threats: [],
        // The visitor left before the beacon, or it never arrived.
        engagement: null,
      },
    ],
    hitsCut: false,
    device: {
      userAgent: SCRIPT,
      browser: 'Chrome',
      osName: 'Windows',
      deviceType: 'Desktop',
      deviceId: 'd-1',
      screen: { width: 1920, height: 1080 },
      timeZone: 'America/Lima',
      languages: ['es-PE', SCRIPT],
      timeZoneInCountry: false,
    },
    network: { ip: '3.120.10.10', asn: 16509, isp: 'Amazon', country: 'DE' },
    conversions: [],
    exclusionFirings: [
      { hitId: 'hit-0001-aaaaaaaaaaaa', platform: 'google', ts: '2026-03-01T10:00:01.000Z' },
    ],
    ipExclusions: [
      {
        platform: 'google_ads',
        customerId: '1234567890',
        campaignId: '555',
        campaignName: 'Brand <b>search</b>',
        cidr: '3.120.10.0/24',
        state: 'active',
        addedAt: '2026-03-01T12:00:00.000Z',
        expiresAt: null,
      },
    ],
    similar: [
      {
        id: 'ses-0002-bbbbbbbbbbbb',
        startedAt: '2026-03-01T11:00:00.000Z',
        landingUrl: 'https://shop.example.com/',
        trafficType: 'google',
        riskLevel: 'medium',
        hits: 1,
        sharedBy: ['device', 'subnet'],
      },
    ],
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FORENSICS = '/intelligence/reports/session-forensics';

describe('session forensics', () => {
  it('shows every reason with its evidence, the page views and similar visits, tracked text as text', async () => {
    mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /forensics/sessions/hit-0001-aaaaaaaaaaaa': ok(visitFixture()),
    });
    renderRoutes(`${FORENSICS}?id=hit-0001-aaaaaaaaaaaa`);
    const reasons = await screen.findByTestId('forensics-reasons');
    const webdriver = within(reasons).getByTestId('forensics-reason-automation:webdriver');
    expect(webdriver.textContent).toContain('Decisive');
    expect(webdriver.textContent).toContain('navigator.webdriver');
    expect(within(reasons).getByTestId('forensics-reason-network:datacenter').textContent).toContain('+40');
    expect(screen.getByTestId('forensics-tier').textContent).toBe('Invalid');
    expect(screen.getAllByTestId('forensics-hit')).toHaveLength(2);
    // What the visitor did on each page view, from its engagement beacon; none without one.
    expect(screen.getAllByTestId('forensics-engagement').map((cell) => cell.textContent)).toEqual([
      'Dwell 12 s · visible 9.1 s · 3 clicks · 40 keys · 1 scroll · 120 pointer moves · 0 touches',
      '—',
    ]);
    // The screen, time zone (against the IP's country) and languages the sensor saw.
    const device = screen.getByTestId('forensics-device');
    expect(device.textContent).toContain('1920 × 1080 px');
    expect(screen.getByTestId('forensics-time-zone').textContent).toBe(
      'Time zoneAmerica/Lima (not a zone of DE)',
    );
    expect(screen.getByTestId('forensics-languages').textContent).toBe(`Languageses-PE, ${SCRIPT}`);
    expect(screen.getByTestId('forensics-similar').textContent).toContain('Device, Same /24');
    const exclusion = screen.getByTestId('forensics-ip-exclusion');
    expect(exclusion.textContent).toContain('Google Ads · 3.120.10.0/24');
    expect(exclusion.textContent).toContain('Brand <b>search</b>');
    expect(exclusion.textContent).toContain('In force');
    // Script in URLs, referrers, UTM values, evidence, languages and the user agent stays text.
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as unknown as { __owned?: number }).__owned).toBeUndefined();
    expect(screen.getByTestId('forensics-verdict').textContent).toContain('<script>');
  });

  it('offers the JSON export only with the export permission', async () => {
    mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /forensics/sessions/hit-0001-aaaaaaaaaaaa': ok(visitFixture()),
    });
    renderRoutes(`${FORENSICS}?id=hit-0001-aaaaaaaaaaaa`);
    await waitFor(() =>
      expect(screen.getByTestId('forensics-json').getAttribute('aria-disabled')).toBe('true'),
    );
    cleanup();
    mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok([...ACCOUNT_PERMISSIONS, 'log_export_reports']),
      'GET /forensics/sessions/hit-0001-aaaaaaaaaaaa': ok(visitFixture()),
    });
    renderRoutes(`${FORENSICS}?id=hit-0001-aaaaaaaaaaaa`);
    await screen.findByTestId('forensics-reasons');
    await waitFor(() =>
      expect(screen.getByTestId('forensics-json').getAttribute('aria-disabled')).toBeNull(),
    );
  });

  it('shows — for what a visit without the sensor (S2S) does not have', async () => {
    const visit = visitFixture();
    visit.hits = visit.hits.map((hit) => ({ ...hit, engagement: null }));
    visit.device = {
      ...visit.device,
      screen: null,
      timeZone: null,
      languages: null,
      timeZoneInCountry: null,
    };
    mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /forensics/sessions/hit-0001-aaaaaaaaaaaa': ok(visit),
    });
    renderRoutes(`${FORENSICS}?id=hit-0001-aaaaaaaaaaaa`);
    const cells = await screen.findAllByTestId('forensics-engagement');
    expect(cells.map((cell) => cell.textContent)).toEqual(['—', '—']);
    expect(screen.getByTestId('forensics-time-zone').textContent).toBe('Time zone—');
    expect(screen.getByTestId('forensics-languages').textContent).toBe('Languages—');
  });

  it('looks an id up, and says the spec’s words for a malformed or unknown one', async () => {
    const api = mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /forensics/sessions/bad%20id': ok([{ code: 'INVALID_HIT', field: 'id' }], 400),
      'GET /forensics/sessions/unknown-id': ok('We couldn’t find a session with this ID', 404),
    });
    renderRoutes(FORENSICS);
    expect(await screen.findByTestId('forensics-start')).toBeTruthy();
    await userEvent.type(screen.getByTestId('forensics-id'), 'unknown-id');
    await userEvent.click(screen.getByTestId('forensics-look-up'));
    expect((await screen.findByTestId('forensics-error')).textContent).toContain(
      'We couldn’t find a session with this ID',
    );
    await userEvent.clear(screen.getByTestId('forensics-id'));
    await userEvent.type(screen.getByTestId('forensics-id'), 'bad id');
    await userEvent.click(screen.getByTestId('forensics-look-up'));
    await waitFor(() =>
      expect(screen.getByTestId('forensics-error').textContent).toContain('Invalid hit id'),
    );
    expect(api.called('GET /forensics/sessions/unknown-id')).toHaveLength(1);
  });
});
