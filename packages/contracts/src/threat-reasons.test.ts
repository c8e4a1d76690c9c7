import { describe, expect, it } from 'vitest';
import { THREAT_CATEGORIES, THREAT_REASON_IDS, THREAT_REASONS } from './threat-reasons.js';

describe('threat reason catalogue', () => {
  it('names each reason category:name, in its own category, with a label for the dashboard', () => {
    for (const id of THREAT_REASON_IDS) {
      const [category, name] = id.split(':');
      expect(THREAT_CATEGORIES).toContain(category);
      expect(THREAT_REASONS[id].category).toBe(category);
      expect(name).toMatch(/^[a-z_]+$/);
      expect(THREAT_REASONS[id].label.length).toBeGreaterThan(5);
    }
  });

  it('keeps the ids analytics aggregates', () => {
    expect(THREAT_REASON_IDS).toEqual(
      expect.arrayContaining([
        'ua:known_bot',
        'ua:http_library',
        'ua:impossible_version',
        'ua:client_hints_mismatch',
        'automation:webdriver',
        'automation:headless',
        'automation:inconsistent_environment',
        'network:datacenter',
        'network:denylisted',
        'consistency:timezone_country',
        'consistency:screen',
        'behaviour:no_interaction',
        'frequency:ip_burst',
        'frequency:device_burst',
        'frequency:click_replay',
        'conversion:too_fast',
        'conversion:click_injection',
        'paid:missing_click_id',
        'geo:outside_target',
        'render:hidden_page',
        'render:tiny_iframe',
      ]),
    );
  });
});
