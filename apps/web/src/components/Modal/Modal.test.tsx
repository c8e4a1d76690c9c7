import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../Button/Button';
import { Modal } from './Modal';

function Harness({ closeOnOutsideClick }: { closeOnOutsideClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create Alert</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="New alert"
        closeOnOutsideClick={closeOnOutsideClick}
        footer={<Button>Save</Button>}
      >
        <input aria-label="Alert Name" />
      </Modal>
    </>
  );
}

async function openModal() {
  await userEvent.click(screen.getByRole('button', { name: 'Create Alert' }));
  return screen.getByRole('dialog', { name: 'New alert' });
}

describe('Modal', () => {
  it('opens with its title and closes on Escape', async () => {
    render(<Harness />);
    await openModal();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on an outside click by default', async () => {
    render(<Harness />);
    await openModal();
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on an outside click when that is turned off', async () => {
    render(<Harness closeOnOutsideClick={false} />);
    await openModal();
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps focus inside', async () => {
    render(<Harness />);
    const dialog = await openModal();
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes with its close button', async () => {
    render(<Harness />);
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
