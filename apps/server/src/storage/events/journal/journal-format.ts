import {
  conversionTable,
  type EventTable,
  engagementTable,
  exclusionFiringTable,
  hitTable,
  rowJsonWriter,
  sessionTable,
  validateBatch,
} from '../event-columns.js';
import {
  type ConversionRow,
  type EngagementRow,
  type EventDimensions,
  EventValidationError,
  type EventValidationIssue,
  type ExclusionFiringRow,
  type HitRow,
  type SessionRow,
} from '../event-store.js';

/**
 * The ingestion journal's unit: what one ingested event writes. The journal appends each as one line of
 * JSON ({@link journalLine}, dates as ISO strings) to a segment file. A store that reads segment files
 * itself (`EventStore.loadJournal`, DuckDB's `duckdb/duckdb-journal.ts`) reads that shape; recovery and
 * the other stores read it back with {@link parseSegment} and receive the rows of {@link journalRows}.
 */
export interface EventWrite {
  hits?: HitRow[];
  /**
   * The snapshot of each hit's session as of that hit (same index as `hits`): the hit gives the rest
   * of the session row ({@link sessionOfHit}), so the journal does not repeat its dimensions.
   */
  hitSessions?: HitSession[];
  sessions?: SessionRow[];
  conversions?: ConversionRow[];
  /** The sensor's exclusion firings (`exclusionFiringTable`), each of a stored hit. */
  exclusionFirings?: ExclusionFiringRow[];
  /**
   * The engagement beacons' figures (`engagementTable`), each of a stored hit. Lines written before
   * engagements were kept have none (a reader takes the missing field as no rows).
   */
  engagements?: EngagementRow[];
}

const hitJson = rowJsonWriter(hitTable);
const sessionJson = rowJsonWriter(sessionTable);
const conversionJson = rowJsonWriter(conversionTable);
const exclusionFiringJson = rowJsonWriter(exclusionFiringTable);
const engagementJson = rowJsonWriter(engagementTable);

/** The JSON array of a batch's rows, or the batch's every problem thrown as an EventValidationError. */
function rowsJson<Row>(table: EventTable<Row>, json: (row: Row) => string | undefined, rows: readonly Row[]) {
  let out = '[';
  for (let index = 0; index < rows.length; index++) {
    const text = json(rows[index] as Row);
    if (text === undefined) {
      validateBatch(table, rows);
      throw new Error(`a ${table.kind} row was refused without a reason`);
    }
    out += index === 0 ? text : `,${text}`;
  }
  return `${out}]`;
}

function hitSessionsJson(sessions: readonly HitSession[]): string {
  let out = '[';
  for (let index = 0; index < sessions.length; index++) {
    const session = sessions[index] as HitSession;
    out += `${index === 0 ? '' : ','}{"hits":${session.hits},"startedAt":"${session.startedAt.toISOString()}"}`;
  }
  return `${out}]`;
}

/**
 * One line of the journal: the write as JSON and a newline. Rows are checked against the column
 * catalogue as they are written (`rowJsonWriter`), and the hits' session figures with them: an invalid
 * row throws an EventValidationError listing every problem, and nothing is written. Dates are ISO
 * strings; null cells are left out.
 */
export function journalLine(write: EventWrite): string {
  checkHitSessions(write);
  let json = '';
  if (write.hits) json += `,"hits":${rowsJson(hitTable, hitJson, write.hits)}`;
  if (write.hitSessions) json += `,"hitSessions":${hitSessionsJson(write.hitSessions)}`;
  if (write.sessions) json += `,"sessions":${rowsJson(sessionTable, sessionJson, write.sessions)}`;
  if (write.conversions)
    json += `,"conversions":${rowsJson(conversionTable, conversionJson, write.conversions)}`;
  if (write.exclusionFirings)
    json += `,"exclusionFirings":${rowsJson(exclusionFiringTable, exclusionFiringJson, write.exclusionFirings)}`;
  if (write.engagements)
    json += `,"engagements":${rowsJson(engagementTable, engagementJson, write.engagements)}`;
  return `{${json.slice(1)}}\n`;
}

/** A session's own figures as of one of its hits. */
export interface HitSession {
  /** Hits in the session so far, this one included. */
  hits: number;
  /** When the session started as far as ingestion knows (the hit's time when later). */
  startedAt: Date;
}

/**
 * The session snapshot a hit gives: its landing dimensions, its time as the last sighting, its verdict
 * (or the one given). The hit's own evidence stays on the hit: a session keeps only the evidence a
 * verdict given here brings (what its engagement or conversion added, with what it joined). DuckDB
 * builds the same row in SQL when it reads the journal (`duckdb/duckdb-journal.ts`); a test compares
 * the two.
 */
export function sessionOfHit(
  hit: HitRow,
  session: HitSession,
  verdict?: Pick<HitRow, 'riskLevel' | 'threats' | 'evidence'>,
): SessionRow {
  const { startedAt } = session;
  return {
    ...dimensionsOf(hit),
    relationshipId: hit.relationshipId,
    id: hit.sessionId,
    startedAt: startedAt.getTime() < hit.ts.getTime() ? startedAt : hit.ts,
    lastSeenAt: hit.ts,
    landingUrl: hit.url,
    ip: hit.ip ?? null,
    riskLevel: (verdict ?? hit).riskLevel,
    threats: (verdict ?? hit).threats,
    evidence: verdict?.evidence ?? null,
    hits: session.hits,
  };
}

