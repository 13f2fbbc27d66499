import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The service's structured JSON logger (Powertools). Requests log through a child carrying the
 * route and request id; credentials are never passed to it (only the API key id and workspace id).
 */
export const logger = new Logger({ serviceName: 'collab-backend' });
