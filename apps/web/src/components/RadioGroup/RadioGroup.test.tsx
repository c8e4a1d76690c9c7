import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './RadioGroup';

const options = [
  { value: 'click', label: 'Click' },
  { value: 'conversion', label: 'Conversion' },
];

describe('RadioGroup', () => {
  it('calls onChange with the chosen value', async () => {
    const onChange = vi.fn();
    render(<RadioGroup label="Alert Type" options={options} value="click" onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Alert Type' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Conversion' }));
    expect(onChange).toHaveBeenCalledWith('conversion');
  });

  it("shows a touched field's error", () => {
    render(
      <RadioGroup
        label="Type"
        options={options}
        value={null}
        onChange={vi.fn()}
        touched
        error="Required field"
        warning="w"
      />,
    );
    const feedback = document.querySelector('[data-cy="invalid-feedback"]');
    expect(feedback?.textContent).toBe('Required field');
    expect(screen.queryByText('w')).toBeNull();
  });

  it('shows the warning while the field is untouched', () => {
    render(
      <RadioGroup
        label="Type"
        options={options}
        value={null}
        onChange={vi.fn()}
        error="Required field"
        warning="Heads up"
      />,
    );
    expect(document.querySelector('[data-cy="invalid-feedback"]')).toBeNull();
    expect(screen.getByText('Heads up')).toBeTruthy();
  });
});

describe('RadioGroup descriptions', () => {
  it("reads an option's description with it", () => {
    render(
      <RadioGroup
        label="Method"
        options={[{ value: 'a', label: 'A', description: 'The first way' }, ...options]}
        value="a"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'A' }).getAttribute('aria-describedby')).toBe(
      screen.getByText('The first way').id,
    );
    expect(screen.getByRole('radio', { name: 'Click' }).getAttribute('aria-describedby')).toBeNull();
  });
});
