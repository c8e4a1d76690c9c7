import type { RouteObject } from 'react-router';
import { DevelopersPage } from '../developers/DevelopersPage';
import { OutboxPage } from '../support/OutboxPage';
import { SupportPage } from '../support/SupportPage';
import { AccessPage } from './AccessPage';
import { ChangelogPage } from './ChangelogPage';
import { LabelsPage } from './LabelsPage';
import { PlansPage } from './PlansPage';
import { SettingsPage } from './SettingsPage';
import { UserPage } from './UserPage';

/**
 * Private account screens (spec 01 §2: /account/*, /developers-settings), each with its view id.
 * /account/user holds the person's profile and, for admins, the users of the account: view "users".
 */
export const accountRoutes: RouteObject[] = [
  { path: 'account/user', element: <UserPage />, handle: { view: 'users', title: 'Profile & users' } },
  { path: 'account/labels', element: <LabelsPage />, handle: { view: 'labels', title: 'Labels' } },
  {
    path: 'account/access-login-settings',
    element: <AccessPage />,
    handle: { view: 'access', title: 'Access & login' },
  },
  // The account changelog (issue 40): under the settings view, read with account_changelog.
  {
    path: 'account/changelog',
    element: <ChangelogPage />,
    handle: { view: 'settings', title: 'Changelog' },
  },
  {
    path: 'account/settings',
    element: <SettingsPage />,
    handle: { view: 'settings', title: 'Account settings' },
  },
  { path: 'account/plans', element: <PlansPage />, handle: { view: 'plans', title: 'Plans' } },
  {
    path: 'developers-settings',
    element: <DevelopersPage />,
    handle: { view: 'developers_settings', title: 'Developers' },
  },
  // Support staff only (the server refuses everyone else); no plan view gates it.
  { path: 'support', element: <SupportPage />, handle: { title: 'Support' } },
  // The instance admin only (the server refuses everyone else): the mail the server wrote.
  { path: 'support/outbox', element: <OutboxPage />, handle: { title: 'Outbox' } },
];
