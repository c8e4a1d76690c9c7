import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toggle } from './Toggle';

function Controlled({ disabled = false, onChange }: { disabled?: boolean; onChange?: (v: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Toggle
      aria-label="Campaign status"
      checked={checked}
      disabled={disabled}
      onChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Toggle', () => {
  it('reads "inactive" when unchecked and "active" once switched on', async () => {
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Campaign status' });
    expect(screen.getByText('inactive')).toBeTruthy();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('active')).toBeTruthy();
  });

  it('switches with the keyboard', async () => {
    render(<Controlled />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
  });

  it('ignores changes when disabled', async () => {
    const onChange = vi.fn();
    render(<Controlled disabled onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('inactive')).toBeTruthy();
  });

  it('uses the blue-white colour set by default', () => {
    const { container } = render(<Toggle checked onChange={() => undefined} aria-label="x" />);
    expect(container.querySelector('.blue-white')).not.toBeNull();
  });
});
