/**
 * The Google Ads tracking template linking offers (spec 02 §3 skipTT): the ValueTrack values the
 * collector already reads from a landing URL (ingest/landing.ts: `campaignid`, `keyword`,
 * `placement`, and `utm_source` / `utm_medium` for the paid Google traffic type). Google appends the
 * click id (gclid) itself with auto-tagging. A customer who keeps a template of their own adds
 * TRACKING_PARAMETERS to it instead.
 */
export const TRACKING_PARAMETERS =
  'utm_source=google&utm_medium=cpc&campaignid={campaignid}&keyword={keyword}&placement={placement}';

export const TRACKING_TEMPLATE = `{lpurl}?${TRACKING_PARAMETERS}`;
