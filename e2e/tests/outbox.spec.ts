import type { Locator } from '@playwright/test';
import { expect, integrateAdminSensor, signInAsAdmin, signUpTrialAccount, test } from '../fixtures.js';

/** How a table sits on the page: whether its container scrolls, the columns out of reach, page overflow. */
async function tableLayout(table: Locator) {
  await expect(table).toBeVisible();
  return table.evaluate((element) => {
    // Runs in the page (the e2e project has no DOM typings).
    type Box = { left: number; right: number };
    type Node = {
      parentElement: Node | null;
      scrollWidth: number;
      clientWidth: number;
      scrollLeft: number;
      textContent: string | null;
      getBoundingClientRect(): Box;
      scrollIntoView(options: { block: string; inline: string }): void;
      querySelectorAll(selector: string): ArrayLike<Node>;
    };
    const view = globalThis as unknown as {
      getComputedStyle(node: Node): { overflowX: string };
      document: { documentElement: Node };
      innerWidth: number;
    };
    const tableNode = element as unknown as Node;
    const wrap = tableNode.parentElement as Node;
    const overflowX = view.getComputedStyle(wrap).overflowX;
    const wider = tableNode.scrollWidth > wrap.clientWidth;
    // Each column brought into view, as a person scrolling the table would: it must then be on screen
    // and inside the table's container, not cut at an edge.
    const outOfReach: string[] = [];
    for (const header of Array.from(tableNode.querySelectorAll('th'))) {
      header.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = header.getBoundingClientRect();
      const frame = wrap.getBoundingClientRect();
      const onScreen = box.left >= -0.5 && box.right <= view.innerWidth + 0.5;
      const inFrame = box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5;
      if (!onScreen || !inFrame) outOfReach.push(header.textContent ?? '');
    }
    const root = view.document.documentElement;
    return { overflowX, wider, outOfReach, pageOverflow: root.scrollWidth - root.clientWidth };
  });
}

/**
 * The instance admin's outbox and the support console on a phone (390 px wide): their tables are wider
 * than the screen, so each scrolls sideways inside its own container, as the other tables do, rather
 * than being cut at the card's edge with nothing to say there is more (the Subject column was out of
 * reach).
 */
test('the support tables scroll sideways on a 390 px screen, every column within reach', async ({
  page,
  baseURL,
}) => {
  // Mail to read: a new trial account's verification, which lands in the outbox (no SMTP here).
  await signUpTrialAccount(baseURL as string, {
    email: `outbox.${Date.now().toString(36)}@acme-corp.com`,
    companyName: 'Narrow Screens Ltd',
    ip: '81.33.103.17',
  });

  // Until the account has traffic the guard keeps its screens on the integration page.
  await integrateAdminSensor();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  for (const [path, testId] of [
    ['/support/outbox', 'outbox-table'],
    ['/support', 'support-table'],
  ] as const) {
    await page.goto(path);
    const layout = await tableLayout(page.getByTestId(testId));
    // The table is wider than the phone, and its own container scrolls to show every column.
    expect(layout.wider, path).toBe(true);
    expect(['auto', 'scroll']).toContain(layout.overflowX);
    expect(layout.outOfReach, path).toEqual([]);
    // The page itself does not scroll sideways: only the table does.
    expect(layout.pageOverflow, path).toBeLessThanOrEqual(0);
  }
});
