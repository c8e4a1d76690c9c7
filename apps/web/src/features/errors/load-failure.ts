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

function svgElement(tag: 'svg' | 'rect' | 'path', attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The Veracity mark, as the Logo component draws it. */
function logoMark(): SVGElement {
  const svg = svgElement('svg', {
    class: logoStyles.mark ?? '',
    viewBox: '0 0 32 32',
    'aria-hidden': 'true',
  });
  svg.append(
    svgElement('rect', { width: '32', height: '32', rx: '7', fill: 'var(--color-primary)' }),
    svgElement('path', {
      d: 'M8 9l8 15 8-15',
      fill: 'none',
      stroke: '#fff',
      'stroke-width': '3.2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
  );
  return svg;
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
  logo.append(logoMark(), element('span', logoStyles.word, 'Veracity'));

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
