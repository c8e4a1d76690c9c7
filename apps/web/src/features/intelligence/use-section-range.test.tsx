import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DateRangeSection, namedRange } from '../../lib/date-ranges';
import { useSectionRange } from './use-section-range';

afterEach(() => sessionStorage.clear());

describe('useSectionRange (spec 02 §4)', () => {
  it('waits for today, then opens on the section’s default', () => {
    const { result, rerender } = renderHook(({ today }) => useSectionRange('googleAds', today), {
      initialProps: { today: undefined as string | undefined },
    });
    expect(result.current[0]).toBeUndefined();
    rerender({ today: '2026-03-05' });
    expect(result.current[0]).toEqual({ preset: 'last30Days', from: '2026-02-03', to: '2026-03-04' });
  });

  it('saves a change, and reads the other section’s own range when the section changes in place', () => {
    const { result, rerender } = renderHook(({ section }) => useSectionRange(section, '2026-03-05'), {
      initialProps: { section: 'googleAds' as DateRangeSection },
    });
    act(() => result.current[1](namedRange('last7Days', '2026-03-05')));
    expect(result.current[0]?.preset).toBe('last7Days');
    rerender({ section: 'pmax' });
    expect(result.current[0]).toEqual({ preset: 'last30Days', from: '2026-02-03', to: '2026-03-04' });
    act(() => result.current[1](namedRange('yesterday', '2026-03-05')));
    rerender({ section: 'googleAds' });
    expect(result.current[0]?.preset).toBe('last7Days');
    rerender({ section: 'pmax' });
    expect(result.current[0]?.preset).toBe('yesterday');
  });

  it('recomputes a named range when the day changes while the page is open', () => {
    const { result, rerender } = renderHook(({ today }) => useSectionRange('intelligence', today), {
      initialProps: { today: '2026-03-05' },
    });
    act(() => result.current[1](namedRange('yesterday', '2026-03-05')));
    rerender({ today: '2026-03-06' });
    expect(result.current[0]).toEqual({ preset: 'yesterday', from: '2026-03-05', to: '2026-03-05' });
  });
});
