import type { PeriodFigures } from '@veracity/contracts/home';
import type { Mail } from './mailer.js';
import { escapeHtml } from './templates.js';

/**
 * The weekly performance mail (issue 39): the week's key figures against the week before, savings,
 * top threats, the campaigns most hit, what was excluded on the ad platforms, and links to the
 * dashboard and to unsubscribe. Every value is escaped in the HTML part; campaign names come from
 * tracked URLs and are written as text, never as links.
 */

export interface PerformanceFacts {
  firstName: string;
  companyName: string;
  /** The week covered, Monday to Sunday, `YYYY-MM-DD` in the account's zone. */
  from: string;
  to: string;
  currency: string;
  week: PeriodFigures;
  previousWeek: PeriodFigures;
  threats: { label: string; invalidVisits: number; previousInvalidVisits: number }[];
  campaigns: { name: string; invalidVisits: number; visits: number }[];
  exclusions: { platform: string; added: number; removed: number }[];
  dashboardUrl: string;
  unsubscribeUrl: string;
  /** The API address a mail client posts to for one-click unsubscribe (List-Unsubscribe-Post). */
  oneClickUnsubscribeUrl: string;
}

const COLORS = {
  blue: '#1f5eff',
  canvas: '#f6f7fb',
  border: '#e3e6ee',
  text: '#1b1f2a',
  muted: '#5b6375',
  legitimate: '#12a150',
  invalid: '#e5484d',
};
const FONT = 'Inter,system-ui,-apple-system,Segoe UI,Roboto,sans-serif';

const number = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function money(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(value);
  } catch {
    return `${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
  }
}

/** "Mon 16 Nov – Sun 22 Nov 2026" from two `YYYY-MM-DD` dates. */
export function weekLabel(from: string, to: string): string {
  const day = (date: string) => {
    const instant = new Date(`${date}T00:00:00.000Z`);
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options }).format(instant);
    return {
      text: `${part({ weekday: 'short' })} ${instant.getUTCDate()} ${part({ month: 'short' })}`,
      year: instant.getUTCFullYear(),
    };
  };
  const start = day(from);
  const end = day(to);
  return start.year === end.year
    ? `${start.text} – ${end.text} ${end.year}`
    : `${start.text} ${start.year} – ${end.text} ${end.year}`;
}

function share(part: number, total: number): number | null {
  return total === 0 ? null : (100 * part) / total;
}

/** "+12%" against the week before; null when there was nothing to compare with. */
function change(now: number, before: number): string | null {
  if (before === 0) return null;
  const delta = Math.round((100 * (now - before)) / before);
  return `${delta > 0 ? '+' : ''}${delta}%`;
}

interface Figure {
  label: string;
  value: string;
  comparison: string;
  /** The comparison's colour: by meaning (more invalid traffic is red), grey when neutral. */
  tone: string;
}

function toneOf(now: number, before: number, goodWhenUp: boolean | null): string {
  if (goodWhenUp === null || now === before) return COLORS.muted;
  return now > before === goodWhenUp ? COLORS.legitimate : COLORS.invalid;
}

function countFigure(label: string, now: number, before: number, goodWhenUp: boolean | null): Figure {
  const delta = change(now, before);
  return {
    label,
    value: number.format(now),
    comparison: `vs ${number.format(before)} the week before${delta ? ` (${delta})` : ''}`,
    tone: toneOf(now, before, goodWhenUp),
  };
}

function figuresOf(facts: PerformanceFacts): Figure[] {
  const { week, previousWeek } = facts;
  const nowShare = share(week.invalidVisits, week.totalVisits);
  const beforeShare = share(previousWeek.invalidVisits, previousWeek.totalVisits);
  const points = nowShare !== null && beforeShare !== null ? nowShare - beforeShare : null;
  return [
    countFigure('Total visits', week.totalVisits, previousWeek.totalVisits, null),
    countFigure('Invalid visits', week.invalidVisits, previousWeek.invalidVisits, false),
    countFigure('Legitimate visits', week.legitimateVisits, previousWeek.legitimateVisits, true),
    {
      label: 'Invalid share',
      value: nowShare === null ? '–' : `${percent.format(nowShare)}%`,
      comparison:
        beforeShare === null
          ? 'no visits the week before'
          : `vs ${percent.format(beforeShare)}% the week before${points === null ? '' : ` (${points >= 0 ? '+' : ''}${percent.format(points)} pts)`}`,
      tone: toneOf(nowShare ?? 0, beforeShare ?? 0, beforeShare === null ? null : false),
    },
  ];
}

function exclusionLine(entry: PerformanceFacts['exclusions'][number]): string {
  const added = `${number.format(entry.added)} ${entry.added === 1 ? 'IP or range' : 'IPs and ranges'} excluded`;
  return entry.removed > 0 ? `${added}, ${number.format(entry.removed)} released` : added;
}

function text(facts: PerformanceFacts, period: string, figures: Figure[]): string {
  const lines = [
    `Hello ${facts.firstName},`,
    '',
    `Here is how ${facts.companyName}'s traffic did last week, ${period}.`,
    '',
    'KEY FIGURES',
    ...figures.map((figure) => `- ${figure.label}: ${figure.value}, ${figure.comparison}`),
    '',
    'SAVINGS',
    `- ${money(facts.week.savings, facts.currency)} not paid for invalid clicks on paid channels, vs ${money(facts.previousWeek.savings, facts.currency)} the week before`,
    '',
    'TOP THREATS',
    ...(facts.threats.length === 0
      ? ['- No invalid visit this week.']
      : facts.threats.map(
          (threat) =>
            `- ${threat.label}: ${number.format(threat.invalidVisits)} invalid visits, vs ${number.format(threat.previousInvalidVisits)} the week before`,
        )),
    '',
    'CAMPAIGNS MOST HIT',
    ...(facts.campaigns.length === 0
      ? ['- No campaign had invalid visits.']
      : facts.campaigns.map(
          (campaign) =>
            `- ${campaign.name}: ${number.format(campaign.invalidVisits)} invalid of ${number.format(campaign.visits)} visits`,
        )),
    '',
    'EXCLUDED ON YOUR AD PLATFORMS',
    ...(facts.exclusions.length === 0
      ? ['- Nothing was excluded this week.']
      : facts.exclusions.map((entry) => `- ${entry.platform}: ${exclusionLine(entry)}`)),
    '',
    `See the full performance in Veracity: ${facts.dashboardUrl}`,
    '',
    '--',
    `You receive this weekly summary as a user of ${facts.companyName} on Veracity.`,
    `Unsubscribe: ${facts.unsubscribeUrl}`,
  ];
  return lines.join('\n');
}

