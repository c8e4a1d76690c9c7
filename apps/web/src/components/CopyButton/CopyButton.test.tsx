import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../Notifications/NotificationProvider';
import { CopyButton } from './CopyButton';

function setup() {
  render(
    <NotificationProvider>
      <CopyButton text="<script src='/s.js'></script>" />
    </NotificationProvider>,
  );
  return screen.getByRole('button', { name: /Copy/ });
}

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  vi.useRealTimers();
  stubClipboard(undefined);
});

describe('CopyButton', () => {
  it('copies, shows SUCCESS with a toast, then is READY again after 2000 ms', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const button = setup();
    expect(button.dataset.state).toBe('READY');
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith("<script src='/s.js'></script>");
    expect(button.dataset.state).toBe('SUCCESS');
    expect(screen.getByTestId('notification').textContent).toContain('Copied successfully');
    act(() => vi.advanceTimersByTime(1999));
    expect(button.dataset.state).toBe('SUCCESS');
    act(() => vi.advanceTimersByTime(1));
    expect(button.dataset.state).toBe('READY');
  });

  it('fails quietly without a clipboard API: only the state is updated', async () => {
    stubClipboard(undefined);
    const button = setup();
    await act(async () => button.click());
    expect(button.dataset.state).toBe('READY');
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('fails quietly when the browser refuses the copy', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const button = setup();
    await act(async () => button.click());
    expect(button.dataset.state).toBe('READY');
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});
