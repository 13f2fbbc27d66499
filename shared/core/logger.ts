import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The service's structured JSON logger (Powertools). Requests log through a `requestLog` carrying the
 * route and request id; credentials are never passed to it (only the API key id and workspace id).
 */
export const logger = new Logger({ serviceName: 'collab-backend' });

type LogKeys = Record<string, unknown>;

/** One request's view of `logger`: every line carries the request's keys. */
export interface RequestLog {
  info(message: string, extra?: LogKeys): void;
  warn(message: string, extra?: LogKeys): void;
  /** Logs the error with its stack (Powertools formats an `Error` argument). */
  error(message: string, error: Error): void;
  /** Adds keys to every later line of this request (e.g. the API key id once authenticated). */
  appendKeys(keys: LogKeys): void;
}

/**
 * A request log over the shared logger. Not `logger.createChild`: a child copies the logger's whole
 * configuration, ≈ 0.1–0.3 ms per request, which is a tenth of a one-call route's floor
 * (decisions §39); these keys travel as the extra input of each line instead.
 */
export function requestLog(keys: LogKeys): RequestLog {
  const persistent: LogKeys = { ...keys };
  return {
    info: (message, extra) => logger.info(message, { ...persistent, ...extra }),
    warn: (message, extra) => logger.warn(message, { ...persistent, ...extra }),
    error: (message, error) => logger.error(message, { ...persistent, error }),
    appendKeys: (more) => {
      Object.assign(persistent, more);
    },
  };
}
