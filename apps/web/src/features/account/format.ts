/** Dates on the account screens, in the dashboard's default locale (spec 01 §9: en-ES). */
const DATE = new Intl.DateTimeFormat('en-ES', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | null, empty = '–'): string {
  const date = parse(value);
  return date ? DATE.format(date) : empty;
}

export function formatDateTime(value: string | null, empty = 'Never'): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : empty;
}
