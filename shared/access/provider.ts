import * as z from 'zod/mini';
import type { AccessRole, PermissionEntry } from '../access-model/model';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { logger } from '../core/logger';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import { ForbiddenTargetError, sendOutbound } from '../security/outbound-http';

/** The permission provider configuration (issue 4's `permissionproviderconfig`). */
export interface ProviderConfig {
  url: string;
  authToken: string;
}

/** One question to the provider: may this user use this resource? */
export interface ProviderRequest {
  userId: string;
  resource: {
    id: string;
    type: 'organization' | 'folder' | 'document';
    organizationId: string;
    parentFolderId?: string;
  };
}

const providerAnswer = z.object({
  data: z.array(
    z.object({
      userId: z.string(),
      resourceId: z.string(),
      type: z.string(),
      hasAccess: z.boolean(),
      accessRole: z.optional(z.enum(['editor', 'viewer'])),
      expiresAt: z.optional(z.number()),
    }),
  ),
});

/** Answers by `userId`, resource type and id. */
export type ProviderAnswers = (request: ProviderRequest) => PermissionEntry;

const answerKey = (userId: string, type: string, resourceId: string) =>
  JSON.stringify([userId, type, resourceId]);

function deniedBecause(reason: string): ProviderAnswers {
  return () => ({ error: reason, errorCode: 'permission_denied' });
}

/**
 * What a caller learns when the provider could not decide. The texts never depend on what the
 * target answered (status, body, timing class), so a provider URL cannot be used to probe a network;
 * the precise reason goes to the log only.
 */
export const providerDenials = {
  refused: 'Permission provider URL does not resolve to an allowed public address; access denied.',
  unusable: 'Permission provider gave no usable answer; access denied.',
  denied: 'Permission provider denied access.',
  expired: 'Permission provider granted access that has already expired; access denied.',
} as const;

/**
 * Bytes of answer read at most: room for one answer entry per question with ids of the longest
 * allowed length, so an honest answer always fits and a hostile one cannot exhaust memory.
 */
const maxAnswerBytes = (questions: number) => 64 * 1024 + questions * 1024;

/**
 * Asks the customer's permission provider (rule 7): one POST with every (user, resource) pair,
 * `Authorization: Bearer <authToken>`, through the guarded outbound client (decisions §30: resolved
 * once and pinned, no redirects, bounded time and size; a DNS failure denies). The provider is
 * authoritative; when it is refused, unreachable, slow, answers non-2xx, too long or malformed, or
 * leaves a pair unanswered, access is denied with a generic `error` (fail closed). Access it grants
 * with an `expiresAt` (epoch ms) already past is denied; a future one is reported in Unix seconds.
 */
export async function askProvider(
  config: ProviderConfig,
  requests: readonly ProviderRequest[],
): Promise<ProviderAnswers> {
  let answerBody: unknown;
  recordMetric(metricNames.providerCalls, 1);
  const failed = (denial: ProviderAnswers) => {
    recordMetric(metricNames.providerFailures, 1);
    return denial;
  };
  try {
    const response = await sendOutbound({
      url: config.url,
      body: JSON.stringify({ data: { requests } }),
      headers: { authorization: `Bearer ${config.authToken}` },
      timeoutMs: env().PERMISSION_PROVIDER_TIMEOUT_MS,
      maxResponseBytes: maxAnswerBytes(requests.length),
      overflow: 'fail',
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      logger.warn('permission provider answered non-2xx', { statusCode: response.statusCode });
      return failed(deniedBecause(providerDenials.unusable));
    }
    answerBody = JSON.parse(response.body.toString('utf8'));
  } catch (error) {
    logger.warn('permission provider call failed', { reason: (error as Error).name });
    return failed(
      deniedBecause(
        error instanceof ForbiddenTargetError ? providerDenials.refused : providerDenials.unusable,
      ),
    );
  }
  const parsed = providerAnswer.safeParse(answerBody);
  if (!parsed.success) {
    logger.warn('permission provider answer malformed');
    return failed(deniedBecause(providerDenials.unusable));
  }
  const answers = new Map(
    parsed.data.data.map((answer) => [answerKey(answer.userId, answer.type, answer.resourceId), answer]),
  );
  const now = nowMs();
  return (request) => {
    const answer = answers.get(answerKey(request.userId, request.resource.type, request.resource.id));
    if (!answer) return { error: providerDenials.unusable, errorCode: 'permission_denied' };
    if (!answer.hasAccess) return { error: providerDenials.denied, errorCode: 'permission_denied' };
    if (answer.expiresAt !== undefined && answer.expiresAt <= now) {
      return { error: providerDenials.expired, errorCode: 'permission_denied' };
    }
    return {
      accessRole: (answer.accessRole ?? 'editor') as AccessRole,
      ...(answer.expiresAt !== undefined && { expiresAt: Math.floor(answer.expiresAt / 1000) }),
    };
  };
}
