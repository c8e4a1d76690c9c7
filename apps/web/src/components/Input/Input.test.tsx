import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Input } from './Input';

describe('Input', () => {
  it('is labelled and passes typing through', async () => {
    const onChange = vi.fn();
    render(<Input label="Alert Name" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Alert Name'), 'Spike');
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('takes the full width by default and 160 px with width m', () => {
    const { container, rerender } = render(<Input label="a" />);
    expect(container.firstElementChild?.classList.contains('max')).toBe(true);
    rerender(<Input label="a" width="m" />);
    expect(container.firstElementChild?.classList.contains('m')).toBe(true);
  });

  it('shows the error of a touched field with an invalid border', () => {
    render(<Input label="Threshold" touched error="Use only numeric values between 0.01-100" />);
    const input = screen.getByLabelText('Threshold');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const feedback = document.querySelector('[data-cy="invalid-feedback"]');
    expect(feedback?.textContent).toBe('Use only numeric values between 0.01-100');
    expect(input.getAttribute('aria-describedby')).toBe(feedback?.id);
  });

  it('shows the warning, not the error, before the field is touched', () => {
    render(<Input label="Threshold" error="Required field" warning="Unusually high" />);
    expect(document.querySelector('[data-cy="invalid-feedback"]')).toBeNull();
    expect(screen.getByText('Unusually high')).toBeTruthy();
    expect(screen.getByLabelText('Threshold').getAttribute('aria-invalid')).toBeNull();
  });
});
