import * as z from 'zod';
import { env } from '../config/env';
import { targetProblem } from '../delivery/target-guard';
import type { AccessRole, PermissionEntry } from './model';

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
      accessRole: z.enum(['editor', 'viewer']).optional(),
      expiresAt: z.number().optional(),
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
 * Asks the customer's permission provider (rule 7): one POST with every (user, resource) pair,
 * `Authorization: Bearer <authToken>`, a 5 s timeout, no redirects. The provider is authoritative;
 * when it is unreachable, slow, answers non-2xx or malformed, or leaves a pair unanswered, access
 * is denied with an `error` that says why (fail closed). Its `expiresAt` (epoch ms) is reported in
 * Unix seconds.
 */
export async function askProvider(
  config: ProviderConfig,
  requests: readonly ProviderRequest[],
): Promise<ProviderAnswers> {
  const timeoutMs = env().PERMISSION_PROVIDER_TIMEOUT_MS;
  // Checked again at call time: a name may resolve differently than when it was configured.
  if (await targetProblem(config.url)) {
    return deniedBecause('Permission provider URL points to a private or internal address; access denied.');
  }
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.authToken}` },
      body: JSON.stringify({ data: { requests } }),
    });
  } catch (error) {
    const timedOut = (error as { name?: string } | undefined)?.name === 'TimeoutError';
    return deniedBecause(
      timedOut
        ? `Permission provider did not answer within ${timeoutMs / 1000} s; access denied.`
        : 'Permission provider is unreachable; access denied.',
    );
  }
  if (!response.ok)
    return deniedBecause(`Permission provider answered HTTP ${response.status}; access denied.`);
  const parsed = providerAnswer.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) return deniedBecause('Permission provider gave a malformed answer; access denied.');
  const answers = new Map(
    parsed.data.data.map((answer) => [answerKey(answer.userId, answer.type, answer.resourceId), answer]),
  );
  return (request) => {
    const answer = answers.get(answerKey(request.userId, request.resource.type, request.resource.id));
    if (!answer)
      return {
        error: 'Permission provider gave no answer for this resource; access denied.',
        errorCode: 'permission_denied',
      };
    if (!answer.hasAccess)
      return { error: 'Permission provider denied access.', errorCode: 'permission_denied' };
    return {
      accessRole: (answer.accessRole ?? 'editor') as AccessRole,
      ...(answer.expiresAt !== undefined && { expiresAt: Math.floor(answer.expiresAt / 1000) }),
    };
  };
}
