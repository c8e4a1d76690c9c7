import { describe, expect, it } from 'vitest';
import { tier } from './assess.js';
import { clickInjectionFindings } from './conversion.js';

describe('click injection', () => {
  it('fires for a conversion of a click that was paused or blocked, with the status as evidence', () => {
    expect(clickInjectionFindings('blocked')).toEqual([
      {
        id: 'conversion:click_injection',
        category: 'conversion',
        weight: 100,
        evidence: { hitStatus: 'blocked' },
      },
    ]);
    expect(clickInjectionFindings('paused').map((found) => found.evidence)).toEqual([
      { hitStatus: 'paused' },
    ]);
  });

  it('makes the conversion invalid alone: the click never reached the offer', () => {
    expect(tier(clickInjectionFindings('paused')).riskLevel).toBe('high');
  });

  it('says nothing of a delivered click or one whose status is unknown', () => {
    expect(clickInjectionFindings('delivered')).toEqual([]);
    expect(clickInjectionFindings(null)).toEqual([]);
  });
});
