/**
 * The client adapter of the realtime API (addendum §9), for browsers and Node: a WebSocket look-alike
 * that the unmodified `y-websocket` `WebsocketProvider` takes as its `WebSocketPolyfill`. It turns
 * the provider's binary messages into §9's base64 text frames (split into `~` parts past 30,000
 * characters), joins and decodes what the server sends, hands live-state frames to `onLiveState`,
 * and reports a server's `{ "type": "close" }` frame as the close code (API Gateway cannot set one),
 * so 4403/4404 stop the provider from reconnecting. It does not send the provider's echoes of the
 * awareness states it received (see `unheardAwareness`).
 *
 * ```ts
 * const provider = new WebsocketProvider('ws://localhost:3000/v2', 'realtime', doc, {
 *   params: { apiKey, token, organizationId, documentId, editorId },
 *   WebSocketPolyfill: realtimeWebSocket({ onLiveState: (state) => console.log(state) }),
 * });
 * ```
 */
import { awarenessMessage, awarenessMessageEntries } from '../shared/realtime/awareness';
import { type Frame, messageFrames, PartAssembler, parseFrame } from '../shared/sockets/frames';

/** A live-state frame as the server sends it. */
export interface LiveState {
  type: 'livestate';
  liveStateDataId: string;
  data: unknown;
  timestamp: number;
}

/** The WebSocket members the adapter uses: the browser's `WebSocket` and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface RealtimeWebSocketOptions {
  /** The WebSocket implementation; the global `WebSocket` when omitted (pass `ws` on Node 20). */
  WebSocket?: WebSocketConstructor;
  /**
   * Base URL to connect to instead of the one the provider builds (its query string is kept): the
   * stack output `RealtimeUrl` in AWS, whose path cannot end in the provider's room name.
   */
  url?: string;
  /** Called with every live-state frame (current values on join, then each broadcast). */
  onLiveState?: (state: LiveState) => void;
}

const decoder = new TextDecoder();

/**
 * The `readyState` values, which the WebSocket standard gives the class and every instance (the
 * provider compares with `ws.OPEN`).
 */
const readyStates = { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 } as const;

/** Builds the `WebSocketPolyfill` class for `WebsocketProvider`. */
export function realtimeWebSocket(options: RealtimeWebSocketOptions = {}) {
  const Implementation =
    options.WebSocket ?? (globalThis as unknown as { WebSocket: WebSocketConstructor }).WebSocket;

  class RealtimeWebSocket {
    /** Kept for the provider, which sets it; messages are always delivered as ArrayBuffers. */
    binaryType = 'arraybuffer';
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: { code: number; reason: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;

    private readonly socket: WebSocketLike;
    private readonly parts = new PartAssembler();
    private nextMessageId = 0;
    private closeFrame: { code: number; reason: string } | undefined;
    /** Each awareness client's clock as the server last sent it. */
    private readonly heardClocks = new Map<number, number>();

    constructor(url: string, protocols?: string | string[]) {
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      this.socket = new Implementation(options.url ? `${options.url}${query}` : url, protocols);
      this.socket.onopen = (event) => this.onopen?.(event);
      this.socket.onerror = (event) => this.onerror?.(event);
      this.socket.onclose = (event) =>
        this.onclose?.(this.closeFrame ?? { code: event.code, reason: event.reason });
      this.socket.onmessage = (event) => this.receive(event.data);
    }

    get readyState(): number {
      return this.socket.readyState;
    }

    /** Sends one binary y-websocket message as base64 text frames. */
    send(data: ArrayBuffer | Uint8Array): void {
      const bytes = this.unheardAwareness(data instanceof Uint8Array ? data : new Uint8Array(data));
      if (!bytes) return;
      this.nextMessageId += 1;
      for (const frame of messageFrames(bytes, String(this.nextMessageId))) this.socket.send(frame);
    }

    close(code?: number, reason?: string): void {
      this.socket.close(code, reason);
    }

    private receive(data: unknown): void {
      const text = typeof data === 'string' ? data : decoder.decode(data as ArrayBuffer);
      const frame: Frame = parseFrame(text);
      if (frame.kind === 'message') this.deliver(frame.bytes);
      else if (frame.kind === 'part') {
        const joined = this.parts.add(frame);
        if (joined) this.deliver(joined);
      } else if (frame.kind === 'json') {
        if (frame.value.type === 'livestate') options.onLiveState?.(frame.value as unknown as LiveState);
        if (frame.value.type === 'close' && typeof frame.value.code === 'number') {
          this.closeFrame = { code: frame.value.code, reason: String(frame.value.reason ?? '') };
        }
      }
    }

    /**
     * The message without the awareness entries the server sent this socket (undefined when none
     * is left). The provider re-sends every awareness change it applies, a remote client's too, at
     * the clock it received: in a room of n, each state announced (a join, a cursor move, the
     * renewal every 15 s) came back from the n − 1 others, n² frames per round that the server
     * reads and drops (a connection announces its own client id only) and that pass the frame
     * rates of a full room. The provider's own changes always carry a clock it never received.
     */
    private unheardAwareness(bytes: Uint8Array): Uint8Array | undefined {
      const entries = awarenessMessageEntries(bytes);
      if (!entries) return bytes;
      const unheard = entries.filter((entry) => this.heardClocks.get(entry.clientId) !== entry.clock);
      if (unheard.length === entries.length) return bytes;
      return unheard.length > 0 ? awarenessMessage(unheard) : undefined;
    }

    private deliver(bytes: Uint8Array): void {
      for (const entry of awarenessMessageEntries(bytes) ?? [])
        this.heardClocks.set(entry.clientId, entry.clock);
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      this.onmessage?.({ data: buffer });
    }
  }
  Object.assign(RealtimeWebSocket.prototype, readyStates);
  return Object.assign(RealtimeWebSocket, readyStates);
}
