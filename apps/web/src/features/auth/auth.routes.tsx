import type { RouteObject } from 'react-router';
import { AccountInactivePage, AccountMissingPage, BlockedPage, ForbiddenPage } from './AccountStatusPages';
import { EmailVerificationPage } from './EmailVerificationPage';
import { LoginAsPage } from './LoginAsPage';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { PreregisterPage } from './PreregisterPage';
import { RememberPage } from './RememberPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { RolePage } from './RolePage';
import { SignupPage } from './SignupPage';
import { SignupPlanPage } from './SignupPlanPage';
import { UnsubscribePage } from './UnsubscribePage';
import { EmailVerificationPendingPage, TrialEmailVerificationPendingPage } from './VerificationNoticePages';

/** Public screens (spec 01 §2): the auth layout, outside the guard. */
export const publicRoutes: RouteObject[] = [
  {
    path: 'auth',
    children: [
      { path: 'login', element: <LoginPage />, handle: { title: 'Log in' } },
      { path: 'login-as', element: <LoginAsPage />, handle: { title: 'Support session' } },
      { path: 'preregister', element: <PreregisterPage />, handle: { title: 'Accept invitation' } },
      { path: 'signup', element: <SignupPage />, handle: { title: 'Sign up' } },
      { path: 'signup-plan', element: <SignupPlanPage />, handle: { title: 'Sign up' } },
      { path: 'remember', element: <RememberPage />, handle: { title: 'Forgot password' } },
      { path: 'reset-password', element: <ResetPasswordPage />, handle: { title: 'Reset password' } },
      {
        path: 'email-verification-pending',
        element: <EmailVerificationPendingPage />,
        handle: { title: 'Location not recognised' },
      },
      {
        path: 'trial-email-verification-pending',
        element: <TrialEmailVerificationPendingPage />,
        handle: { title: 'Verify your email' },
      },
    ],
  },
  { path: 'email-verification', element: <EmailVerificationPage />, handle: { title: 'Email verification' } },
  { path: 'account-inactive', element: <AccountInactivePage />, handle: { title: 'Account inactive' } },
  { path: 'account-missing', element: <AccountMissingPage />, handle: { title: 'Account not available' } },
  { path: 'blocked', element: <BlockedPage />, handle: { title: 'Account blocked' } },
  { path: '403-forbidden', element: <ForbiddenPage />, handle: { title: 'Access unavailable' } },
  { path: 'performance/unsubscribe', element: <UnsubscribePage />, handle: { title: 'Unsubscribe' } },
  { path: 'role', element: <RolePage />, handle: { view: 'role', title: 'Select an account' } },
  { path: 'logout', element: <LogoutPage />, handle: { title: 'Log out' } },
];
