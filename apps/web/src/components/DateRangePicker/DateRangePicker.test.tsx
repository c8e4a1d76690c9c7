import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { namedRange } from '../../lib/date-ranges';
import { DateRangePicker } from './DateRangePicker';

const TODAY = '2026-03-05';

describe('DateRangePicker', () => {
  it('applies a named range at once, computed from today', async () => {
    const onChange = vi.fn();
    render(
      <DateRangePicker value={namedRange('last6DaysAndToday', TODAY)} onChange={onChange} today={TODAY} />,
    );
    expect(screen.getByRole('button', { name: /Date range/ }).textContent).toContain('Last 6 days & Today');
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledWith({ preset: 'yesterday', from: '2026-03-04', to: '2026-03-04' });
  });

  it('applies a custom range only with both dates, in order', async () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={namedRange('today', TODAY)} onChange={onChange} today={TODAY} />);
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Custom' }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-03' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-20' } });
    await userEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith({ preset: 'custom', from: '2026-02-20', to: '2026-03-03' });
  });
});
