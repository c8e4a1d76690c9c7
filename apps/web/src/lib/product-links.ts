/**
 * Where the dashboard points people outside itself: support, the legal documents and the
 * integration guide. One place, so a deployment changes them once.
 */
export const SUPPORT_EMAIL = 'support@veracity.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const TERMS_URL = 'https://veracity.example/terms';
export const PRIVACY_URL = 'https://veracity.example/privacy';
export const INTEGRATION_DOCS_URL = 'https://veracity.example/docs/integration';
