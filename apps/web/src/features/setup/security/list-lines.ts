/** A piece of a pasted list that is no entry: its line (from 1; 0 for the whole list), what it holds and why. */
export interface ListLineError {
  line: number;
  text: string;
  message: string;
}

export interface ParsedListLines {
  /** The entries as the list reads them, each once, in the order pasted. */
  entries: string[];
  /** The line (from 1) of each entry. */
  entryLines: number[];
  errors: ListLineError[];
}

/** What one list accepts: how a piece of a line becomes an entry, and how many entries it holds. */
export interface ListEntryRule {
  /** The entry a piece stands for, or why it stands for none. */
  read: (piece: string) => { entry: string } | { problem: string };
  /** What separates the pieces of a line. */
  separators: RegExp;
  /** Said of an entry pasted again; without it the repeat is quietly kept once. */
  duplicate?: string;
  max: number;
  tooMany: string;
}

/**
 * Reads a pasted list: one entry a line (the rule's separators also separate), blank lines skipped;
 * every piece that is no entry is reported with its line, so that nothing is saved while one is bad.
 */
export function parseListLines(text: string, rule: ListEntryRule): ParsedListLines {
  const entries: string[] = [];
  const entryLines: number[] = [];
  const errors: ListLineError[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((row, index) => {
    const line = index + 1;
    for (const piece of row.split(rule.separators)) {
      if (piece === '') continue;
      const read = rule.read(piece);
      if ('problem' in read) {
        errors.push({ line, text: piece, message: read.problem });
      } else if (!seen.has(read.entry)) {
        seen.add(read.entry);
        entries.push(read.entry);
        entryLines.push(line);
      } else if (rule.duplicate !== undefined) {
        errors.push({ line, text: piece, message: rule.duplicate });
      }
    }
  });
  if (entries.length > rule.max) errors.push({ line: 0, text: '', message: rule.tooMany });
  return { entries, entryLines, errors };
}
