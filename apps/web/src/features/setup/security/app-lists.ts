import { APP_LIST_MAX_ENTRIES, appPackageEntryProblem } from '@veracity/contracts/app-security';

/** A pasted list of app packages, one a line, read for saving. */
export interface ParsedAppList {
  /** The entries, lower case, each once, in the order pasted. */
  entries: string[];
  /** The line (1-based) of each entry. */
  entryLines: number[];
  /** What is wrong with a line, by its number (1-based); blank lines are skipped. */
  errors: { line: number; text: string; message: string }[];
}

export const APP_LIST_MESSAGES = {
  duplicate: 'Already listed above',
  tooMany: `At most ${APP_LIST_MAX_ENTRIES} apps a list`,
  onBoth: 'Also on the blocked list: remove it from one of them',
} as const;

export function listText(entries: readonly string[]): string {
  return entries.join('\n');
}

/** Reads a list, one package a line (commas and spaces also separate), reporting each bad line. */
export function parseAppList(text: string): ParsedAppList {
  const entries: string[] = [];
  const entryLines: number[] = [];
  const errors: ParsedAppList['errors'] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    for (const part of raw.split(/[,\s]+/)) {
      const value = part.trim();
      if (value === '') continue;
      const problem = appPackageEntryProblem(value);
      if (problem !== null) {
        errors.push({ line: index + 1, text: value, message: problem });
        continue;
      }
      const entry = value.toLowerCase();
      if (seen.has(entry)) {
        errors.push({ line: index + 1, text: value, message: APP_LIST_MESSAGES.duplicate });
        continue;
      }
      seen.add(entry);
      entries.push(entry);
      entryLines.push(index + 1);
    }
  });
  if (entries.length > APP_LIST_MAX_ENTRIES) {
    errors.push({ line: 0, text: '', message: APP_LIST_MESSAGES.tooMany });
  }
  return { entries, entryLines, errors };
}

/** The allowed list's errors with its entries that are also blocked (the server refuses both). */
export function withOverlap(allowed: ParsedAppList, blocked: ParsedAppList): ParsedAppList {
  const blockedSet = new Set(blocked.entries);
  const overlap = allowed.entries.flatMap((entry, index) =>
    blockedSet.has(entry)
      ? [{ line: allowed.entryLines[index] ?? 0, text: entry, message: APP_LIST_MESSAGES.onBoth }]
      : [],
  );
  const errors = [...allowed.errors, ...overlap].sort((a, b) => a.line - b.line);
  return { ...allowed, errors };
}
