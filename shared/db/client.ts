import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env';
import { withoutSdkLogging } from '../core/sdk-client';
import { gateReadsBeforeAuth } from './before-auth';
import { instrumentDbClient } from './metrics';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client of the process, created on first use and reused across
 * invocations. Points at DynamoDB Local when `DYNAMODB_ENDPOINT` is set.
 */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = env();
    const client = withoutSdkLogging(
      new DynamoDBClient({
        region: AWS_REGION,
        ...(DYNAMODB_ENDPOINT && { endpoint: DYNAMODB_ENDPOINT }),
      }),
    );
    gateReadsBeforeAuth(client);
    instrumentDbClient(client);
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

/** The table every repository writes to. */
export function tableName(): string {
  return env().TABLE_NAME;
}