/** The analytics dimensions of a hit, which its session (when it lands) and its conversions carry. */
export function dimensionsOf(hit: HitRow): EventDimensions {
  return {
    trafficType: hit.trafficType,
    campaignId: hit.campaignId ?? null,
    offerId: hit.offerId ?? null,
    trafficSourceId: hit.trafficSourceId ?? null,
    referrer: hit.referrer ?? null,
    utmSource: hit.utmSource ?? null,
    utmMedium: hit.utmMedium ?? null,
    utmCampaign: hit.utmCampaign ?? null,
    utmContent: hit.utmContent ?? null,
    utmTerm: hit.utmTerm ?? null,
    subPublisher: hit.subPublisher ?? null,
    country: hit.country ?? null,
    isp: hit.isp ?? null,
    deviceType: hit.deviceType ?? null,
    osName: hit.osName ?? null,
    browser: hit.browser ?? null,
    domain: hit.domain ?? null,
    googleCampaignId: hit.googleCampaignId ?? null,
    googlePlacement: hit.googlePlacement ?? null,
    googleKeyword: hit.googleKeyword ?? null,
    googleAccountId: hit.googleAccountId ?? null,
    hitStatus: hit.hitStatus,
    vars: hit.vars ?? {},
  };
}

/**
 * The rows a run of writes stores, in journal order: for each write its hits, its hits' sessions then
 * its own session snapshots, its conversions, its exclusion firings, its engagements.
 */
export function journalRows(writes: readonly EventWrite[]): {
  hits: HitRow[];
  sessions: SessionRow[];
  conversions: ConversionRow[];
  exclusionFirings: ExclusionFiringRow[];
  engagements: EngagementRow[];
} {
  const hits: HitRow[] = [];
  const sessions: SessionRow[] = [];
  const conversions: ConversionRow[] = [];
  const exclusionFirings: ExclusionFiringRow[] = [];
  const engagements: EngagementRow[] = [];
  for (const write of writes) {
    for (const [index, hit] of (write.hits ?? []).entries()) {
      hits.push(hit);
      const session = write.hitSessions?.[index];
      if (session) sessions.push(sessionOfHit(hit, session));
    }
    if (write.sessions) sessions.push(...write.sessions);
    if (write.conversions) conversions.push(...write.conversions);
    if (write.exclusionFirings) exclusionFirings.push(...write.exclusionFirings);
    if (write.engagements) engagements.push(...write.engagements);
  }
  return { hits, sessions, conversions, exclusionFirings, engagements };
}

/**
 * The writes of a journal segment, as {@link journalLine} wrote them; a line that does not parse (cut
 * off by a crash) is skipped and reported to `onSkipped`. Dates come back from their ISO strings, in
 * the fields known to hold them (no reviver call per value). The one reader of segments in application
 * code: recovery counts with it and stores without `loadJournal` load through it.
 */
export function parseSegment(
  text: string,
  onSkipped: (line: number) => void = () => undefined,
): EventWrite[] {
  const writes: EventWrite[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let write: EventWrite;
    try {
      write = JSON.parse(line);
    } catch {
      onSkipped(index + 1);
      return;
    }
    for (const hit of write.hits ?? []) hit.ts = revive(hit.ts);
    for (const session of write.hitSessions ?? []) session.startedAt = revive(session.startedAt);
    for (const session of write.sessions ?? []) {
      session.startedAt = revive(session.startedAt);
      session.lastSeenAt = revive(session.lastSeenAt);
    }
    for (const conversion of write.conversions ?? []) conversion.ts = revive(conversion.ts);
    for (const firing of write.exclusionFirings ?? []) firing.ts = revive(firing.ts);
    for (const engagement of write.engagements ?? []) engagement.ts = revive(engagement.ts);
    writes.push(write);
  });
  return writes;
}

function revive(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

const MAX_INT32 = 2_147_483_647;

/**
 * The session figures of a write's hits: one per hit, a positive hit count and a valid start (the
 * rest of the session row is the hit's, already checked); refused like an invalid session row.
 */
function checkHitSessions(write: EventWrite): void {
  const snapshots: readonly HitSession[] = write.hitSessions ?? [];
  if (snapshots.length === 0) return;
  const issues: EventValidationIssue[] = [];
  if (snapshots.length !== (write.hits?.length ?? 0)) {
    issues.push({ row: 0, field: '(row)', message: 'one session snapshot per hit is required' });
  }
  snapshots.forEach((snapshot, row) => {
    if (!Number.isInteger(snapshot.hits) || snapshot.hits < 1 || snapshot.hits > MAX_INT32) {
      issues.push({ row, field: 'hits', message: 'must be a positive 32-bit integer' });
    }
    if (!(snapshot.startedAt instanceof Date) || Number.isNaN(snapshot.startedAt.getTime())) {
      issues.push({ row, field: 'startedAt', message: 'must be a valid Date' });
    }
  });
  if (issues.length > 0) throw new EventValidationError('sessions', issues);
}
