import { appPackageFromHeader, appPackageInList } from '@veracity/contracts/app-security';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { aHit } from './test-support/hits.js';

const fromApp = (appPackage: string | null, rules: { appAllowList?: string[]; appDenyList?: string[] }) =>
  assess(aHit({ request: { appPackage }, rules }));
const ids = (result: ReturnType<typeof assess>) => result.reasons.map((reason) => reason.id);

describe('in-app traffic', () => {
  it('reads the app from X-Requested-With, never a browser script marker', () => {
    expect(appPackageFromHeader('com.example.news')).toBe('com.example.news');
    expect(appPackageFromHeader(' Com.Example.Game ')).toBe('com.example.game');
    expect(appPackageFromHeader('XMLHttpRequest')).toBeNull();
    expect(appPackageFromHeader('xmlhttprequest')).toBeNull();
    expect(appPackageFromHeader('')).toBeNull();
    expect(appPackageFromHeader(undefined)).toBeNull();
    expect(appPackageFromHeader('com.1example')).toBeNull();
    expect(appPackageFromHeader('com..example')).toBeNull();
    expect(appPackageFromHeader('com.example.*')).toBeNull();
    expect(appPackageFromHeader(`com.${'a'.repeat(300)}`)).toBeNull();
  });

  it('matches entries exactly, or under a .* prefix, in any case', () => {
    expect(appPackageInList('com.example.game', ['com.example.game'])).toBe(true);
    expect(appPackageInList('com.example.gamepro', ['com.example.game'])).toBe(false);
    expect(appPackageInList('com.example.game', ['com.example.*'])).toBe(true);
    expect(appPackageInList('com.example.game.lite', ['com.example.*'])).toBe(true);
    expect(appPackageInList('com.examples.game', ['com.example.*'])).toBe(false);
    expect(appPackageInList('com.example', ['com.example.*'])).toBe(false);
    expect(appPackageInList('com.example.game', ['COM.Example.Game'])).toBe(true);
  });

  it('makes a hit from a blocked app invalid alone, with the package as evidence', () => {
    const result = fromApp('com.example.game', { appDenyList: ['com.example.game'] });
    expect(ids(result)).toEqual(['app:blocked_package']);
    expect(result.riskLevel).toBe('high');
    expect(result.reasons[0]?.evidence).toEqual({ package: 'com.example.game' });
  });

  it('makes a hit from an app off a non-empty allow list suspicious, and leaves listed apps alone', () => {
    const off = fromApp('com.example.game', { appAllowList: ['com.example.news'] });
    expect(ids(off)).toEqual(['app:unexpected_package']);
    expect(off.riskLevel).toBe('medium');
    expect(ids(fromApp('com.example.news', { appAllowList: ['com.example.news'] }))).toEqual([]);
    expect(ids(fromApp('com.example.news.lite', { appAllowList: ['com.example.*'] }))).toEqual([]);
  });

  it('lets the deny list win over an allow-listed prefix', () => {
    const result = fromApp('com.example.game', {
      appAllowList: ['com.example.*'],
      appDenyList: ['com.example.game'],
    });
    expect(ids(result)).toEqual(['app:blocked_package']);
  });

  it('says nothing of traffic that names no app, nor with empty lists', () => {
    expect(
      ids(fromApp(null, { appAllowList: ['com.example.news'], appDenyList: ['com.example.game'] })),
    ).toEqual([]);
    expect(ids(fromApp('com.example.game', {}))).toEqual([]);
  });
});
