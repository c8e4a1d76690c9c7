import { exportFileName } from '@veracity/contracts/csv';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../http/access.js';

/** What the firewall's three route files share: id parameters, access rules, CSV answers. */

export const zIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * An access rule of a firewall route: the list's view (plan gating and the sensor_firewall flag:
 * spec 01 §6, Pro and Max do not have them) and the permission, one or any of several.
 */
export const firewallAccess = (
  view: Extract<ViewId, `firewall_${string}`>,
  permission: PermissionKey | readonly PermissionKey[],
  write = false,
): Access => ({ kind: 'account', view, permission, write });

/** Sends CSV text as a download named from the time and a suffix; nothing to send is 204 ("No content"). */
export function sendCsv(reply: FastifyReply, rows: number, csv: () => string, suffix: string) {
  if (rows === 0) return reply.code(204).send();
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(new Date(), suffix)}"`)
    .send(csv());
}

/** Whether a request asks for CSV (spec 02 §7: the list calls with Accept text/csv). */
export const wantsCsv = (accept: string | undefined) => (accept ?? '').toLowerCase().includes('text/csv');