const cell = (content: string, style = '') =>
  `<td style="padding:8px 0;border-top:1px solid ${COLORS.border};font-size:14px;${style}">${content}</td>`;

function section(title: string, body: string): string {
  return `<tr><td style="padding:24px 32px 0"><div style="font-size:12px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:${COLORS.muted};padding-bottom:8px">${escapeHtml(title)}</div>${body}</td></tr>`;
}

const HEAD_STYLE = `padding:0 0 6px;font-size:11px;color:${COLORS.muted};font-weight:400`;

/** A compact table: label, figure, note; its header names the columns. */
function table(head: [string, string, string], rows: string[][], empty: string): string {
  if (rows.length === 0)
    return `<p style="margin:0;font-size:14px;color:${COLORS.muted}">${escapeHtml(empty)}</p>`;
  const header = `<tr><th align="left" style="${HEAD_STYLE}">${escapeHtml(head[0])}</th><th align="right" style="${HEAD_STYLE};padding-left:12px">${escapeHtml(head[1])}</th><th align="right" style="${HEAD_STYLE};padding-left:12px">${escapeHtml(head[2])}</th></tr>`;
  const body = rows
    .map(
      ([label = '', value = '', note = '']) =>
        `<tr>${cell(escapeHtml(label), 'word-break:break-word')}${cell(escapeHtml(value), 'text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;font-weight:600;padding-left:12px')}${cell(escapeHtml(note), `text-align:right;color:${COLORS.muted};white-space:nowrap;font-size:12px;padding-left:12px`)}</tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${header}${body}</table>`;
}

function figureCards(figures: Figure[]): string {
  const card = (figure: Figure, index: number) =>
    `<td width="50%" valign="top" style="padding:${index === 0 ? '0 6px 12px 0' : '0 0 12px 6px'}"><div style="border:1px solid ${COLORS.border};border-radius:8px;padding:14px 16px"><div style="font-size:12px;color:${COLORS.muted}">${escapeHtml(figure.label)}</div><div style="font-size:24px;font-weight:600;font-variant-numeric:tabular-nums;padding:4px 0">${escapeHtml(figure.value)}</div><div style="font-size:12px;color:${figure.tone}">${escapeHtml(figure.comparison)}</div></div></td>`;
  const rows = [figures.slice(0, 2), figures.slice(2, 4)];
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows.map((row) => `<tr>${row.map(card).join('')}</tr>`).join('')}</table>`;
}

function html(facts: PerformanceFacts, period: string, figures: Figure[]): string {
  const savings = money(facts.week.savings, facts.currency);
  const savingsBefore = money(facts.previousWeek.savings, facts.currency);
  const threats = facts.threats.map((threat) => [
    threat.label,
    number.format(threat.invalidVisits),
    number.format(threat.previousInvalidVisits),
  ]);
  const campaigns = facts.campaigns.map((campaign) => [
    campaign.name,
    number.format(campaign.invalidVisits),
    number.format(campaign.visits),
  ]);
  const exclusions = facts.exclusions.map((entry) => [
    entry.platform,
    number.format(entry.added),
    number.format(entry.removed),
  ]);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(`Weekly performance of ${facts.companyName}`)}</title></head>
<body style="margin:0;background:${COLORS.canvas};font-family:${FONT};color:${COLORS.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:8px">
<tr><td style="padding:24px 32px 0"><span style="font-size:18px;font-weight:600;color:${COLORS.blue}">Veracity</span><span style="float:right;font-size:12px;color:${COLORS.muted};padding-top:4px">Weekly performance</span></td></tr>
<tr><td style="padding:16px 32px 0"><div style="font-size:20px;font-weight:600">${escapeHtml(facts.companyName)}</div><div style="font-size:14px;color:${COLORS.muted};padding-top:4px">${escapeHtml(period)}</div>
<p style="font-size:14px;line-height:1.6;margin:16px 0 0">${escapeHtml(`Hello ${facts.firstName}, here is how your traffic did last week.`)}</p></td></tr>
${section('Key figures', figureCards(figures))}
${section(
  'Savings',
  `<div style="background:${COLORS.canvas};border-radius:8px;padding:16px"><div style="font-size:28px;font-weight:600;font-variant-numeric:tabular-nums;color:${COLORS.text}">${escapeHtml(savings)}</div><div style="font-size:13px;color:${COLORS.muted};padding-top:4px">${escapeHtml(`not paid for invalid clicks on paid channels, vs ${savingsBefore} the week before`)}</div></div>`,
)}
${section('Top threats', table(['Threat', 'Invalid visits', 'Week before'], threats, 'No invalid visit this week.'))}
${section('Campaigns most hit', table(['UTM campaign', 'Invalid visits', 'All visits'], campaigns, 'No campaign had invalid visits.'))}
${section('Excluded on your ad platforms', table(['Platform', 'IPs and ranges excluded', 'Released'], exclusions, 'Nothing was excluded this week.'))}
<tr><td style="padding:28px 32px 32px"><a href="${escapeHtml(facts.dashboardUrl)}" style="background:${COLORS.blue};color:#ffffff;text-decoration:none;padding:11px 20px;border-radius:6px;display:inline-block;font-size:14px;font-weight:600">See the full performance</a></td></tr>
</table>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px"><tr><td style="padding:16px 32px;font-size:12px;line-height:1.6;color:${COLORS.muted};text-align:center">
${escapeHtml(`You receive this weekly summary as a user of ${facts.companyName} on Veracity.`)}<br><a href="${escapeHtml(facts.unsubscribeUrl)}" style="color:${COLORS.muted}">Unsubscribe from performance e-mails</a>
</td></tr></table>
</td></tr></table></body></html>`;
}

export function performanceMail(to: string, facts: PerformanceFacts): Mail {
  const period = weekLabel(facts.from, facts.to);
  const figures = figuresOf(facts);
  return {
    to,
    kind: 'performance',
    subject: `Your week on Veracity: ${facts.companyName}, ${period}`,
    text: text(facts, period, figures),
    html: html(facts, period, figures),
    headers: {
      'List-Unsubscribe': `<${facts.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
