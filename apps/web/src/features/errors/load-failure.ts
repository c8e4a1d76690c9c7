import buttonStyles from '../../components/Button/Button.module.css';
import logoStyles from '../../components/Logo/Logo.module.css';
import styles from './RouteErrorScreen.module.css';
import { RELOAD_LABEL, ROUTE_ERROR_MESSAGE } from './route-error-message';

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className: string | undefined,
  text?: string,
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The error screen for when the application's own code cannot be fetched (a deploy replaced it while
 * the page was open, or the network dropped): React is in that code, so the page's first script builds
 * the same screen as the routes' (RouteErrorScreen) from the document, with its reload button.
 */
export function showLoadFailure(
  root: HTMLElement,
  reload: () => void = () => window.location.reload(),
): void {
  const screen = element('main', styles.screen);
  screen.dataset.testid = 'route-error';
  const card = element('div', styles.card);
  card.setAttribute('role', 'alert');

  const logo = element('span', logoStyles.logo);
  logo.append(element('span', logoStyles.word, 'Veracity'));

  const button = element('button', [buttonStyles.button, buttonStyles.secondary, buttonStyles.m].join(' '));
  button.type = 'button';
  button.append(element('span', buttonStyles.label, RELOAD_LABEL));
  button.addEventListener('click', () => reload());
  const actions = element('div', styles.actions);
  actions.append(button);

  card.append(logo, element('p', styles.message, ROUTE_ERROR_MESSAGE), actions);
  screen.append(card);
  root.replaceChildren(screen);
}
