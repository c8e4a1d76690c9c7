/** What every private screen asks first, relative to the API base: the page's first script starts these. */
export const SESSION_PATHS = {
  me: '/me',
  permissions: '/me/permissions',
  /** The active account's settings: asked only once an account is chosen. */
  settings: '/me/settings',
} as const;
