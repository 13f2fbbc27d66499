import * as z from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * The service's configuration, parsed once from the environment at cold start.
 * `DATA_KEY` is the master secret from which the page-token and secret-encryption keys are derived;
 * in AWS it is injected from Secrets Manager, locally `npm start` and the tests generate one.
 */
export const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  DATA_KEY: z.string().min(32, 'DATA_KEY must hold at least 32 characters of secret material'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Endpoint override for DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** Endpoint override for the SQS emulator; unset in AWS. */
  SQS_ENDPOINT: z.url().optional(),
  /** Deployments can switch public workspace creation off. */
  ALLOW_PUBLIC_WORKSPACE_CREATION: booleanFlag.default(true),
  /** Adds per-request DynamoDB call and capacity headers (local stack and benchmark only). */
  EXPOSE_DB_METRICS: booleanFlag.default(false),
  /** How long the permission provider may take before access is denied (addendum §4: 5 s). */
  PERMISSION_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Stage name reported in logs and used for queue names. */
  STAGE: z.string().min(1).default('local'),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * Returns the parsed environment, parsing it on first use (so modules can be imported by tooling
 * such as the docs generator without a configured environment). Throws when a variable is invalid.
 */
export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`Invalid environment: ${problems.join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
