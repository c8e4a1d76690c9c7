import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelAnswers } from '../google-ads/google-ads-channel-test-support';
import { mockApi, renderRoutes } from '../session/session-test-support';

/**
 * The Meta and Microsoft wizards against the specification itself (issue 35): the texts are read from
 * ../shared/spec/02-analytics-sensors-integrations.md beside the checkout, with the brand substitution
 * of ../shared/spec/README.md, never from a copy.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SPEC = path.resolve(here, '../../../../../../shared/spec/02-analytics-sensors-integrations.md');

/** The spec README's substitution: another brand becomes Veracity; "the product" is Veracity. */
function withBrand(text: string): string {
  return text
    .replace(/\b(?!Veracity)[A-Z][A-Za-z]*ExcludeVisitor\b/g, 'VeracityExcludeVisitor')
    .replace(/Category = (?!Veracity)\w+/g, 'Category = Veracity')
    .replace(/\bthe product's\b/g, "Veracity's");
}

interface SpecStep {
  title: string;
  panels: number;
  text: string;
  /** The phrases the spec quotes: the screen's own words, which the step must show. */
  quoted: string[];
}

function specWizard(heading: string): { line: string; steps: SpecStep[] } {
  const lines = withBrand(readFileSync(SPEC, 'utf8')).split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  expect(start, `${heading} in the spec`).toBeGreaterThanOrEqual(0);
  const steps: SpecStep[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^(\d+)\. (.+?) \((\d+) panels?\): (.*)$/.exec(line);
    if (!match) break;
    const [, , title, panels, text] = match;
    steps.push({
      title: title ?? '',
      panels: Number(panels),
      text: text ?? '',
      quoted: [...(text ?? '').matchAll(/"([^"]+)"/g)].map((quote) => quote[1] ?? ''),
    });
  }
  return { line: lines[start] ?? '', steps };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** Opens each step from the menu and reads its panels. */
async function renderedSteps(path: string) {
  mockApi(channelAnswers());
  renderRoutes(path);
  const menu = await screen.findByRole('navigation', { name: 'Integration steps' });
  const buttons = within(menu).getAllByRole('button');
  const steps: { label: string; panels: number; text: string }[] = [];
  for (const button of buttons) {
    await userEvent.click(button);
    const panels = screen.getAllByTestId('stepper-panel');
    steps.push({
      label: button.textContent ?? '',
      panels: panels.length,
      text: panels.map((panel) => panel.textContent ?? '').join(' '),
    });
  }
  return steps;
}

describe('the Meta Ads wizard, as the spec writes it', () => {
  it('has the spec’s breadcrumb, heading, intro, and steps with their titles and panels', async () => {
    const spec = specWizard('Meta Ads Integration Steps:');
    const intro = /intro "([^"]+)"/.exec(spec.line)?.[1];
    const steps = await renderedSteps('/integrations/facebook-ads/linking');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integration Steps');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Meta Ads', 'Integration Steps']);
    expect(spec.line).toContain('breadcrumb "Meta Ads" > "Integration Steps"');
    expect(
      within(crumbs[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/integrations/facebook-ads/overview');
    expect(screen.getByTestId('wizard-intro').textContent).toBe(intro);
    expect(steps.map((step) => step.label)).toEqual(
      spec.steps.map((step, n) => `${n + 1}${n + 1}. ${step.title}`),
    );
    expect(steps.map((step) => step.panels)).toEqual(spec.steps.map((step) => step.panels));
    for (const [n, step] of spec.steps.entries()) {
      for (const phrase of step.quoted) expect(steps[n]?.text).toContain(phrase);
    }
    // Step 2: the event and the retention the spec names.
    const event = /choose event (\w+)/.exec(spec.steps[2]?.text ?? '')?.[1];
    const days = /retention to (\d+) days/.exec(spec.steps[2]?.text ?? '')?.[1];
    expect(event).toBe('VeracityExcludeVisitor');
    expect(steps[2]?.text).toContain(event);
    expect(steps[2]?.text).toContain(`${days} days`);
  });
});

describe('the Microsoft Ads wizard, as the spec writes it', () => {
  it('has the Meta layout and intro with "Microsoft", and the steps with their titles and panels', async () => {
    const meta = specWizard('Meta Ads Integration Steps:');
    const spec = specWizard('Microsoft Ads Integration Steps:');
    expect(spec.line).toContain('same layout and intro with "Microsoft"');
    const intro = /intro "([^"]+)"/.exec(meta.line)?.[1]?.replace('Meta', 'Microsoft');
    const steps = await renderedSteps('/integrations/microsoft-ads/linking');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Microsoft Ads', 'Integration Steps']);
    expect(screen.getByTestId('wizard-intro').textContent).toBe(intro);
    expect(steps.map((step) => step.label)).toEqual(
      spec.steps.map((step, n) => `${n + 1}${n + 1}. ${step.title}`),
    );
    expect(steps.map((step) => step.panels)).toEqual(spec.steps.map((step) => step.panels));
    for (const [n, step] of spec.steps.entries()) {
      for (const phrase of step.quoted) expect(steps[n]?.text).toContain(phrase);
    }
    // The custom event table: each value as the spec gives it, with its own copy button.
    const table =
      /Category = \w+; Action = \w+; Label = \w+; Value = \w+/.exec(spec.steps[2]?.text ?? '')?.[0] ?? '';
    const pairs = table.split('; ').map((pair) => pair.split(' = '));
    expect(pairs).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: /3\. Create custom event/ }));
    for (const [field, value] of pairs) {
      const row = screen.getByTestId(`uet-event-${field?.toLowerCase()}`);
      expect(within(row).getByRole('code').textContent ?? row.textContent).toContain(value);
      expect(within(row).getByRole('button', { name: `Copy ${field}` })).toBeTruthy();
    }
    const days = /membership duration to (\d+) days/.exec(spec.steps[2]?.text ?? '')?.[1];
    expect(steps[2]?.text).toContain(`${days} days`);
  });
});
