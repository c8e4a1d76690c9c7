import type { SessionForensics } from '@veracity/contracts/forensics';
import { describe, expect, it } from 'vitest';
import { duration, engagementText, languagesText, timeZoneText } from './forensics-format';

const device: SessionForensics['device'] = {
  userAgent: null,
  browser: null,
  osName: null,
  deviceType: null,
  deviceId: null,
  screen: null,
  timeZone: 'Europe/Madrid',
  languages: [],
  timeZoneInCountry: true,
};

describe("the forensics page's words", () => {
  it('reads durations as people do', () => {
    expect([0, 940, 9_949, 12_400, 59_600, 185_000, 120_000].map(duration)).toEqual([
      '0 s',
      '0.9 s',
      '9.9 s',
      '12 s',
      '1 min',
      '3 min 5 s',
      '2 min',
    ]);
  });

  it('leaves out the figures a beacon did not hold', () => {
    const none = {
      at: '',
      dwellMs: null,
      pointerMoves: null,
      clicks: null,
      keys: null,
      scrolls: null,
      touches: null,
    };
    expect(engagementText({ ...none, visibleMs: 5_000 })).toBe('Visible 5 s');
    expect(engagementText({ ...none, visibleMs: null })).toBe('Figures outside their shape');
    expect(engagementText(null)).toBe('—');
  });

  it('says whether the time zone is one of the country’s, and nothing when that is not known', () => {
    expect(timeZoneText(device, 'ES')).toBe('Europe/Madrid (a zone of ES)');
    expect(timeZoneText({ ...device, timeZoneInCountry: null }, 'ES')).toBe('Europe/Madrid');
    expect(timeZoneText({ ...device, timeZone: null }, 'ES')).toBe('—');
    expect(languagesText(device)).toBe('None listed');
    expect(languagesText({ ...device, languages: null })).toBe('—');
  });
});
