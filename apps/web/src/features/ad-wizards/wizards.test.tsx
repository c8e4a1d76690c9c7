import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelAnswers } from '../google-ads/google-ads-channel-test-support';
import { mockApi, ok, renderRoutes } from '../session/session-test-support';
import { META_STEPS } from './meta-wizard';
import { MICROSOFT_STEPS } from './microsoft-wizard';
import { stepConfigs } from './Wizard';

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const activeStep = () =>
  within(screen.getByRole('navigation', { name: 'Integration steps' }))
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-current') === 'step')?.textContent;

describe('the wizards’ steps', () => {
  it('describes each step by title, zero-based step and number of panels', () => {
    expect(stepConfigs(MICROSOFT_STEPS)).toEqual([
      { title: 'UET tag installation', step: 0, numSubSteps: 1 },
      { title: 'Create a new audience', step: 1, numSubSteps: 2 },
      { title: 'Create custom event', step: 2, numSubSteps: 2 },
      { title: 'Exclusion automation', step: 3, numSubSteps: 3 },
    ]);
    expect(stepConfigs(META_STEPS).map((step) => step.numSubSteps)).toEqual([1, 3, 1, 1]);
  });

  it('keeps the step of each feature for the session: Meta where it was left, Microsoft its own', async () => {
    mockApi(channelAnswers());
    renderRoutes('/integrations/facebook-ads/linking');
    await screen.findByTestId('wizard-meta');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(activeStep()).toBe('33. Select a new event');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    document.body.innerHTML = '';
    mockApi(channelAnswers());
    renderRoutes('/integrations/microsoft-ads/linking');
    await screen.findByTestId('wizard-microsoft');
    expect(activeStep()).toBe('11. UET tag installation');
    document.body.innerHTML = '';
    mockApi(channelAnswers());
    renderRoutes('/integrations/facebook-ads/linking');
    await screen.findByTestId('wizard-meta');
    expect(activeStep()).toBe('33. Select a new event');
  });

  it('shows the js wizard above the snippet until it is done, then one line that opens it again', async () => {
    mockApi({ ...channelAnswers(), 'GET /sensors/recent-hits': ok([]) });
    renderRoutes('/setup/sensor-js');
    const wizard = await screen.findByTestId('wizard-js');
    const snippet = screen.getByTestId('sensor-js-snippet-card');
    expect(wizard.compareDocumentPosition(snippet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(wizard).getByRole('navigation', { name: 'Integration steps' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('wizard-js-toggle'));
    expect(within(wizard).queryByRole('navigation', { name: 'Integration steps' })).toBeNull();
    expect(localStorage.getItem('opt-wizard-js-done')).toBe('1');
    await userEvent.click(screen.getByTestId('wizard-js-toggle'));
    expect(within(wizard).getByRole('navigation', { name: 'Integration steps' })).toBeTruthy();
  });
});
