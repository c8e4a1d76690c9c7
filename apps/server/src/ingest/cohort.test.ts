import { describe, expect, it } from 'vitest';
import { TurnCohort } from './cohort.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnCohort', () => {
  it('releases every request of a turn together, in order, in the check phase', async () => {
    const cohort = new TurnCohort();
    const released: number[] = [];
    for (const n of [1, 2, 3]) void cohort.wait().then(() => released.push(n));
    // Microtasks and the rest of this turn's callbacks run first.
    await Promise.resolve();
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(released).toEqual([]);
    await nextTurn();
    expect(released).toEqual([1, 2, 3]);
  });

  it('starts a new cohort in the next turn', async () => {
    const cohort = new TurnCohort();
    const released: string[] = [];
    void cohort.wait().then(() => released.push('first'));
    await nextTurn();
    void cohort.wait().then(() => released.push('second'));
    expect(released).toEqual(['first']);
    await nextTurn();
    expect(released).toEqual(['first', 'second']);
  });
});
