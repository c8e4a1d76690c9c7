import { APP_LIST_MAX_ENTRIES, appPackageEntryProblem } from '@veracity/contracts/app-security';
import { type ListEntryRule, type ParsedListLines, parseListLines } from './list-lines';

/** A pasted list of app packages, one a line, read for saving (entries in lower case). */
export type ParsedAppList = ParsedListLines;

export const APP_LIST_MESSAGES = {
  duplicate: 'Already listed above',
  tooMany: `At most ${APP_LIST_MAX_ENTRIES} apps a list`,
  onBoth: 'Also on the blocked list: remove it from one of them',
} as const;

export function listText(entries: readonly string[]): string {
  return entries.join('\n');
}

const APP_RULE: ListEntryRule = {
  read: (piece) => {
    const problem = appPackageEntryProblem(piece);
    return problem === null ? { entry: piece.toLowerCase() } : { problem };
  },
  separators: /[,\s]+/,
  duplicate: APP_LIST_MESSAGES.duplicate,
  max: APP_LIST_MAX_ENTRIES,
  tooMany: APP_LIST_MESSAGES.tooMany,
};

/** Reads a list, one package a line (commas and spaces also separate), reporting each bad line and repeat. */
export function parseAppList(text: string): ParsedAppList {
  return parseListLines(text, APP_RULE);
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
