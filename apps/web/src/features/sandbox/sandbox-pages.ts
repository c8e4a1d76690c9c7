/** The catalogue's pages, in menu order (spec 02 §2, sandbox). */
export const SANDBOX_PAGES = [
  { path: 'buttons', title: 'Buttons', summary: 'Variations, sizes, states, binary pairs and copy.' },
  { path: 'dropdowns', title: 'Dropdowns', summary: 'Widths, directions, error and warning feedback.' },
  {
    path: 'text',
    title: 'Text & tokens',
    summary: 'Type scale, colours, risk tiers, series palette, spacing.',
  },
  { path: 'inputs', title: 'Inputs', summary: 'Input, radio group and toggle with their states.' },
  { path: 'radio', title: 'Radio', summary: 'Radio groups: orientation, error and warning.' },
  { path: 'toggle', title: 'Toggle', summary: 'Active/inactive toggles and their colour sets.' },
  { path: 'carousel', title: 'Carousel', summary: 'Channel cards scrolling 217 px per arrow.' },
  { path: 'tooltip', title: 'Tooltip', summary: 'Sides, delay and plan-gating explanations.' },
  { path: 'overlays', title: 'Overlays', summary: 'Modal, notifications and spinners.' },
  { path: 'stepper', title: 'Stepper', summary: 'The vertical integration stepper.' },
  {
    path: 'slide-panes',
    title: 'Slide panes',
    summary: 'Create and edit forms in a stack of panes: push, pop, close all.',
  },
  {
    path: 'report-filters',
    title: 'Report filters',
    summary: 'Match all or any, column submenus, the virtualised multi-select picker.',
  },
  {
    path: 'shell',
    title: 'Navigation shell',
    summary: 'The private screens frame: rail, top bar, page header.',
  },
] as const;
