import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownDirection } from './Dropdown';

type Frequency = '1' | '8' | 'daily';
const options = [
  { value: '1' as const, label: 'Hourly' },
  { value: '8' as const, label: '8 hours' },
  { value: 'daily' as const, label: 'Daily (24h)' },
];

function Harness(props: { onChange?: (v: Frequency) => void; direction?: DropdownDirection }) {
  const [value, setValue] = useState<Frequency | null>('daily');
  return (
    <div>
      <p>outside</p>
      <Dropdown
        label="Frequency"
        options={options}
        value={value}
        direction={props.direction}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
    </div>
  );
}

describe('Dropdown', () => {
  it('shows the chosen option on a 160 px button', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('button').textContent).toContain('Daily (24h)');
    expect((container.querySelector('.field') as HTMLElement).style.width).toBe('160px');
  });

  it('opens and closes on its button', async () => {
    render(<Harness />);
    const button = screen.getByRole('button');
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('calls onChange and closes when an item is chosen', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button'));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Hourly' }));
    expect(onChange).toHaveBeenCalledWith('1');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button').textContent).toContain('Hourly');
  });

  it('closes on an outside click', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button'));
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is usable from the keyboard', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalled();
  });

  it('opens towards the requested direction', async () => {
    render(<Harness direction="up" />);
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('menu').getAttribute('data-side')).toBe('top');
  });

  it('shows the error of a touched field with an invalid border, else the warning', () => {
    const { rerender } = render(
      <Dropdown
        options={options}
        value={null}
        onChange={vi.fn()}
        touched
        error="Required field"
        warning="w"
      />,
    );
    expect(screen.getByRole('button').getAttribute('data-invalid')).toBe('true');
    expect(document.querySelector('[data-cy="invalid-feedback"]')?.textContent).toBe('Required field');
    rerender(
      <Dropdown options={options} value={null} onChange={vi.fn()} error="Required field" warning="Check" />,
    );
    expect(document.querySelector('[data-cy="invalid-feedback"]')).toBeNull();
    expect(screen.getByText('Check')).toBeTruthy();
    expect(screen.getByRole('button').getAttribute('data-invalid')).toBeNull();
  });
});
