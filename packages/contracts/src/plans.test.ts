import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, hasFeature, isViewVisible, VIEW_FEATURE } from './plans.js';

describe('plan gating (spec 01 §6)', () => {
  it('keeps performance from free and lite, and gives it to pro and max', () => {
    expect(isViewVisible('performance', 'free_trial', [])).toBe(false);
    expect(isViewVisible('performance', 'lite', [])).toBe(false);
    expect(isViewVisible('performance', 'pro', [])).toBe(true);
    expect(isViewVisible('performance', 'max', [])).toBe(true);
  });

  it('shows benchmark to a flag-driven account only with its flag set', () => {
    expect(isViewVisible('benchmark', 'custom', [])).toBe(false);
    expect(isViewVisible('benchmark', 'custom', [{ name: 'benchmark', value: true }])).toBe(true);
    expect(isViewVisible('performance', 'custom', [])).toBe(true);
    expect(isViewVisible('performance', 'custom', [{ name: 'performance', value: false }])).toBe(false);
  });

  it('keeps ai_assistant a reserved flag: accepted, and no view or feature hangs on it', () => {
    expect(FEATURE_FLAGS).toContain('ai_assistant');
    expect(Object.values(VIEW_FEATURE)).not.toContain('ai_assistant');
    expect(hasFeature('ai_assistant', 'custom', [{ name: 'ai_assistant', value: true }])).toBe(false);
  });
});
