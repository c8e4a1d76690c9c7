import type {
  PostbackOverlapHours,
  PostbackSecurity,
  RotatedPostbackSecret,
  zPostbackSecurityUpdate,
} from '@veracity/contracts/postback-security';
import type { z } from 'zod';
import {
  findPostbackSecurity,
  type StoredPostbackSecurity,
  savePostbackRotation,
  savePostbackSettings,
} from '../../accounts/postback-security.repo.js';
import type { AccountAuthContext } from '../../http/access.js';
import { postbackSecret } from '../../postbacks/postback-secret.js';
import {
  currentSigningSecret,
  newPostbackSigningSecret,
  previousStillValid,
  secretFingerprint,
  signingSecretBox,
} from '../../postbacks/postback-signing-secrets.js';
import type { Services } from '../../services.js';
import { audit, auditActor, changesOf } from '../account/audit.js';

/**
 * The postback security screen (/setup/security/postback-security, issue 40): the account-wide
 * allowed postback sources, "require signed postbacks", and the signing secret's rotation. The
 * postback endpoint reads what this writes at every postback (ingest/postback-auth.ts decides).
 * The secret is answered once, by the rotation; nothing here logs it or writes it to the audit log.
 */

const HOUR_MS = 3_600_000;

type Deps = Pick<Services, 'db' | 'clock' | 'config'>;

/** What the screen shows: never a secret, only which one is in use. */
function settingsOf(
  deps: Deps,
  relationshipId: number,
  stored: StoredPostbackSecurity | undefined,
): PostbackSecurity {
  const now = deps.clock.now();
  const previous =
    stored && previousStillValid(stored, now) && stored.previousFingerprint && stored.previousExpiresAt
      ? { fingerprint: stored.previousFingerprint, expiresAt: stored.previousExpiresAt }
      : null;
  return {
    sources: stored?.sources ?? [],
    requireSigned: stored?.requireSigned ?? false,
    secret: stored?.secretSealed
      ? {
          kind: 'generated',
          createdAt: stored.secretCreatedAt,
          fingerprint: stored.secretFingerprint ?? '',
          previous,
        }
      : {
          kind: 'derived',
          createdAt: null,
          fingerprint: secretFingerprint(postbackSecret(deps.config.secretKey, relationshipId)),
          previous,
        },
    algorithm: 'HMAC-SHA256',
  };
}

/** GET /api/security/postback. */
export async function postbackSecurity(deps: Deps, relationshipId: number): Promise<PostbackSecurity> {
  return settingsOf(deps, relationshipId, await findPostbackSecurity(deps.db, relationshipId));
}

/** PUT /api/security/postback: the whole source list and the switch, audited as old -> new. */
export async function updatePostbackSecurity(
  deps: Deps,
  auth: AccountAuthContext,
  body: z.output<typeof zPostbackSecurityUpdate>,
  ip: string | null,
): Promise<PostbackSecurity> {
  const relationshipId = auth.relationship.id;
  return deps.db.transaction().execute(async (trx) => {
    const before = await findPostbackSecurity(trx, relationshipId);
    await savePostbackSettings(trx, relationshipId, body, deps.clock.now());
    const changes = changesOf(
      {
        sources: JSON.stringify(before?.sources ?? []),
        requireSigned: before?.requireSigned ?? false,
      },
      { sources: JSON.stringify(body.sources), requireSigned: body.requireSigned },
    );
    if (Object.keys(changes).length > 0) {
      await audit(trx, { ...auditActor(auth, ip), action: 'postback_security.updated', detail: changes });
    }
    return settingsOf(deps, relationshipId, await findPostbackSecurity(trx, relationshipId));
  });
}

/**
 * POST /api/security/postback/rotate-secret: a new random secret becomes current and is answered
 * this once; the one it replaces (the derived secret at the first rotation) keeps signing for
 * `overlapHours`. A previous secret still in its window is dropped: two secrets at most.
 */
export async function rotatePostbackSecret(
  deps: Deps,
  auth: AccountAuthContext,
  overlapHours: PostbackOverlapHours,
  ip: string | null,
): Promise<RotatedPostbackSecret> {
  const relationshipId = auth.relationship.id;
  const box = signingSecretBox(deps.config.secretKey);
  const secret = newPostbackSigningSecret();
  return deps.db.transaction().execute(async (trx) => {
    const before = await findPostbackSecurity(trx, relationshipId);
    const replaced = currentSigningSecret(deps.config.secretKey, relationshipId, before, (sealed) =>
      box.open(sealed),
    );
    const now = deps.clock.now();
    // A stored secret that no longer opens (the instance secret changed) signs nothing: none to keep.
    const keep = replaced !== undefined && overlapHours > 0;
    const previousExpiresAt = new Date(now.getTime() + overlapHours * HOUR_MS).toISOString();
    const fingerprint = secretFingerprint(secret);
    const previousFingerprint = replaced === undefined ? null : secretFingerprint(replaced);
    await savePostbackRotation(
      trx,
      relationshipId,
      {
        secretSealed: box.seal(secret),
        secretFingerprint: fingerprint,
        previousSealed: keep ? box.seal(replaced) : null,
        previousFingerprint: keep ? previousFingerprint : null,
        previousExpiresAt: keep ? previousExpiresAt : null,
      },
      now,
    );
    await audit(trx, {
      ...auditActor(auth, ip),
      action: 'postback_security.secret_rotated',
      detail: {
        fingerprint: { from: previousFingerprint, to: fingerprint },
        replaced: before?.secretSealed ? 'generated' : 'derived',
        overlapHours,
        previousExpiresAt: keep ? previousExpiresAt : null,
      },
    });
    return {
      secret,
      settings: settingsOf(deps, relationshipId, await findPostbackSecurity(trx, relationshipId)),
    };
  });
}
