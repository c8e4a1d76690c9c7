import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './Stepper';

const steps = [
  { title: 'Create the audience', panels: <p>Audience panel</p> },
  { title: 'Install the pixel', panels: [<p key="a">Pixel A</p>, <p key="b">Pixel B</p>] },
  { title: 'Verify', panels: <p>Verify panel</p> },
];

function activeTitle() {
  return screen.getByRole('navigation').querySelector('[aria-current="step"]')?.textContent;
}

describe('Stepper', () => {
  it('lists the steps as "{n}. {title}" and starts at step 0 without Back', () => {
    render(<Stepper steps={steps} />);
    expect(screen.getByRole('button', { name: /1\. Create the audience/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /3\. Verify/ })).toBeTruthy();
    expect(activeTitle()).toContain('1. Create the audience');
    expect(screen.getByText('Audience panel')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('moves with Next and Back', async () => {
    const onStepChange = vi.fn();
    render(<Stepper steps={steps} onStepChange={onStepChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(activeTitle()).toContain('2. Install the pixel');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(activeTitle()).toContain('1. Create the audience');
    expect(onStepChange.mock.calls).toEqual([[1], [0]]);
  });

  it('jumps to a clicked step and hides Next on the last one', async () => {
    render(<Stepper steps={steps} />);
    await userEvent.click(screen.getByRole('button', { name: /3\. Verify/ }));
    expect(activeTitle()).toContain('3. Verify');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('stacks the panels of a step with the footer on the last panel only', async () => {
    render(<Stepper steps={steps} />);
    await userEvent.click(screen.getByRole('button', { name: /2\. Install the pixel/ }));
    const panels = screen.getAllByTestId('stepper-panel');
    expect(panels).toHaveLength(2);
    expect(panels[0]?.querySelector('footer')).toBeNull();
    expect(panels[1]?.querySelector('footer')).not.toBeNull();
  });

  it('marks ready steps and keeps Next unavailable while the current step is not ready', async () => {
    const onStepChange = vi.fn();
    render(
      <Stepper
        steps={[
          { title: 'Connect', panels: <p>Connect panel</p>, ready: false },
          { title: 'Pick', panels: <p>Pick panel</p>, ready: true },
        ]}
        onStepChange={onStepChange}
      />,
    );
    expect(screen.getByRole('button', { name: /2\. Pick \(ready\)/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /1\. Connect \(ready\)/ })).toBeNull();
    // A step not ready carries no ready mark (its marker keeps the step number).
    expect(screen.getByRole('button', { name: /1\. Connect/ }).hasAttribute('data-ready')).toBe(false);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Complete this step to continue')).toBeTruthy();
    await userEvent.click(next);
    expect(onStepChange).not.toHaveBeenCalled();
    expect(activeTitle()).toContain('1. Connect');
  });
});
