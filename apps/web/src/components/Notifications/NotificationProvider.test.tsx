import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from './NotificationProvider';
import { useNotify } from './use-notify';

function Trigger() {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify.success('Alert created successfully')}>
        first
      </button>
      <button
        type="button"
        onClick={() => notify({ level: 'error', message: ['a is required.', 'b is invalid.'] })}
      >
        second
      </button>
    </>
  );
}

function setup() {
  render(
    <NotificationProvider>
      <Trigger />
    </NotificationProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('NotificationProvider', () => {
  it('shows a notification with its level', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'first' }));
    const shown = screen.getByTestId('notification');
    expect(shown.dataset.level).toBe('success');
    expect(shown.textContent).toContain('Alert created successfully');
  });

  it('shows only the latest notification', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'first' }));
    await userEvent.click(screen.getByRole('button', { name: 'second' }));
    const shown = screen.getAllByTestId('notification');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.dataset.level).toBe('error');
    expect(shown[0]?.textContent).toContain('a is required.');
    expect(shown[0]?.textContent).toContain('b is invalid.');
  });

  it('dismisses on click', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'first' }));
    await userEvent.click(screen.getByTestId('notification'));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('hides by itself after a few seconds', () => {
    vi.useFakeTimers();
    setup();
    act(() => screen.getByRole('button', { name: 'first' }).click());
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByTestId('notification')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow(/NotificationProvider/);
  });
});
