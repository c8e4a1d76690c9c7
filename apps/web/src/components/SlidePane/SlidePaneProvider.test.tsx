import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button';
import { SlidePaneFooter } from './SlidePaneFooter';
import { SlidePaneProvider } from './SlidePaneProvider';
import { useSlidePanes } from './use-slide-panes';

/** A pane body that can push the next level, pop itself or empty the stack. */
function Level({ n, onClose }: { n: number; onClose?: (n: number) => void }) {
  const panes = useSlidePanes();
  return (
    <div>
      <label>
        Name {n}
        <input />
      </label>
      <Button
        onClick={() =>
          panes.open({
            title: `Pane ${n + 1}`,
            content: <Level n={n + 1} onClose={onClose} />,
            onClose: () => onClose?.(n + 1),
          })
        }
      >
        Open pane {n + 1}
      </Button>
      <Button variation="white" onClick={panes.close}>
        Back {n}
      </Button>
      <Button variation="white" onClick={panes.closeAll}>
        Close all {n}
      </Button>
    </div>
  );
}

function Opener({ onClose }: { onClose?: (n: number) => void }) {
  const panes = useSlidePanes();
  return (
    <>
      <Button
        onClick={() =>
          panes.open({
            title: 'Pane 1',
            content: <Level n={1} onClose={onClose} />,
            onClose: () => onClose?.(1),
          })
        }
      >
        Create campaign
      </Button>
      <output data-testid="depth">{panes.depth}</output>
    </>
  );
}

function Locked() {
  const panes = useSlidePanes();
  return (
    <Button onClick={() => panes.open({ title: 'Offer', content: <p>Form</p>, closeOnOutsideClick: false })}>
      Edit offer
    </Button>
  );
}

/** A form that owns its Save button, shown in the pane's footer. */
function OfferForm({ onSave }: { onSave: (name: string) => void }) {
  const panes = useSlidePanes();
  return (
    <form
      id="offer-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(String(new FormData(event.currentTarget).get('name')));
        panes.close();
      }}
    >
      <label>
        Offer name
        <input name="name" />
      </label>
      <SlidePaneFooter>
        <Button type="submit" form="offer-form">
          Save offer
        </Button>
      </SlidePaneFooter>
    </form>
  );
}

function OfferOpener({ onSave }: { onSave: (name: string) => void }) {
  const panes = useSlidePanes();
  return (
    <Button onClick={() => panes.open({ title: 'Offer', content: <OfferForm onSave={onSave} /> })}>
      Create offer
    </Button>
  );
}

function Orphan() {
  useSlidePanes();
  return null;
}

function renderStack(onClose?: (n: number) => void) {
  const user = userEvent.setup();
  render(
    <SlidePaneProvider>
      <Opener onClose={onClose} />
    </SlidePaneProvider>,
  );
  return user;
}

/** The panes in the document, bottom first (closing ones leave once their content is gone). */
function openTitles() {
  return screen
    .queryAllByRole('dialog', { hidden: true })
    .map((dialog) => dialog.querySelector('h2')?.textContent);
}

function topPane() {
  // The panes below the top one are hidden from assistive technology while it is open.
  const visible = screen.getAllByRole('dialog');
  expect(visible).toHaveLength(1);
  return visible[0] as HTMLElement;
}

async function openThree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create campaign' }));
  await user.click(screen.getByRole('button', { name: 'Open pane 2' }));
  await user.click(screen.getByRole('button', { name: 'Open pane 3' }));
  expect(openTitles()).toEqual(['Pane 1', 'Pane 2', 'Pane 3']);
}

