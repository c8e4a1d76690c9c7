import './styles/tokens.css';
import './styles/base.css';
import { installGlobalErrorHandlers } from './features/error-reporting/report-error';
import { showLoadFailure } from './features/errors/load-failure';
import { SESSION_PATHS } from './features/session/session-paths';
import { readActiveRelationshipId, readToken } from './features/session/session-storage';
import { apiUrl } from './lib/api-url';
import { startEarlyRequest } from './lib/early-requests';
import { preloadPage } from './page-modules';

// Errors from the first moment on are kept for error reporting (sent once the app knows where to).
installGlobalErrorHandlers();

/**
 * The page's first script, kept small so that it runs at once: it asks the server for what every
 * screen begins with and starts loading the code of the screen the address names, then loads the
 * application, which finds both under way instead of starting them after its own code has run.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const token = readToken();
if (token) {
  startEarlyRequest(apiUrl(SESSION_PATHS.me), token);
  startEarlyRequest(apiUrl(SESSION_PATHS.permissions), token);
  if (readActiveRelationshipId() !== null) startEarlyRequest(apiUrl(SESSION_PATHS.settings), token);
  preloadPage(window.location);
}

// A page left open over a deploy, or a dropped connection, can find the application's code gone: the
// error screen shows instead of a blank page.
void import('./app').then(({ renderApp }) => renderApp(root)).catch(() => showLoadFailure(root));
