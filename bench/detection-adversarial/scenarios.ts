import type { AddressPool } from './addresses.js';
import { headfulBounce, headfulPerson, paidLanding, stealthVisit } from './browser-visits.js';
import { agentPerson, botHeaders, forgedPageView, residentialBurst, scraperClick } from './http-visits.js';
import type { Random } from './random.js';
import type { Site, Visit } from './site.js';

/**
 * The scenarios of the evaluation. A session is one seeded run of a scenario; it makes one visit (one
 * for each click of a burst). Bots and people share neither their browsers (bots: Chromium driven by
 * stealth plugins, header-generator's headers; people: real agents from `user-agents`, a Chromium
 * window driven with pointer, wheel and keys) nor their pacing (bots: under a second to a few seconds
 * on one page, or a click a second; people: seconds between pages, several pages).
 */

export interface ScenarioContext {
  site: Site;
  pool: AddressPool;
  /** A sensor page view a real browser posted earlier in the run, for the bots that replay one. */
  recordedPageView(): Record<string, unknown> | undefined;
}

export interface Scenario {
  name: string;
  who: 'bot' | 'human';
  /** What it is, for the table's legend. */
  description: string;
  sessions: number;
  /** Sessions run at once (the machine has two cores; browsers take most of them). */
  concurrency: number;
  /** `display`: a headful Chromium, under Xvfb; `chromium`: Debian's Chromium, headless. */
  needs: 'display' | 'chromium' | 'nothing';
  run(context: ScenarioContext, random: Random): Promise<Visit | Visit[]>;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'stealth-plugin',
    who: 'bot',
    description:
      'playwright-extra + puppeteer-extra-plugin-stealth (defaults: Linux masked as Windows), headless, paid landing, 2-5 s idle, residential',
    sessions: 10,
    concurrency: 2,
    needs: 'chromium',
    run: ({ site, pool }, random) => stealthVisit(site, pool.take('residential'), random, false),
  },
  {
    name: 'stealth-own-agent',
    who: 'bot',
    description:
      'the same stealth browser keeping its own, consistent Linux Chrome agent, locale and zone of the address, residential',
    sessions: 10,
    concurrency: 2,
    needs: 'chromium',
    run: ({ site, pool }, random) => stealthVisit(site, pool.take('residential'), random, true),
  },
  {
    name: 'stealth-own-agent-hosting',
    who: 'bot',
    description: 'the same, from hosting addresses (cloud and hosting networks)',
    sessions: 5,
    concurrency: 2,
    needs: 'chromium',
    run: ({ site, pool }, random) => stealthVisit(site, pool.take('hosting'), random, true),
  },
  {
    name: 'headful-bounce',
    who: 'bot',
    description:
      'real Chromium window (Xvfb), paid landing with gclid, gone in under 1 s without pointer, key or scroll, residential',
    sessions: 10,
    concurrency: 2,
    needs: 'display',
    run: ({ site, pool }, random) => headfulBounce(site, pool.take('residential'), random),
  },
  {
    name: 'got-scraping-s2s',
    who: 'bot',
    description:
      "got-scraping with header-generator's Chrome-on-Windows headers, one paid landing through the customer's server (S2S), residential",
    sessions: 15,
    concurrency: 3,
    needs: 'nothing',
    run: ({ site, pool }, random) => {
      const address = pool.take('residential');
      const headers = botHeaders(random, address, {
        browsers: ['chrome'],
        operatingSystems: ['windows'],
        devices: ['desktop'],
      });
      return scraperClick(site, address, paidLanding(random), headers);
    },
  },
  {
    name: 'got-scraping-collector',
    who: 'bot',
    description:
      "got-scraping posting a page view to the collector without the script: a real browser's recorded payload with header-generator's agent, locale and zone, residential",
    sessions: 15,
    concurrency: 3,
    needs: 'nothing',
    run: ({ site, pool, recordedPageView }, random) =>
      forgedPageView(site, pool.take('residential'), random, recordedPageView()),
  },
  {
    name: 'residential-proxy-s2s',
    who: 'bot',
    description:
      "got-scraping behind residential proxies: a new residential address per request, header-generator's desktop and mobile browsers, one paid landing, no engagement (S2S)",
    sessions: 20,
    concurrency: 5,
    needs: 'nothing',
    run: ({ site, pool }, random) => {
      const address = pool.take('residential');
      const headers = botHeaders(random, address, {
        browsers: ['chrome', 'firefox', 'safari', 'edge'],
        devices: ['desktop', 'mobile'],
      });
      return scraperClick(site, address, paidLanding(random), headers);
    },
  },
  {
    name: 'residential-burst',
    who: 'bot',
    description:
      'two bursts of 50 paid clicks in a minute, each from one residential address and one header set (S2S); N counts clicks',
    sessions: 2,
    concurrency: 2,
    needs: 'nothing',
    run: ({ site, pool }, random) => residentialBurst(site, pool.take('residential'), random),
  },
  {
    name: 'human-agents',
    who: 'human',
    description:
      "people with real browsers' agents from user-agents (desktop and mobile), consistent headers, half from ads, 2-3 pages 3-9 s apart (S2S, to a second account integrated over S2S only), residential",
    sessions: 40,
    concurrency: 8,
    needs: 'nothing',
    run: ({ site, pool }, random) => agentPerson(site, pool.take('residential'), random),
  },
  {
    name: 'human-headful',
    who: 'human',
    description:
      'people in a real Chromium window (Xvfb): pointer strokes, wheel, typing, a second page, 8-15 s, 60% from ads, residential',
    sessions: 10,
    concurrency: 2,
    needs: 'display',
    run: ({ site, pool }, random) => headfulPerson(site, pool.take('residential'), random),
  },
];