describe('SlidePaneProvider', () => {
  it('pushes panes on open and shows only the top one to assistive technology', async () => {
    const user = renderStack();
    await openThree(user);
    expect(screen.getByTestId('depth').textContent).toBe('3');
    expect(topPane().getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Pane 3' })).toBe(topPane());
    // The first pane shades the page; those opened over it only deepen the shade.
    const overlays = screen.getAllByTestId('slide-pane-overlay');
    expect(overlays.map((overlay) => overlay.hasAttribute('data-stacked'))).toEqual([false, true, true]);
  });

  it('pops the top pane on close, and empties the stack on close-all', async () => {
    const onClose = vi.fn();
    const user = renderStack(onClose);
    await openThree(user);

    await user.click(screen.getByRole('button', { name: 'Back 3' }));
    await waitFor(() => expect(openTitles()).toEqual(['Pane 1', 'Pane 2']));
    expect(onClose.mock.calls).toEqual([[3]]);
    expect(screen.getByTestId('depth').textContent).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Close all 2' }));
    await waitFor(() => expect(openTitles()).toEqual([]));
    // Every pane is told once, the top one first.
    expect(onClose.mock.calls).toEqual([[3], [2], [1]]);
    expect(screen.getByTestId('depth').textContent).toBe('0');
  });

  it('closes the top pane only on Escape', async () => {
    const user = renderStack();
    await openThree(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openTitles()).toEqual(['Pane 1', 'Pane 2']));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openTitles()).toEqual(['Pane 1']));
    expect(topPane()).toBe(screen.getByRole('dialog', { name: 'Pane 1' }));
  });

  it('closes the top pane only with its close button or an outside click', async () => {
    const user = renderStack();
    await openThree(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(openTitles()).toEqual(['Pane 1', 'Pane 2']));
    const overlays = screen.getAllByTestId('slide-pane-overlay');
    await user.click(overlays[overlays.length - 1] as HTMLElement);
    await waitFor(() => expect(openTitles()).toEqual(['Pane 1']));
  });

  it('gives the focus back to the opener of each pane as it closes', async () => {
    const user = renderStack();
    await openThree(user);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open pane 3' })),
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open pane 2' })),
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create campaign' })),
    );
  });

  it('gives the focus back to the first opener after close-all', async () => {
    const user = renderStack();
    await openThree(user);
    await user.click(screen.getByRole('button', { name: 'Close all 3' }));
    await waitFor(() => expect(openTitles()).toEqual([]));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create campaign' })),
    );
  });

  it('works from the keyboard: focus moves into the new pane and stays in the top one', async () => {
    const user = renderStack();
    screen.getByRole('button', { name: 'Create campaign' }).focus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('dialog', { name: 'Pane 1' });
    await waitFor(() => expect(first.contains(document.activeElement)).toBe(true));

    // Tab to "Open pane 2" and press it with the space bar.
    while (document.activeElement !== screen.getByRole('button', { name: 'Open pane 2' })) await user.tab();
    await user.keyboard(' ');
    const second = await screen.findByRole('dialog', { name: 'Pane 2' });
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(second.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open pane 2' })),
    );
  });

  it('keeps a pane open on an outside click when the pane turns that off', async () => {
    const user = userEvent.setup();
    render(
      <SlidePaneProvider>
        <Locked />
      </SlidePaneProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit offer' }));
    await user.click(screen.getByTestId('slide-pane-overlay'));
    expect(screen.getByRole('dialog', { name: 'Offer' })).toBeTruthy();
  });

  it('refuses to be used without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/SlidePaneProvider/);
  });

  it("puts a form's own buttons in the pane's footer, where they still submit the form", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <SlidePaneProvider>
        <OfferOpener onSave={onSave} />
      </SlidePaneProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    const pane = screen.getByRole('dialog', { name: 'Offer' });
    const save = await within(pane).findByRole('button', { name: 'Save offer' });
    expect(within(pane).getByTestId('slide-pane-footer').contains(save)).toBe(true);
    expect(pane.querySelector('form')?.contains(save)).toBe(false);

    await user.type(within(pane).getByRole('textbox', { name: 'Offer name' }), 'Summer VPN');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('Summer VPN');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
