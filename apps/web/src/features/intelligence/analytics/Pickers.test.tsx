import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { describe, expect, it, vi } from 'vitest';
import { DimensionPicker, FREE_PLAN_DIMENSIONS_NOTE } from './DimensionPicker';
import { MetricPicker } from './MetricPicker';

const full: AnalyticsAccess = { free: false, google: true, firewall: true, allowedVars: 4 };
const free: AnalyticsAccess = { free: true, google: false, firewall: false, allowedVars: 4 };
const plain: AnalyticsAccess = { free: false, google: false, firewall: false, allowedVars: 2 };

async function openPicker(name: 'dimension-picker' | 'metric-picker') {
  await userEvent.click(screen.getByTestId(`${name}-trigger`));
  return screen.findByTestId(name);
}

const optionLabels = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('DimensionPicker', () => {
  it('shows the chosen dimensions in order on its trigger', () => {
    render(<DimensionPicker value={['trafficType', 'country']} access={full} onApply={vi.fn()} />);
    expect(screen.getByTestId('dimension-picker-trigger').textContent).toContain('Traffic Type › Country');
  });

  it('offers only Day and Traffic Type on the free plan, and says so', async () => {
    render(<DimensionPicker value={['day']} access={free} onApply={vi.fn()} />);
    const panel = await openPicker('dimension-picker');
    expect(optionLabels(panel)).toEqual(['Day', 'Traffic Type']);
    expect(panel.textContent).toContain(FREE_PLAN_DIMENSIONS_NOTE);
  });

  it('hides Google without the feature, Traffic and Visit Status without the firewall, vars past allowedVars', async () => {
    render(<DimensionPicker value={['trafficType']} access={plain} onApply={vi.fn()} />);
    const panel = await openPicker('dimension-picker');
    const labels = optionLabels(panel);
    expect(labels).not.toContain('Google Campaign ID');
    expect(labels).not.toContain('Campaign');
    expect(labels).not.toContain('Visit Status');
    expect(labels).toContain('Var 2');
    expect(labels).not.toContain('Var 3');
    expect(labels).toContain('Visit Analysis level');
    expect(within(panel).getByRole('group', { name: 'Time' })).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'Google' })).toBeNull();
  });

  it('adds, reorders and applies dimensions in the chosen order', async () => {
    const onApply = vi.fn();
    render(<DimensionPicker value={['trafficType']} access={full} onApply={onApply} />);
    const panel = await openPicker('dimension-picker');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Country' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Device' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Move Device up' }));
    expect(
      within(panel)
        .getAllByTestId('chosen-dimension')
        .map((item) => item.textContent),
    ).toEqual(['1.Traffic Type', '2.Device', '3.Country']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Traffic Type' }));
    await userEvent.click(screen.getByTestId('dimension-picker-apply'));
    expect(onApply).toHaveBeenCalledWith(['device', 'country']);
    expect(screen.queryByTestId('dimension-picker')).toBeNull();
  });

  it('allows five levels at most and cannot apply none', async () => {
    render(
      <DimensionPicker
        value={['trafficType', 'country', 'device', 'os', 'browser']}
        access={full}
        onApply={vi.fn()}
      />,
    );
    const panel = await openPicker('dimension-picker');
    expect((within(panel).getByRole('checkbox', { name: 'Day' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: 'Country' }) as HTMLInputElement).disabled).toBe(
      false,
    );
    for (const name of ['Traffic Type', 'Country', 'Device', 'OS', 'Browser']) {
      await userEvent.click(within(panel).getByRole('button', { name: `Remove ${name}` }));
    }
    expect((screen.getByTestId('dimension-picker-apply') as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel and Escape leave the dimensions as they were', async () => {
    const onApply = vi.fn();
    render(<DimensionPicker value={['trafficType']} access={full} onApply={onApply} />);
    let panel = await openPicker('dimension-picker');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Country' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('dimension-picker')).toBeNull();
    panel = await openPicker('dimension-picker');
    expect((within(panel).getByRole('checkbox', { name: 'Country' }) as HTMLInputElement).checked).toBe(
      false,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('MetricPicker', () => {
  it('groups the metrics and hides the firewall ones without the firewall', async () => {
    render(<MetricPicker value={['sessions', 'hits']} access={plain} onApply={vi.fn()} />);
    expect(screen.getByTestId('metric-picker-trigger').textContent).toContain('2 selected');
    const panel = await openPicker('metric-picker');
    expect(within(panel).getByRole('group', { name: /Sessions/ })).toBeTruthy();
    const labels = optionLabels(panel);
    expect(labels).toContain('Invalid Visits');
    expect(labels).toContain('Global CR');
    expect(labels).not.toContain('Delivered');
    expect(labels).not.toContain('Cost');
    // Status and labels describe a campaign, not traffic: never a column.
    expect(labels).not.toContain('Status');
    expect(labels).not.toContain('Labels');
  });

  it('applies the ticked metrics in catalogue order', async () => {
    const onApply = vi.fn();
    render(<MetricPicker value={['hits']} access={full} onApply={onApply} />);
    const panel = await openPicker('metric-picker');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Cost' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Sessions' }));
    await userEvent.click(screen.getByTestId('metric-picker-apply'));
    expect(onApply).toHaveBeenCalledWith(['sessions', 'hits', 'cost']);
  });

  it('selects a whole group, and goes back to the default metrics', async () => {
    const onApply = vi.fn();
    render(<MetricPicker value={['hits']} access={plain} onApply={onApply} />);
    const panel = await openPicker('metric-picker');
    await userEvent.click(within(panel).getByRole('button', { name: 'Select all Sessions metrics' }));
    await userEvent.click(screen.getByTestId('metric-picker-apply'));
    expect(onApply).toHaveBeenLastCalledWith([
      'sessions',
      'trafficVeracitySessions',
      'highRiskSessions',
      'mediumRiskSessions',
      'lowRiskSessions',
      'hits',
    ]);
    const again = await openPicker('metric-picker');
    await userEvent.click(within(again).getByRole('button', { name: 'Default metrics' }));
    await userEvent.click(screen.getByTestId('metric-picker-apply'));
    expect(onApply.mock.lastCall?.[0]).toEqual([
      'sessions',
      'hits',
      'trafficVeracityHits',
      'highRiskHits',
      'mediumRiskHits',
      'conversions',
      'trafficVeracityConversions',
      'highRiskConversions',
      'mediumRiskConversions',
      'lowRiskConversions',
    ]);
  });
});
