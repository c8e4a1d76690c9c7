/**
 * A verdict's evidence as the event stores hold it: one JSON text per row, an object keyed by reason
 * id whose values are the evidence objects of `@veracity/contracts/threat-evidence`. The store checks
 * bounds only (reasons it does not know are kept, as `threats` keeps ids), so a row written by a newer
 * engine still loads.
 */

/** The most reasons a row's evidence holds (as many as its threats may). */
export const MAX_EVIDENCE_REASONS = 100;
/** The longest evidence JSON text a row holds. */
export const MAX_EVIDENCE_LENGTH = 16_384;
const MAX_REASON_LENGTH = 128;
const MAX_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Every string in the value is well-formed Unicode (JSON text would escape a lone surrogate). */
function wellFormed(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  if (depth > MAX_DEPTH) return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.every((item) => wellFormed(item, depth + 1));
}

/**
 * The JSON text of a row's evidence: undefined when it is not an object of at most
 * {@link MAX_EVIDENCE_REASONS} reasons (non-empty ids of at most 128 characters), each an object, in
 * at most {@link MAX_EVIDENCE_LENGTH} characters of well-formed text; null when it holds no reason.
 */
export function evidenceJson(value: unknown): string | null | undefined {
  if (!isPlainObject(value)) return undefined;
  const reasons = Object.keys(value);
  if (reasons.length === 0) return null;
  if (reasons.length > MAX_EVIDENCE_REASONS) return undefined;
  for (const reason of reasons) {
    if (reason.length === 0 || reason.length > MAX_REASON_LENGTH || !isPlainObject(value[reason])) {
      return undefined;
    }
  }
  if (!wellFormed(value, 0)) return undefined;
  const text = JSON.stringify(value);
  return text.length <= MAX_EVIDENCE_LENGTH ? text : undefined;
}

/** The evidence of a stored JSON text (null stays null). */
export function parseEvidence(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string' || text === '') return null;
  const value: unknown = JSON.parse(text);
  return isPlainObject(value) && Object.keys(value).length > 0 ? value : null;
}

const utf8 = new TextEncoder();

/** Orders two texts of one reason's evidence: the longer (in UTF-8 bytes) first, then the greater. */
function outranks(text: string, other: string): boolean {
  const a = utf8.encode(text);
  const b = utf8.encode(other);
  if (a.length !== b.length) return a.length > b.length;
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return (a[index] ?? 0) > (b[index] ?? 0);
  }
  return false;
}

/**
 * The session merge of evidence (`EventStore.insertSessions`): every reason either side has, with the
 * evidence whose JSON text is the longer, then the greater (as DuckDB compares text, byte by byte).
 * Commutative and associative, so snapshots merge the same in any order and grouping.
 */
export function mergeEvidenceJson(earlier: string | null, later: string | null): string | null {
  if (earlier === null || later === null || earlier === later) return earlier ?? later;
  const merged = parseEvidence(earlier) ?? {};
  for (const [reason, evidence] of Object.entries(parseEvidence(later) ?? {})) {
    const held = merged[reason];
    if (held === undefined || outranks(JSON.stringify(evidence), JSON.stringify(held))) {
      merged[reason] = evidence;
    }
  }
  return sortedJson(merged);
}

/** JSON text of an evidence object with its reasons in order, so equal merges give equal text. */
function sortedJson(evidence: Record<string, unknown>): string | null {
  const reasons = Object.keys(evidence).sort();
  if (reasons.length === 0) return null;
  return `{${reasons.map((reason) => `${JSON.stringify(reason)}:${JSON.stringify(evidence[reason])}`).join(',')}}`;
}

/** {@link mergeEvidenceJson} of two rows' evidence objects (for folds over rows, not cells). */
export function mergeEvidence<Evidence extends object>(
  earlier: Evidence | null | undefined,
  later: Evidence | null | undefined,
): Evidence | null {
  const text = mergeEvidenceJson(evidenceJson(earlier ?? {}) ?? null, evidenceJson(later ?? {}) ?? null);
  return parseEvidence(text) as Evidence | null;
}
