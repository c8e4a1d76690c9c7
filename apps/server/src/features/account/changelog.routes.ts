import { zChangelogPage, zChangelogQuery } from '@veracity/contracts/changelog';
import { exportFileName } from '@veracity/contracts/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { changelogCsv, readChangelog } from './changelog.service.js';

/**
 * The account changelog (spec 01 §6, issue 40): who changed what, when. Gated by the settings view
 * (every plan has it: the changelog is part of the account section) and the account_changelog
 * permission, for the page and its CSV alike: the export holds exactly what the page shows, so the
 * right to read it is the right to export it (docs/decisions.md).
 */
const CHANGELOG_ACCESS = { kind: 'account', view: 'settings', permission: 'account_changelog' } as const;

export const changelogRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/account/changelog',
      {
        config: { access: CHANGELOG_ACCESS },
        schema: { querystring: zChangelogQuery, response: { 200: zChangelogPage } },
      },
      async (request) => readChangelog(db, accountOf(request).relationship, request.query),
    );

    app.get(
      '/account/changelog/csv',
      {
        config: { access: CHANGELOG_ACCESS },
        schema: { querystring: zChangelogQuery.omit({ cursor: true }) },
      },
      async (request, reply) => {
        const csv = await changelogCsv(db, accountOf(request).relationship, request.query);
        // Nothing to export: the dashboard shows "No content" (spec 02 §8).
        if (csv === undefined) return reply.code(204).send();
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(new Date(), 'changelog')}"`)
          .send(csv);
      },
    );
  };
