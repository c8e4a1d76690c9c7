import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const scrollBy = vi.fn();

function layout(track: HTMLElement, { scrollLeft, clientWidth, scrollWidth }: Record<string, number>) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: scrollWidth });
  track.scrollLeft = scrollLeft ?? 0;
  fireEvent.scroll(track);
}

function setup() {
  render(
    <Carousel label="Channels">
      {['google', 'facebook', 'tiktok', 'microsoft'].map((name) => (
        <article key={name}>{name}</article>
      ))}
    </Carousel>,
  );
  const track = screen.getByTestId('carousel-track');
  track.scrollBy = scrollBy as typeof track.scrollBy;
  return track;
}

afterEach(() => {
  scrollBy.mockReset();
  vi.mocked(window.matchMedia).mockClear();
});

describe('Carousel', () => {
  it('disables the left arrow at the start and the right arrow at the end', () => {
    const track = setup();
    layout(track, { scrollLeft: 0, clientWidth: 400, scrollWidth: 1000 });
    expect(screen.getByRole('button', { name: 'Scroll left' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Scroll right' }).hasAttribute('disabled')).toBe(false);
    layout(track, { scrollLeft: 600, clientWidth: 400, scrollWidth: 1000 });
    expect(screen.getByRole('button', { name: 'Scroll left' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Scroll right' }).hasAttribute('disabled')).toBe(true);
  });

  it('scrolls smoothly by 217 px per arrow click', async () => {
    const track = setup();
    layout(track, { scrollLeft: 200, clientWidth: 400, scrollWidth: 1000 });
    await userEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 217, behavior: 'smooth' });
    await userEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -217, behavior: 'smooth' });
  });

  it('jumps without animation when the user prefers reduced motion', async () => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    }));
    const track = setup();
    layout(track, { scrollLeft: 0, clientWidth: 400, scrollWidth: 1000 });
    await userEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 217, behavior: 'auto' });
  });
});
