import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_LIST_MAX,
  EVIDENCE_TEXT_MAX,
  evidenceList,
  evidenceText,
  THREAT_EVIDENCE_SHAPES,
  zThreatEvidence,
} from './threat-evidence.js';
import { THREAT_REASON_IDS } from './threat-reasons.js';

describe('threat evidence', () => {
  it('declares one evidence shape for every reason of the catalogue', () => {
    expect(Object.keys(THREAT_EVIDENCE_SHAPES).sort()).toEqual([...THREAT_REASON_IDS].sort());
  });

  it('bounds texts and lists: cut, control characters and halves of a pair replaced', () => {
    expect(evidenceText('x'.repeat(500))).toHaveLength(EVIDENCE_TEXT_MAX);
    expect(evidenceText('bad\u0000agent\u0085')).toBe('bad agent ');
    const cutPair = `${'x'.repeat(EVIDENCE_TEXT_MAX - 1)}\u{1f600}`;
    expect(evidenceText(cutPair)).toBe(`${'x'.repeat(EVIDENCE_TEXT_MAX - 1)}\ufffd`);
    expect(evidenceText('Hetzner Online GmbH \u{1f600}')).toBe('Hetzner Online GmbH \u{1f600}');
    expect(evidenceList(Array.from({ length: 30 }, (_, index) => `c${index}`))).toHaveLength(
      EVIDENCE_LIST_MAX,
    );
  });

  it('reads stored evidence: known reasons in their shape, a retired reason kept as it is', () => {
    const stored = {
      'network:datacenter': { asn: 16509, organisation: 'AMAZON-02', class: 'cloud' },
      'network:vpn': { provider: 'Example VPN' },
    };
    expect(zThreatEvidence.parse(stored)).toEqual(stored);
    expect(() =>
      zThreatEvidence.parse({ 'network:datacenter': { asn: 'x', organisation: null, class: 'cloud' } }),
    ).toThrow();
    expect(() => zThreatEvidence.parse({ 'ua:known_bot': { userAgent: 'x'.repeat(129) } })).toThrow();
  });
});
