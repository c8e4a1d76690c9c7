import { describe, expect, it } from 'vitest';
import { cloudflareWorkerSnippet, nginxProxySnippet } from './first-party-proxy';

describe('the first-party proxy set-ups', () => {
  it('forwards the path to the collector folder in nginx, with the visitor address', () => {
    const block = nginxProxySnippet('/vx', 'https://collector.example/c');
    expect(block).toContain('location /vx/ {');
    expect(block).toContain('proxy_pass https://collector.example/c/;');
    expect(block).toContain('proxy_set_header Host collector.example;');
    expect(block).toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
  });

  it('forwards the path to the collector folder in a Cloudflare Worker, dropping cookies', () => {
    const worker = cloudflareWorkerSnippet('/a/b', 'https://collector.example:8443/c/');
    expect(worker).toContain("const PREFIX = '/a/b/';");
    expect(worker).toContain("const COLLECTOR = 'https://collector.example:8443/c/';");
    expect(worker).toContain("headers.delete('Cookie');");
    expect(worker).toContain('CF-Connecting-IP');
  });
});
