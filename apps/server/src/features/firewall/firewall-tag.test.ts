import { describe, expect, it } from 'vitest';
import { firewallTag } from './firewall-tag.js';

/**
 * The tag runs in a visitor's browser; here its script runs against a page object with the parts
 * it touches (the root element's style and content, the location, the referrer) and a fetch that
 * answers as the click path would.
 */
function runTag(answer: () => Promise<unknown>) {
  const tag = firewallTag({
    serverUrl: 'https://app.example',
    sensorPath: '/c',
    sensorKey: 'vs_key</script>"x',
    campaignId: 42,
  });
  const script = /<script>\n([\s\S]*)<\/script>/.exec(tag)?.[1] ?? '';
  const root = { style: { visibility: '' }, innerHTML: '<body>page</body>' };
  const replaced: string[] = [];
  const requested: string[] = [];
  const page = {
    document: { documentElement: root, referrer: 'https://source.example/?a=1' },
    window: {
      location: { href: 'https://shop.example/p?x=1', replace: (url: string) => replaced.push(url) },
    },
  };
  const fetchStub = (url: string) => {
    requested.push(url);
    return answer().then((body) => ({ json: () => Promise.resolve(body) }));
  };
  // The tag's own (function (d, w) {...})(document, window) reads these names.
  new Function('document', 'window', 'fetch', script)(page.document, page.window, fetchStub);
  return { tag, root, replaced, requested, settle: () => new Promise((resolve) => setTimeout(resolve, 0)) };
}

describe('the firewall JS tag', () => {
  it('hides the page and asks the verdict for this visit, with the key escaped for HTML', async () => {
    const run = runTag(() => Promise.resolve({ action: 'show' }));
    expect(run.root.style.visibility).toBe('hidden');
    expect(run.tag.match(/<\/script>/g)).toHaveLength(1);
    const url = new URL(run.requested[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://app.example/c/fw');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      k: 'vs_key</script>"x',
      c: '42',
      u: 'https://shop.example/p?x=1',
      r: 'https://source.example/?a=1',
    });
    await run.settle();
    expect(run.root.style.visibility).toBe('');
  });

  it('redirects, empties the page, or shows it when the server cannot be reached', async () => {
    const redirect = runTag(() => Promise.resolve({ action: 'redirect', url: 'https://safe.example/' }));
    await redirect.settle();
    expect(redirect.replaced).toEqual(['https://safe.example/']);

    const hide = runTag(() => Promise.resolve({ action: 'hide' }));
    await hide.settle();
    expect(hide.root.innerHTML).toBe('');
    expect(hide.root.style.visibility).toBe('hidden');

    const down = runTag(() => Promise.reject(new Error('network down')));
    await down.settle();
    expect(down.root.style.visibility).toBe('');
    expect(down.root.innerHTML).toBe('<body>page</body>');
  });
});
