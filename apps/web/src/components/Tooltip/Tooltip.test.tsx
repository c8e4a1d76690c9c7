import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button';
import { Tooltip } from './Tooltip';

afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('waits 100 ms by default before showing on hover', async () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Create Alert feature is only available on superior plans">
        <Button>Create Alert</Button>
      </Tooltip>,
    );
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Create Alert' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole('tooltip').textContent).toContain('only available on superior plans');
  });

  it('opens on keyboard focus', async () => {
    render(
      <Tooltip content="Explains the action">
        <Button>Action</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect((await screen.findByRole('tooltip')).textContent).toContain('Explains the action');
  });

  it('renders only the trigger when disabled', () => {
    render(
      <Tooltip content="hidden" enabled={false}>
        <Button>Plain</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Plain' })).toBeTruthy();
  });
});
