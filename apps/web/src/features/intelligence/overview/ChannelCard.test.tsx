import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChannelFigures } from '@veracity/contracts/home';
import { visibleViews } from '@veracity/contracts/plans';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelCard } from './ChannelCard';
import { CHANNEL_PAGE_PLAN_TOOLTIP, CREATE_ALERT_PLAN_TOOLTIP, channelCardGates } from './channel-gates';
import type { ChannelAlertDraft } from './channel-links';

const range = { from: '2026-03-01', to: '2026-03-07' };

function figures(overrides: Partial<ChannelFigures> = {}): ChannelFigures {
  return {
    type: 'google',
    invalidVisits: 1234,
    percentInvalidTraffic: 12.345,
    evolution: 25,
    totalVisits: 10_000,
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderCard(
  plan: 'free_trial' | 'lite' | 'pro' | 'demo',
  card: Partial<ChannelFigures> = {},
  onCreateAlert: (draft: ChannelAlertDraft) => void = () => undefined,
) {
  const data = figures(card);
  const gates = channelCardGates(data.type, plan, visibleViews(plan, []));
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Location />
            <ChannelCard figures={data} range={range} gates={gates} onCreateAlert={onCreateAlert} />
          </>
        ),
      },
    ],
    { initialEntries: ['/intelligence/overview'] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByTestId(`channel-card-${data.type}`);
}

const back = () => screen.getByTestId('channel-card-back');

afterEach(() => vi.useRealTimers());

describe('ChannelCard front', () => {
  it('shows the logo, invalid visits, total invalid traffic and evolution in the spec locale', () => {
    const card = renderCard('pro');
    expect(within(card).getByRole('heading', { name: 'Google' })).toBeTruthy();
    expect(card.querySelector('[data-channel-logo="google"]')).toBeTruthy();
    expect(within(card).getByText('Invalid visits')).toBeTruthy();
    expect(within(card).getByTestId('channel-invalid-visits').textContent).toBe('1.234');
    expect(within(card).getByText('Total invalid traffic')).toBeTruthy();
    expect(within(card).getByTestId('channel-invalid-percent').textContent).toBe('12,35%');
    expect(within(card).getByTestId('channel-evolution').textContent).toBe('▲ +25,00%');
    expect(within(card).getByTestId('channel-evolution').className).toContain('worse');
  });

  it('shows a dash for a channel without visits or without a previous period', () => {
    const card = renderCard('pro', { invalidVisits: 0, percentInvalidTraffic: null, evolution: null });
    expect(within(card).getByTestId('channel-invalid-percent').textContent).toBe('–');
    expect(within(card).getByTestId('channel-evolution').textContent).toBe('–');
  });
});

describe('ChannelCard flip', () => {
  it('flips to the back with the options button, focuses the first action, and flips back', async () => {
    const card = renderCard('pro');
    expect(card.getAttribute('data-flipped')).toBe('false');
    expect(back().hasAttribute('inert')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Options for Google' }));
    expect(card.getAttribute('data-flipped')).toBe('true');
    expect(back().hasAttribute('inert')).toBe(false);
    expect(document.activeElement?.textContent).toBe('Go to Analytics');
    await userEvent.click(within(back()).getByRole('button', { name: 'Back to Google figures' }));
    expect(card.getAttribute('data-flipped')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options for Google' }));
  });

  it('turns back with Escape', async () => {
    const card = renderCard('pro');
    await userEvent.click(screen.getByRole('button', { name: 'Options for Google' }));
    fireEvent.keyDown(back(), { key: 'Escape' });
    expect(card.getAttribute('data-flipped')).toBe('false');
  });

  it('links Go to Analytics to the channel filter, the range and threats=0', async () => {
    renderCard('pro');
    await userEvent.click(screen.getByRole('button', { name: 'Options for Google' }));
    await userEvent.click(within(back()).getByRole('link', { name: 'Go to Analytics' }));
    const location = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(location.pathname).toBe('/intelligence/analytics');
    expect(location.searchParams.get('dimensions')).toBe('trafficType');
    expect(location.searchParams.get('from')).toBe('2026-03-01');
    expect(location.searchParams.get('to')).toBe('2026-03-07');
    expect(location.searchParams.get('threats')).toBe('0');
    expect(JSON.parse(location.searchParams.get('filters') ?? '')).toEqual([
      { column: 'trafficType', type: 'equals', values: ['google'] },
    ]);
  });

  it('hands the channel draft to Create Alert', async () => {
    const onCreateAlert = vi.fn();
    renderCard('pro', { type: 'facebook' }, onCreateAlert);
    await userEvent.click(screen.getByRole('button', { name: 'Options for Meta (Facebook and Instagram)' }));
    await userEvent.click(within(back()).getByRole('button', { name: 'Create Alert' }));
    expect(onCreateAlert).toHaveBeenCalledWith(
      expect.objectContaining({
        dimensions: ['trafficType'],
        values: { trafficType: ['facebook'] },
        threshold: 3,
        minEvents: 500,
      }),
    );
  });

  it('goes to the channel page: google search/display', async () => {
    renderCard('pro');
    await userEvent.click(screen.getByRole('button', { name: 'Options for Google' }));
    await userEvent.click(within(back()).getByRole('button', { name: 'See Channel Page' }));
    expect(screen.getByTestId('location').textContent).toBe('/integrations/google-ads/search-display');
  });

  it('offers no channel page for channels other than google, facebook, microsoft and tiktok', async () => {
    renderCard('pro', { type: 'reddit' });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Reddit' }));
    expect(within(back()).queryByRole('button', { name: 'See Channel Page' })).toBeNull();
    expect(within(back()).getByRole('button', { name: 'Create Alert' })).toBeTruthy();
  });
});

describe('ChannelCard plan gating (spec 02 §2)', () => {
  it('free: the options button is unavailable, with the Create Alert tooltip, and does not flip', async () => {
    vi.useFakeTimers();
    const card = renderCard('free_trial');
    const options = screen.getByRole('button', { name: 'Options for Google' });
    expect(options.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(options);
    expect(card.getAttribute('data-flipped')).toBe('false');
    fireEvent.pointerMove(options, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('tooltip').textContent).toContain(CREATE_ALERT_PLAN_TOOLTIP);
  });

  it('free: Create Alert is unavailable on the back too', () => {
    const gates = channelCardGates('google', 'free_trial', visibleViews('free_trial', []));
    expect(gates).toEqual({ options: 'plan', createAlert: 'plan', channelPage: 'plan' });
  });

  it('lite: See Channel Page is unavailable, with its tooltip; Create Alert works', async () => {
    const onCreateAlert = vi.fn();
    renderCard('lite', {}, onCreateAlert);
    await userEvent.click(screen.getByRole('button', { name: 'Options for Google' }));
    const channelPage = within(back()).getByRole('button', { name: 'See Channel Page' });
    expect(channelPage.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(channelPage);
    expect(screen.getByTestId('location').textContent).toBe('/intelligence/overview');
    await userEvent.hover(channelPage);
    expect((await screen.findByRole('tooltip')).textContent).toContain(CHANNEL_PAGE_PLAN_TOOLTIP);
    await userEvent.click(within(back()).getByRole('button', { name: 'Create Alert' }));
    expect(onCreateAlert).toHaveBeenCalledTimes(1);
  });

  it('pro and demo: every action is available', () => {
    for (const plan of ['pro', 'demo'] as const) {
      expect(channelCardGates('tiktok', plan, visibleViews(plan, []))).toEqual({
        options: 'enabled',
        createAlert: 'enabled',
        channelPage: 'enabled',
      });
    }
  });
});
