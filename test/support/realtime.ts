import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { type LiveState, realtimeWebSocket } from '../../packages/client/src/realtime-websocket';
import { type DevServer, startDevServer } from '../../scripts/local/dev-server';
import type { Room } from '../../shared/realtime/schemas';
import { insertConnection } from '../../shared/sockets/repository';
import { succeed } from './api';
import { waitFor } from './poll';
import type { TestWorkspace } from './workspaces';

/** The dev server (HTTP and `/v2/realtime`) in this process, on a free port. */
export const startRealtimeServer = (): Promise<DevServer> =>
  startDevServer({ port: 0, health: async () => ({}), exposeDbMetrics: false });

/** A document to connect to: a fresh organization and document in the workspace. */
export async function seedDocument(
  workspace: TestWorkspace,
  accessType: 'public' | 'restricted' = 'public',
): Promise<{ organizationId: string; documentId: string }> {
  const organizationId = `org-${randomUUID()}`;
  const documentId = `doc-${randomUUID()}`;
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId, accessType }],
  });
  return { organizationId, documentId };
}

/**
 * Stores a connection of `userId` in the room through the repository (no socket: nothing will
 * `$disconnect` it), under a cap of `maxConnections`; resolves to its id, or undefined when the
 * room was full. `connectedAt` in the past makes one that outlived its TTL.
 */
export async function storeConnection(
  apiKey: string,
  room: Room,
  options: { connectedAt?: number; maxConnections?: number; userId?: string } = {},
): Promise<string | undefined> {
  const connectionId = randomUUID();
  const stored = await insertConnection(
    {
      connectionId,
      apiKey,
      ...room,
      userId: options.userId ?? 'someone',
      role: 'editor',
      connectedAt: options.connectedAt ?? Date.now(),
      deniedSent: false,
    },
    options.maxConnections ?? 500,
  );
  return stored ? connectionId : undefined;
}

/** A user token from auth/generate_token. */
export async function userToken(workspace: TestWorkspace, userId: string): Promise<string> {
  const data = await succeed(workspace, 'auth.token.generate', {
    userId,
    userProperties: { name: userId, email: `${userId}@example.com` },
  });
  return data.token;
}

export interface ConnectParams {
  apiKey: string;
  token: string;
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** A real y-websocket client through the project's adapter. */
export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  liveStates: LiveState[];
  closes: { code: number; reason: string }[];
  /** The text frames its socket sent, in order. */
  sent: string[];
  destroy(): void;
}

/**
 * Connects a `WebsocketProvider` (with the `ws` package as the socket) to the local server;
 * `maxBackoffTime` caps its wait between reconnects (y-websocket's default: 2,500 ms).
 */
export function connectClient(
  server: DevServer,
  params: ConnectParams,
  doc = new Y.Doc(),
  options: { maxBackoffTime?: number } = {},
): TestClient {
  const liveStates: LiveState[] = [];
  const closes: { code: number; reason: string }[] = [];
  const sent: string[] = [];
  // A `ws` socket whose frames are recorded: the adapter sends text frames with `send(text)` alone.
  class RecordingWebSocket extends WebSocket {
    override send(frame: string): void {
      sent.push(frame);
      super.send(frame);
    }
  }
  const provider = new WebsocketProvider(`${server.url.replace('http', 'ws')}/v2`, 'realtime', doc, {
    params: { ...params },
    WebSocketPolyfill: realtimeWebSocket({
      WebSocket: RecordingWebSocket,
      onLiveState: (state) => liveStates.push(state),
    }),
    disableBc: true,
    ...options,
  });
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  return {
    doc,
    provider,
    liveStates,
    closes,
    sent,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Resolves once the provider has synced with the server. */
export const synced = (client: TestClient) => waitFor(() => client.provider.synced, 10_000, 'sync');

/** The HTTP status the server answers a raw upgrade with (101 when it accepts). */
export function upgradeStatus(
  server: DevServer,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((done, fail) => {
    const url = `${server.url.replace('http', 'ws')}/v2/realtime?${new URLSearchParams(query)}`;
    const socket = new WebSocket(url, { headers });
    socket.on('upgrade', (response) => {
      done(response.statusCode ?? 0);
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) => {
      done(response.statusCode ?? 0);
      response.destroy();
    });
    socket.on('error', (error) => {
      if (!(error.message ?? '').includes('Unexpected server response')) fail(error);
    });
  });
}

/** What a realtime test file works with: the server, its workspace, and joining as a user. */
export interface RealtimeSession {
  readonly server: DevServer;
  readonly workspace: TestWorkspace;
  /** Connects a client for `userId` and resolves once it synced; destroyed after the test. */
  join(params: Omit<ConnectParams, 'token' | 'apiKey'>, userId?: string): Promise<TestClient>;
  /** Stops tracking a client the test destroyed itself. */
  forget(client: TestClient): void;
}

/**
 * Registers the hooks of a realtime test file: a dev server and a workspace for the whole file,
 * every client destroyed after its test, the server closed at the end.
 */
export function useRealtimeSession(createWorkspace: () => Promise<TestWorkspace>): RealtimeSession {
  const clients: TestClient[] = [];
  const state: { server?: DevServer; workspace?: TestWorkspace } = {};
  beforeAll(async () => {
    state.server = await startRealtimeServer();
    state.workspace = await createWorkspace();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await state.server?.close();
  });
  const session: RealtimeSession = {
    get server() {
      return state.server as DevServer;
    },
    get workspace() {
      return state.workspace as TestWorkspace;
    },
    async join(params, userId = 'alice') {
      const token = await userToken(session.workspace, userId);
      const client = connectClient(session.server, { apiKey: session.workspace.apiKey, ...params, token });
      clients.push(client);
      await synced(client);
      return client;
    },
    forget(client) {
      clients.splice(clients.indexOf(client), 1);
    },
  };
  return session;
}
