/** How every Recharts tooltip of the dashboard looks: the design system's border, shadow and size. */
export const CHART_TOOLTIP_STYLE = {
  borderRadius: 6,
  border: '1px solid var(--color-border)',
  boxShadow: 'var(--shadow-tooltip)',
  fontSize: 12,
};
