import { firewallVerdictPath } from '@veracity/contracts/firewall';

/** A string as a JavaScript literal that is also safe inside an HTML script element. */
function literal(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The JS tag of a firewall campaign (spec 02 §7, issue 34): one inline script to paste at the top of
 * the page's head. It hides the page until the verdict arrives, then shows it, empties it or
 * replaces the location, as contracts/firewall.ts describes; a failed request shows the page.
 */
export function firewallTag(options: {
  serverUrl: string;
  sensorPath: string;
  sensorKey: string;
  campaignId: number;
}): string {
  const endpoint = `${options.serverUrl}${firewallVerdictPath(options.sensorPath)}`;
  return [
    `<!-- Veracity firewall, campaign ${options.campaignId} -->`,
    '<script>',
    '(function (d, w) {',
    '  var root = d.documentElement;',
    "  root.style.visibility = 'hidden';",
    "  function show() { root.style.visibility = ''; }",
    `  var q = '?k=' + encodeURIComponent(${literal(options.sensorKey)}) + '&c=${options.campaignId}' +`,
    "    '&u=' + encodeURIComponent(w.location.href) + '&r=' + encodeURIComponent(d.referrer);",
    `  fetch(${literal(endpoint)} + q, { credentials: 'omit' })`,
    '    .then(function (r) { return r.json(); })',
    '    .then(function (v) {',
    "      if (v && v.action === 'redirect' && v.url) w.location.replace(v.url);",
    "      else if (v && v.action === 'hide') root.innerHTML = '';",
    '      else show();',
    '    })',
    "    ['catch'](show);",
    '})(document, window);',
    '</script>',
    '',
  ].join('\n');
}
