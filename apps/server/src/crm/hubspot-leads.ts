import type { CrmFields } from '@veracity/contracts/crm';
import type { RiskLevel } from '@veracity/contracts/detection';
import { HUBSPOT_MATCH_WINDOW_HOURS, type HubspotVerdict } from '@veracity/contracts/hubspot';
import type { Kysely } from 'kysely';
import { findConnection } from '../integrations/oauth/oauth-connections.repo.js';
import { createSecretBox, type SecretBox } from '../integrations/oauth/secret-box.js';
import type { Clock } from '../jobs/clock.js';
import type { Database } from '../storage/oltp/schema.js';
import { insertLead } from './hubspot-leads.repo.js';

/** The purpose the leads' emails are sealed under (integrations/oauth/secret-box.ts). */
export const EMAIL_BOX_PURPOSE = 'hubspot:email';

const VERDICTS: Partial<Record<RiskLevel, HubspotVerdict>> = { high: 'invalid', medium: 'suspicious' };

/** A judged conversion that names its person, handed over by ingestion before it is stored. */
export interface CrmConversion {
  id: string;
  name: string;
  at: Date;
  crm: CrmFields;
}

export interface CrmLeadRecorder {
  record(
    relationshipId: number,
    conversion: CrmConversion,
    verdict: { riskLevel: RiskLevel; threats: readonly string[] },
  ): Promise<void>;
}

export const emailBox = (secretKey: string): SecretBox => createSecretBox(secretKey, EMAIL_BOX_PURPOSE);

/**
 * Ingestion's side of HubSpot (issue 35): an invalid or suspicious conversion that carries the visitor's
 * `hubspotutk` or an email, of an account with HubSpot linked, becomes a pending lead for the matching
 * job (features/hubspot/hubspot-matching.ts). Legitimate conversions and accounts without HubSpot leave
 * nothing; the email is kept sealed until the contact is found or the window ends.
 */
export function createCrmLeadRecorder(
  db: Kysely<Database>,
  secretKey: string,
  clock: Clock,
): CrmLeadRecorder {
  const box = emailBox(secretKey);
  return {
    async record(relationshipId, conversion, verdict) {
      const flagged = VERDICTS[verdict.riskLevel];
      const { hubspotutk, email } = conversion.crm;
      if (!flagged || (!hubspotutk && !email)) return;
      if (!(await findConnection(db, relationshipId, 'hubspot'))) return;
      const now = clock.now().toISOString();
      await insertLead(db, {
        relationship_id: relationshipId,
        conversion_id: conversion.id,
        conversion_name: conversion.name,
        converted_at: conversion.at.toISOString(),
        verdict: flagged,
        reasons: JSON.stringify(verdict.threats),
        utk: hubspotutk ?? null,
        email_sealed: email ? box.seal(email) : null,
        status: 'pending',
        next_try_at: now,
        created_at: now,
      });
    },
  };
}

/** When a lead received at `createdAt` is given up. */
export const matchDeadline = (createdAt: string) =>
  Date.parse(createdAt) + HUBSPOT_MATCH_WINDOW_HOURS * 3_600_000;
