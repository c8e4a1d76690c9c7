import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANGELOG_CATEGORIES } from '@veracity/contracts/changelog';
import { describe, expect, it } from 'vitest';
import {
  actionPrefix,
  actionPrefixesOf,
  CHANGELOG_WORDING,
  type Detail,
  fieldWords,
  wordingOf,
} from './changelog-sentences.js';

/**
 * Every action the server writes to the audit log has a sentence in the changelog. The actions are
 * read from the code: each `audit(` call's `action:`. A literal is checked as it is; an action built
 * from a template must be listed in COMPUTED with every value it takes, so a new action (or a new
 * template) without a sentence fails here.
 */

const SERVER_SOURCE = fileURLToPath(new URL('../../', import.meta.url));

/** The actions of the audit calls whose action is computed, by the expression in the code. */
const COMPUTED: Record<string, readonly string[]> = {
  // me.service.ts: replaceTrafficIpList, for the two traffic lists.
  '`ip_list.${list}.replaced`': ['ip_list.traffic_allow.replaced', 'ip_list.traffic_deny.replaced'],
  // ad-channels.service.ts: the three kinds of change of a channel's linking.
  '`ad_channel.${change.kind}`': ['ad_channel.account', 'ad_channel.exclusions', 'ad_channel.sync'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The action expressions of every `audit(` call in the server's code, with the file they are in. */
function auditedActions(): { file: string; expression: string }[] {
  const found: { file: string; expression: string }[] = [];
  for (const file of sourceFiles(SERVER_SOURCE)) {
    const code = readFileSync(file, 'utf8');
    for (const call of code.matchAll(/\baudit\((?!db: Kysely)/g)) {
      const window = code.slice(call.index, call.index + 600);
      const action = /\baction:\s*(`[^`]*`|[^,\n}]+)/.exec(window);
      if (action?.[1]) found.push({ file: file.slice(SERVER_SOURCE.length), expression: action[1].trim() });
    }
  }
  return found;
}

function actionsOf(expression: string): string[] | undefined {
  const computed = COMPUTED[expression];
  if (computed) return [...computed];
  if (expression.startsWith('`')) return undefined;
  const literals = [...expression.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)].map((match) => match[1] as string);
  return literals.length > 0 ? literals : undefined;
}

const context = { roleName: (id: number) => ({ 1: 'Admin', 4: 'Viewer' })[id] };

describe('the changelog wording', () => {
  const calls = auditedActions();

  it('finds the audit calls of the server', () => {
    expect(calls.length).toBeGreaterThan(40);
  });

  it('knows every action the server writes: each has a category and a sentence', () => {
    const unreadable = calls.filter((call) => actionsOf(call.expression) === undefined);
    expect(unreadable, 'computed actions: list their values in COMPUTED').toEqual([]);
    const actions = new Set(calls.flatMap((call) => actionsOf(call.expression) ?? []));
    const missing = [...actions].filter((action) => !(action in CHANGELOG_WORDING));
    expect(missing, 'add a sentence to CHANGELOG_WORDING').toEqual([]);
    for (const action of actions) {
      const sentence = wordingOf(action).sentence({}, context);
      expect(sentence.length, action).toBeGreaterThan(5);
      expect(sentence, action).not.toContain('undefined');
    }
  });

  it('puts each action prefix in one category, so that a category filters by prefix', () => {
    const categories = new Map<string, Set<string>>();
    for (const [action, wording] of Object.entries(CHANGELOG_WORDING)) {
      const prefix = actionPrefix(action);
      categories.set(prefix, (categories.get(prefix) ?? new Set()).add(wording.category));
    }
    for (const [prefix, found] of categories) expect([...found], prefix).toHaveLength(1);
    for (const action of Object.keys(CHANGELOG_WORDING)) {
      expect(actionPrefixesOf(wordingOf(action).category)).toContain(actionPrefix(action));
    }
    expect(CHANGELOG_CATEGORIES.filter((category) => actionPrefixesOf(category).length === 0)).toEqual([]);
  });

  it('says what changed, old -> new, in words', () => {
    const say = (action: string, detail: Detail) => wordingOf(action).sentence(detail, context);
    expect(say('settings.updated', { 'account.timezone': { from: 'Europe/Madrid', to: 'UTC' } })).toBe(
      'Changed time zone from Europe/Madrid to UTC',
    );
    expect(
      say('settings.updated', {
        'account.companyName': { from: 'A', to: 'B' },
        'account.currency': { from: 'EUR', to: 'USD' },
      }),
    ).toBe('Changed company name from A to B and currency from EUR to USD');
    expect(say('ip_list.traffic_deny.replaced', { entries: 4, count: { from: 1, to: 4 } })).toBe(
      'Added 3 entries to the traffic deny list',
    );
    expect(say('ip_list.traffic_allow.replaced', { entries: 1, count: { from: 2, to: 1 } })).toBe(
      'Removed 1 entry from the traffic allow list',
    );
    expect(say('label.updated', { id: 3, name: { from: 'Old', to: 'New' } })).toBe(
      'Renamed the label “Old” to “New”',
    );
    expect(say('user.invited', { userId: 9, email: 'ana@acme.example', roleIds: '4' })).toBe(
      'Invited ana@acme.example with the role Viewer',
    );
    expect(
      say('user.roles_revoked', { userId: 9, email: 'ana@acme.example', roleIds: '4', removed: true }),
    ).toBe('Removed ana@acme.example from the account');
    expect(say('firewall_campaign.updated', { id: 7, active: { from: true, to: false } })).toBe(
      'Paused firewall campaign #7',
    );
    expect(
      say('offer.updated', { id: 2, landingUrl: { from: 'a', to: 'b' }, name: { from: 'X', to: 'Y' } }),
    ).toBe('Changed landing url and name of the offer “Y”');
    expect(say('login_access.updated', { enabled: { from: false, to: true }, entries: 2 })).toBe(
      'Turned the login IP check on (2 allowed addresses)',
    );
    expect(say('support.login_as', { ghostRole: 'Admin' })).toBe(
      'Veracity support logged in to the account (role: Admin)',
    );
  });

  it('says when a change was saved without changing anything', () => {
    expect(wordingOf('google_ads.settings_updated').sentence({}, context)).toBe(
      'Saved the Google Ads settings without a change',
    );
    expect(
      wordingOf('google_ads.settings_updated').sentence({ rotationDays: { from: 30, to: 45 } }, context),
    ).toBe('Changed rotation days of the Google Ads settings');
  });

  it('still shows an action it has no sentence for, in the category of its prefix', () => {
    expect(wordingOf('label.merged')).toMatchObject({ category: 'labels' });
    expect(wordingOf('domain_security.reset').category).toBe('security');
    expect(wordingOf('something.new').sentence({}, context)).toBe('Made a change (something.new)');
  });

  it('words field names', () => {
    expect(fieldWords('allowedPostbackAddresses')).toBe('allowed postback addresses');
    expect(fieldWords('account.defaultCpc')).toBe('default cpc');
  });
});
