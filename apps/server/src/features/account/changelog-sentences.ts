import type { ChangelogCategory } from '@veracity/contracts/changelog';

/**
 * The changelog's words: for each audit action the server writes, its category and a sentence built
 * from the entry's detail ("Changed time zone from Europe/Madrid to UTC"). Every action written through
 * `audit()` has one; changelog-sentences.test.ts reads the actions from the code and fails for an
 * action without a sentence. Values in the detail (names, URLs, addresses) are text typed by people:
 * the dashboard renders the sentence as text.
 */

export type DetailValue = string | number | boolean | null | { from: unknown; to: unknown };
export type Detail = Readonly<Record<string, DetailValue>>;

export interface SentenceContext {
  /** A role's name from its id (the ids of role lists in user entries). */
  roleName(id: number): string | undefined;
}

type Sentence = (detail: Detail, context: SentenceContext) => string;

interface Wording {
  category: ChangelogCategory;
  sentence: Sentence;
}

// Reading the detail: values are what the audit wrote, but an old entry may lack a field.

function isChange(value: DetailValue | undefined): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'to' in value;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return String(value);
}

/** A value of the detail as text: the new value of a change, the value itself otherwise. */
function text(detail: Detail, field: string): string | undefined {
  const value = detail[field];
  if (value === undefined || value === null) return undefined;
  if (isChange(value)) return value.to === null || value.to === undefined ? undefined : String(value.to);
  return String(value);
}

function num(detail: Detail, field: string): number | undefined {
  const value = detail[field];
  const raw = isChange(value) ? value.to : value;
  return typeof raw === 'number' ? raw : undefined;
}

