/** What sending to a connection found: delivered, or the connection is gone (API Gateway's 410). */
export type PostOutcome = 'sent' | 'gone';

/**
 * How the service reaches a connected client: in AWS the API Gateway management API
 * (PostToConnection / DeleteConnection), locally the dev server's open sockets. Handlers are the
 * same code in both places; only this differs.
 */
export interface ConnectionPoster {
  /** Sends one text frame. */
  post(connectionId: string, frame: string): Promise<PostOutcome>;
  /**
   * Closes a connection with a close code (addendum §9: 4404 deleted, 4403 access removed).
   * API Gateway cannot choose the close code, so the AWS poster first sends a
   * `{ "type": "close", code, reason }` frame that the client adapter turns into that close code.
   * `gone` when the connection is not open (closed already, or its `$connect` still running).
   */
  close(connectionId: string, code: number, reason: string): Promise<PostOutcome>;
}
