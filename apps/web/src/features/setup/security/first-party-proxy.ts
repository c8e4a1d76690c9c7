/**
 * Reverse-proxy set-ups for the first-party path (/setup/security/javascript-settings): the customer's
 * own domain forwards `<path>/*` to the collector's sensor folder (`collectorUrl`, e.g.
 * `https://collector.example/c`), passing on the visitor's address so that it, not the proxy's, is judged.
 */

/** An nginx `location` block for the site's server block. */
export function nginxProxySnippet(path: string, collectorUrl: string): string {
  const upstream = new URL(collectorUrl);
  return [
    `location ${path}/ {`,
    `    proxy_pass ${upstream.origin}${upstream.pathname.replace(/\/$/, '')}/;`,
    `    proxy_set_header Host ${upstream.host};`,
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_ssl_server_name on;',
    '}',
  ].join('\n');
}

/** A Cloudflare Worker on the route `<your domain><path>/*`. */
export function cloudflareWorkerSnippet(path: string, collectorUrl: string): string {
  const upstream = collectorUrl.replace(/\/$/, '');
  return [
    `// Route: example.com${path}/*`,
    `const PREFIX = '${path}/';`,
    `const COLLECTOR = '${upstream}/';`,
    '',
    'export default {',
    '  async fetch(request) {',
    '    const url = new URL(request.url);',
    '    if (!url.pathname.startsWith(PREFIX)) return fetch(request);',
    '    const target = COLLECTOR + url.pathname.slice(PREFIX.length) + url.search;',
    '    const headers = new Headers(request.headers);',
    "    headers.set('X-Forwarded-For', request.headers.get('CF-Connecting-IP') ?? '');",
    "    headers.delete('Cookie');",
    '    return fetch(target, { method: request.method, headers, body: request.body });',
    '  },',
    '};',
  ].join('\n');
}