function quoted(name: string | undefined): string {
  return name === undefined ? '' : ` “${name}”`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "the label “Promo”" or "label #4" when the entry holds no name. */
function thing(kind: string, detail: Detail): string {
  const name = text(detail, 'name');
  if (name !== undefined) return `the ${kind}${quoted(name)}`;
  const id = text(detail, 'id');
  return id === undefined ? `a ${kind}` : `${kind} #${id}`;
}

/** "Edited the app lists: blocked com.example.game; no longer allowed com.example.news". */
function listEdits(subject: string, parts: readonly (readonly [string, string | undefined])[]): string {
  const said = parts.filter(([, value]) => value !== undefined).map(([what, value]) => `${what} ${value}`);
  return said.length === 0 ? `${subject} (saved unchanged)` : `${subject}: ${said.join('; ')}`;
}

/** The changed fields of an entry, in words: "name, status and targeting". */
function changedNames(detail: Detail, names: Readonly<Record<string, string>> = {}): string {
  const fields = Object.entries(detail)
    .filter(([, value]) => isChange(value))
    .map(([field]) => names[field] ?? fieldWords(field));
  if (fields.length === 0) return 'nothing';
  if (fields.length === 1) return fields[0] as string;
  return `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

/** "Changed name and status of the offer “Spring”", or that it was saved unchanged. */
function changed(detail: Detail, subject: string, names: Readonly<Record<string, string>> = {}): string {
  const fields = changedNames(detail, names);
  return fields === 'nothing' ? `Saved ${subject} without a change` : `Changed ${fields} of ${subject}`;
}

/** `allowedPostbackAddresses` as "allowed postback addresses". */
export function fieldWords(field: string): string {
  return field
    .replace(/^(account|user)\./, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

function roles(detail: Detail, context: SentenceContext): string {
  const ids = (text(detail, 'roleIds') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const names = ids.map((id) => context.roleName(id) ?? `#${id}`);
  if (names.length === 0) return 'roles';
  return `${names.length === 1 ? 'the role' : 'the roles'} ${names.join(', ')}`;
}

/** "Created the offer “Spring”", "Changed name and status of the offer “Spring”". */
function created(kind: string): Sentence {
  return (detail) => `Created ${thing(kind, detail)}`;
}
function deleted(kind: string): Sentence {
  return (detail) => `Deleted ${thing(kind, detail)}`;
}
function updated(kind: string): Sentence {
  return (detail) => {
    const active = detail.active;
    const others = Object.entries(detail).filter(([field, value]) => field !== 'active' && isChange(value));
    if (isChange(active) && others.length === 0) {
      return `${active.to === true ? 'Activated' : 'Paused'} ${thing(kind, detail)}`;
    }
    const hidden = detail.hidden;
    if (isChange(hidden) && others.length === 1) {
      return `${hidden.to === true ? 'Hid' : 'Showed'} ${thing(kind, detail)}`;
    }
    return changed(detail, thing(kind, detail));
  };
}

const SETTING_NAMES: Readonly<Record<string, string>> = {
  'account.companyName': 'company name',
  'account.timezone': 'time zone',
  'account.currency': 'currency',
  'account.defaultCpc': 'default cost per click',
  'user.firstName': 'their name',
  'user.jobTitle': 'their job title',
  'user.timezone': 'their own time zone',
};

function settingsSentence(detail: Detail): string {
  const parts = Object.entries(detail)
    .filter(([, value]) => isChange(value))
    .map(([field, value]) => {
      const change = value as { from: unknown; to: unknown };
      const name = SETTING_NAMES[field] ?? fieldWords(field);
      return `${name} from ${shown(change.from)} to ${shown(change.to)}`;
    });
  if (parts.length === 0) return 'Saved the settings without a change';
  return `Changed ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`}`;
}

const IP_LIST_NAMES: Readonly<Record<string, string>> = {
  traffic_allow: 'traffic allow list',
  traffic_deny: 'traffic deny list',
  login_allow: 'login allow list',
};

function ipListSentence(list: string): Sentence {
  const name = IP_LIST_NAMES[list] ?? `${fieldWords(list)} list`;
  return (detail) => {
    const count = detail.count;
    if (isChange(count) && typeof count.from === 'number' && typeof count.to === 'number') {
      const difference = count.to - count.from;
      if (count.to === 0) return `Emptied the ${name}`;
      if (difference > 0) return `Added ${plural(difference, 'entry', 'entries')} to the ${name}`;
      return `Removed ${plural(-difference, 'entry', 'entries')} from the ${name}`;
    }
    const entries = num(detail, 'entries');
    return `Edited the ${name}${entries === undefined ? '' : ` (${plural(entries, 'entry', 'entries')})`}`;
  };
}

const CHANNEL_NAMES: Readonly<Record<string, string>> = {
  meta: 'Meta Ads',
  microsoft: 'Microsoft Ads',
  tiktok: 'TikTok Ads',
};
function channel(detail: Detail): string {
  const name = text(detail, 'channel');
  return name === undefined ? 'an ad channel' : (CHANNEL_NAMES[name] ?? name);
}

function count(detail: Detail, field: string): number {
  return (text(detail, field) ?? '').split(',').filter((part) => part !== '').length;
}

/** The wording of every audit action the server writes. */
export const CHANGELOG_WORDING: Readonly<Record<string, Wording>> = {
  // Users
  'user.invited': {
    category: 'users',
    sentence: (d, c) => `Invited ${text(d, 'email') ?? 'a person'} with ${roles(d, c)}`,
  },
  'user.invitation_accepted': {
    category: 'users',
    sentence: (d) => `Accepted the invitation to join the account${d.email ? ` as ${text(d, 'email')}` : ''}`,
  },
  'user.roles_granted': {
    category: 'users',
    sentence: (d, c) => `Gave ${text(d, 'email') ?? 'a member'} ${roles(d, c)}`,
  },
  'user.roles_revoked': {
    category: 'users',
    sentence: (d, c) =>
      d.removed === true
        ? `Removed ${text(d, 'email') ?? 'a member'} from the account`
        : `Took ${roles(d, c)} from ${text(d, 'email') ?? 'a member'}`,
  },
  // Labels
  'label.created': { category: 'labels', sentence: created('label') },
  'label.updated': {
    category: 'labels',
    sentence: (d) => {
      const name = d.name;
      if (isChange(name) && !isChange(d.color)) {
        return `Renamed the label “${shown(name.from)}” to “${shown(name.to)}”`;
      }
      if (isChange(d.color) && !isChange(name)) return `Changed the colour of label #${text(d, 'id')}`;
      return changed(d, thing('label', d), { color: 'colour' });
    },
  },
  'label.deleted': { category: 'labels', sentence: deleted('label') },
  // IP lists
  'ip_list.traffic_allow.replaced': { category: 'ip_lists', sentence: ipListSentence('traffic_allow') },
  'ip_list.traffic_deny.replaced': { category: 'ip_lists', sentence: ipListSentence('traffic_deny') },
  'ip_list.login_allow.replaced': { category: 'ip_lists', sentence: ipListSentence('login_allow') },
  // Settings
  'settings.updated': { category: 'settings', sentence: settingsSentence },
  // API keys
  'api_key.created': {
    category: 'api_keys',
    sentence: (d) => `Created the API key${quoted(text(d, 'name'))}`,
  },
  'api_key.deleted': {
    category: 'api_keys',
    sentence: (d) => `Revoked the API key${quoted(text(d, 'name'))}`,
  },
  // Security: who may log in from where
  'login_access.updated': {
    category: 'security',
    sentence: (d) => {
      const entries = num(d, 'entries') ?? 0;
      const list = plural(entries, 'allowed address', 'allowed addresses');
      if (isChange(d.enabled)) {
        return `Turned the login IP check ${d.enabled.to === true ? 'on' : 'off'} (${list})`;
      }
      return `Edited the login IP allow list (${list})`;
    },
  },
  'login_ip.approved': {
    category: 'security',
    sentence: (d) => `Allowed log-ins from ${text(d, 'ip') ?? 'an address'} through the mailed approval link`,
  },
  // Security settings (/setup/security/)
  'domain_security.updated': {
    category: 'security',
    sentence: (d) =>
      listEdits('Edited domain security', [
        ['excluded', text(d, 'excludedAdded')],
        ['no longer excluded', text(d, 'excludedRemoved')],
        ['sensor domains added', text(d, 'sensorAdded')],
        ['sensor domains removed', text(d, 'sensorRemoved')],
        [
          'foreign-domain hits',
          isChange(d.foreignDomainAction) ? `now ${text(d, 'foreignDomainAction')}` : undefined,
        ],
      ]),
  },
  'app_security.replaced': {
    category: 'security',
    sentence: (d) =>
      listEdits('Edited the app lists', [
        ['allowed', text(d, 'allowedAdded')],
        ['no longer allowed', text(d, 'allowedRemoved')],
        ['blocked', text(d, 'blockedAdded')],
        ['no longer blocked', text(d, 'blockedRemoved')],
      ]),
  },
  'postback_security.updated': {
    category: 'security',
    sentence: (d) =>
      isChange(d.requireSigned) && !isChange(d.sources)
        ? `Turned signed postbacks only ${d.requireSigned.to === true ? 'on' : 'off'}`
        : changed(d, 'postback security', {
            sources: 'allowed sources',
            requireSigned: 'signed postbacks only',
          }),
  },
  'postback_security.secret_rotated': {
    category: 'security',
    sentence: (d) => {
      const hours = num(d, 'overlapHours');
      return hours === undefined || hours === 0
        ? 'Rotated the postback signing secret; the old one stopped at once'
        : `Rotated the postback signing secret; the old one signs for ${plural(hours, 'more hour')}`;
    },
  },
  'sensor_settings.updated': {
    category: 'security',
    sentence: (d) =>
      changed(d, 'the JavaScript settings', {
        'exclusionEvents.google': 'Google Ads exclusion events',
        'exclusionEvents.facebook': 'Meta exclusion events',
        'exclusionEvents.microsoft': 'Microsoft Ads exclusion events',
        'exclusionEvents.tiktok': 'TikTok exclusion events',
        spaTracking: 'single-page-app tracking',
        cookieless: 'cookie-less mode',
        firstPartyPath: 'first-party path',
      }),
  },
  // Campaigns, offers, traffic sources, held conversions
  'campaign.created': { category: 'campaigns', sentence: created('S2S campaign') },
  'campaign.updated': { category: 'campaigns', sentence: updated('S2S campaign') },
  'firewall_campaign.created': { category: 'campaigns', sentence: created('firewall campaign') },
  'firewall_campaign.updated': { category: 'campaigns', sentence: updated('firewall campaign') },
  'offer.created': { category: 'campaigns', sentence: created('offer') },
  'offer.updated': { category: 'campaigns', sentence: updated('offer') },
  'traffic_source.created': { category: 'campaigns', sentence: created('traffic source') },
  'traffic_source.updated': { category: 'campaigns', sentence: updated('traffic source') },
  'conversion.released': {
    category: 'campaigns',
    sentence: (d) => `Released the held conversion ${text(d, 'id') ?? ''}`.trimEnd(),
  },
  // Alerts and reports
  'alert.created': { category: 'alerts', sentence: created('alert') },
  'alert.updated': {
    category: 'alerts',
    sentence: (d) => changed(d, thing('alert', d)),
  },
  'alert.deleted': { category: 'alerts', sentence: deleted('alert') },
  'report.created': { category: 'reports', sentence: created('report') },
  'report.updated': { category: 'reports', sentence: (d) => `Edited ${thing('report', d)}` },
  'report.deleted': { category: 'reports', sentence: deleted('report') },
  // Google Ads
  'google_ads.connect_started': { category: 'integrations', sentence: () => 'Started connecting Google Ads' },
  'google_ads.connected': { category: 'integrations', sentence: () => 'Connected Google Ads' },
  'google_ads.refreshed': { category: 'integrations', sentence: () => 'Refreshed the Google Ads accounts' },
  'google_ads.accounts_selected': {
    category: 'integrations',
    sentence: (d) => `Chose ${plural(count(d, 'accounts'), 'Google Ads account')} to protect`,
  },
  'google_ads.settings_updated': {
    category: 'integrations',
    sentence: (d) => changed(d, 'the Google Ads settings'),
  },
  'google_ads.tracking_template_applied': {
    category: 'integrations',
    sentence: () => 'Applied the Veracity tracking template in Google Ads',
  },
  'google_ads.tracking_template_skipped': {
    category: 'integrations',
    sentence: () => 'Chose not to apply the Veracity tracking template in Google Ads',
  },
  'google_ads.synced': {
    category: 'integrations',
    sentence: (d) => {
      const added = num(d, 'added');
      const removed = num(d, 'removed');
      if (added === undefined || removed === undefined) return 'Synced the IP exclusions to Google Ads';
      return `Synced the IP exclusions to Google Ads: ${added} added, ${removed} removed`;
    },
  },
  'google_ads.unlinked': { category: 'integrations', sentence: () => 'Unlinked Google Ads' },
  'google_ads.never_exclude_added': {
    category: 'integrations',
    sentence: (d) => `Added ${text(d, 'cidr') ?? 'an address'} to the Google Ads never-exclude list`,
  },
  'google_ads.never_exclude_removed': {
    category: 'integrations',
    sentence: (d) => `Removed ${text(d, 'cidr') ?? 'an address'} from the Google Ads never-exclude list`,
  },
  // Meta, Microsoft and TikTok
  'ad_channel.connect_started': {
    category: 'integrations',
    sentence: (d) => `Started connecting ${channel(d)}`,
  },
  'ad_channel.connected': { category: 'integrations', sentence: (d) => `Connected ${channel(d)}` },
  'ad_channel.account': {
    category: 'integrations',
    sentence: (d) => `Chose the ${channel(d)} account ${text(d, 'accountId') ?? ''}`.trimEnd(),
  },
  'ad_channel.exclusions': {
    category: 'integrations',
    sentence: (d) => `Chose ${plural(count(d, 'targetIds'), 'target')} for the ${channel(d)} exclusions`,
  },
  'ad_channel.sync': { category: 'integrations', sentence: (d) => `Synced ${channel(d)}` },
  'ad_channel.disconnected': { category: 'integrations', sentence: (d) => `Disconnected ${channel(d)}` },
  // HubSpot
  'hubspot.connect_started': { category: 'integrations', sentence: () => 'Started connecting HubSpot' },
  'hubspot.connected': { category: 'integrations', sentence: () => 'Connected HubSpot' },
  'hubspot.disconnected': { category: 'integrations', sentence: () => 'Disconnected HubSpot' },
  // Billing
  'billing.subscription_applied': {
    category: 'billing',
    sentence: (d) => {
      const parts: string[] = [];
      if (isChange(d.plan) && d.plan.from !== d.plan.to) {
        parts.push(`plan from ${shown(d.plan.from)} to ${shown(d.plan.to)}`);
      }
      if (isChange(d.active) && d.active.from !== d.active.to) {
        parts.push(d.active.to === true ? 'reactivated the account' : 'suspended the account until paid');
      }
      return parts.length === 0
        ? 'Applied the subscription'
        : `The subscription changed the ${parts.join(' and ')}`;
    },
  },
  // Support
  'support.login_as': {
    category: 'support',
    sentence: (d) =>
      `Veracity support logged in to the account${d.ghostRole ? ` (role: ${text(d, 'ghostRole')})` : ''}`,
  },
};

/** The part of an action before its first dot, with the dot: `label.` of `label.created`. */
export function actionPrefix(action: string): string {
  const dot = action.indexOf('.');
  return dot < 0 ? action : action.slice(0, dot + 1);
}

/** The category of each action prefix; a prefix belongs to one category (a test checks it). */
function categoryOfPrefix(prefix: string): ChangelogCategory | undefined {
  const known = Object.entries(CHANGELOG_WORDING).find(([action]) => actionPrefix(action) === prefix);
  return known?.[1].category;
}

/** Action prefixes of a category, for filtering in the database. */
export function actionPrefixesOf(category: ChangelogCategory): string[] {
  const prefixes = Object.keys(CHANGELOG_WORDING).map(actionPrefix);
  return [...new Set(prefixes)].filter((prefix) => categoryOfPrefix(prefix) === category);
}

/**
 * An action no wording knows (an entry a newer server wrote): still shown, in plain words, in the
 * category of its prefix.
 */
function fallback(action: string): Wording {
  return {
    category: categoryOfPrefix(actionPrefix(action)) ?? 'settings',
    sentence: () => `Made a change (${action})`,
  };
}

export function wordingOf(action: string): Wording {
  return CHANGELOG_WORDING[action] ?? fallback(action);
}
