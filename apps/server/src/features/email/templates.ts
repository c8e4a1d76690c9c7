import type { Mail } from './mailer.js';

/** Escapes text for HTML: company names, user names and IPs come from users. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** One layout for every mail: a plain-text part and a simple, inline-styled HTML part. */
function render(layout: Layout): Mail {
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    layout.footer,
    '',
    'Veracity',
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7fb;font-family:Inter,system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1f2a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border:1px solid #e3e6ee;border-radius:8px">
<tr><td style="padding:24px 32px 8px;font-size:18px;font-weight:600;color:#1f5eff">Veracity</td></tr>
<tr><td style="padding:8px 32px 24px;font-size:14px;line-height:1.6">
<p>${escapeHtml(layout.greeting)}</p>
${layout.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${
  layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#1f5eff;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;display:inline-block">${escapeHtml(layout.action.label)}</a></p>
<p style="font-size:12px;color:#5b6375">If the button does not work, open this address: ${escapeHtml(layout.action.url)}</p>`
    : ''
}
<p style="font-size:12px;color:#5b6375">${escapeHtml(layout.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: layout.to, kind: layout.kind, subject: layout.subject, text, html };
}

export function verificationMail(to: string, firstName: string, url: string): Mail {
  return render({
    to,
    kind: 'email_verification',
    subject: 'Verify your email for Veracity',
    greeting: `Hello ${firstName},`,
    paragraphs: ['Welcome to Veracity. Please confirm your email address to start your free trial.'],
    action: { label: 'Verify my email', url },
    footer: 'The link is valid for one hour. If you did not sign up, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, firstName: string, url: string): Mail {
  return render({
    to,
    kind: 'password_reset',
    subject: 'Reset your Veracity password',
    greeting: `Hello ${firstName},`,
    paragraphs: ['Someone asked to reset the password of your Veracity account.'],
    action: { label: 'Choose a new password', url },
    footer: 'The link is valid for one hour and works once. If it was not you, ignore this email.',
  });
}

export function invitationMail(to: string, companyName: string, inviterName: string, url: string): Mail {
  return render({
    to,
    kind: 'invitation',
    subject: `You are invited to ${companyName} on Veracity`,
    greeting: 'Hello,',
    paragraphs: [
      `${inviterName} invited you to join ${companyName} on Veracity, to audit its ad traffic together.`,
    ],
    action: { label: 'Accept the invitation', url },
    footer: 'The invitation is valid for 7 days and works once.',
  });
}

/** An invitation to a person who already has a login: nothing changes until they accept it. */
export function membershipInvitationMail(
  to: string,
  companyName: string,
  inviterName: string,
  url: string,
): Mail {
  return render({
    to,
    kind: 'membership_invitation',
    subject: `You are invited to ${companyName} on Veracity`,
    greeting: 'Hello,',
    paragraphs: [
      `${inviterName} invited you to join ${companyName} on Veracity, to audit its ad traffic together.`,
      'Log in with your Veracity password to accept; the account then appears in your account list. If you do not want to join, ignore this message.',
    ],
    action: { label: 'Log in and accept', url },
    footer: 'The invitation is valid for 7 days and works once.',
  });
}

export function newLoginIpMail(
  to: string,
  details: { companyName: string; userEmail: string; ip: string; approveUrl: string },
): Mail {
  return render({
    to,
    kind: 'login_ip',
    subject: `Login from an unrecognised IP for ${details.companyName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${details.userEmail} tried to open ${details.companyName} from the IP address ${details.ip}, which is not on the account's allowed list.`,
      'If you recognise this login, add the address with one click. The user can then log in again.',
    ],
    action: { label: `Allow ${details.ip}`, url: details.approveUrl },
    footer:
      'The link is valid for 24 hours and works once. If you do not recognise this login, ignore this email.',
  });
}

export interface AlertFiredFacts {
  firstName: string;
  companyName: string;
  alertName: string;
  /** "click" or "conversion". */
  kind: string;
  /** The slice watched, e.g. "trafficType = google". */
  slice: string;
  /** The window, in the account's time zone. */
  window: string;
  events: number;
  invalidEvents: number;
  invalidPercent: number;
  threshold: number;
  link: string;
}

/** An alert reached its threshold: the figures and a link to the analytics view of the slice. */
export function alertFiredMail(to: string, facts: AlertFiredFacts): Mail {
  const number = new Intl.NumberFormat('en-GB');
  return render({
    to,
    kind: 'alert',
    subject: `Alert "${facts.alertName}": ${facts.invalidPercent}% invalid ${facts.kind}s`,
    greeting: `Hello ${facts.firstName},`,
    paragraphs: [
      `The alert "${facts.alertName}" of ${facts.companyName} fired: ${facts.invalidPercent}% of the ${facts.kind}s on ${facts.slice} were invalid, above its threshold of ${facts.threshold}%.`,
      `${number.format(facts.invalidEvents)} invalid ${facts.kind}s among ${number.format(facts.events)}, from ${facts.window}.`,
    ],
    action: { label: 'See the traffic in Veracity', url: facts.link },
    footer: 'You receive this because you manage the alerts of this account.',
  });
}

export interface ReportReadyFacts {
  firstName: string;
  companyName: string;
  reportName: string;
  /** The period the report covers, `YYYY-MM-DD`. */
  from: string;
  to: string;
  rows: number;
  /** The reports list in the dashboard, where the run downloads (the file is not attached). */
  link: string;
}

/** A report run is ready: its period and size, and a link to download it from the dashboard. */
export function reportReadyMail(to: string, facts: ReportReadyFacts): Mail {
  const number = new Intl.NumberFormat('en-GB');
  const period = facts.from === facts.to ? facts.from : `${facts.from} to ${facts.to}`;
  return render({
    to,
    kind: 'report',
    subject: `Report "${facts.reportName}" is ready`,
    greeting: `Hello ${facts.firstName},`,
    paragraphs: [
      facts.rows > 0
        ? `The report "${facts.reportName}" of ${facts.companyName} for ${period} is ready: ${number.format(facts.rows)} rows.`
        : `The report "${facts.reportName}" of ${facts.companyName} for ${period} ran and found no rows.`,
    ],
    action: { label: 'Download the report', url: facts.link },
    footer: 'You receive this because you were chosen as a recipient of this report.',
  });
}

export interface PlanUsageFacts {
  companyName: string;
  /** 80 or 100: the share of the plan's monthly visits reached. */
  threshold: number;
  visits: number;
  planVisits: number;
  /** The plans screen, where the plan is upgraded or visits added. */
  link: string;
}

/** An account reached 80% or 100% of its plan's monthly visits; nothing is cut off. */
export function planUsageMail(to: string, facts: PlanUsageFacts): Mail {
  const number = new Intl.NumberFormat('en-GB');
  return render({
    to,
    kind: 'plan_usage',
    subject: `Your Veracity account has used ${facts.threshold}% of its monthly visits`,
    greeting: 'Hello,',
    paragraphs: [
      `${facts.companyName} has collected ${number.format(facts.visits)} visits this month, ${facts.threshold}% of the ${number.format(facts.planVisits)} visits its plan includes.`,
      'Visits beyond the plan are still collected and protected: nothing is cut off. To keep within your plan, upgrade it or add visits.',
    ],
    action: { label: 'Upgrade or add visits', url: facts.link },
    footer:
      'You receive this because you are an admin of this account. The count starts again on the first of each month.',
  });
}
