/**
 * The client adapter of the realtime API (addendum §9), for browsers and Node: a WebSocket that
 * the unmodified `y-websocket` `WebsocketProvider` takes as its `WebSocketPolyfill`. It turns the
 * provider's binary messages into §9's base64 text frames (split into `~` parts past 30,000
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
import { awarenessMessage, awarenessMessageEntries } from './awareness.js';
import { type Frame, messageFrames, PartAssembler, parseFrame } from './frames.js';

/** A live-state frame as the server sends it. */
export interface LiveState {
  type: 'livestate';
  liveStateDataId: string;
  data: unknown;
  timestamp: number;
}

/**
 * The WebSocket the adapter sends its frames through: the browser's `WebSocket`, Node 22's, or the
 * `ws` package's class (Node 20 has no global one). The adapter only assigns the handlers, so an
 * implementation's own event types fit them (`never`); it reads `code`, `reason` and `wasClean` of
 * a close event, `data` of a message and `message` of an error.
 */
export interface WebSocketLike {
  readonly readyState: number;
  readonly protocol: string;
  readonly extensions: string;
  readonly bufferedAmount: number;
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
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

/** A close event (`CloseEvent` is no global of Node 20). */
class RealtimeCloseEvent extends Event {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;

  constructor(init: { code: number; reason: string; wasClean: boolean }) {
    super('close');
    this.code = init.code;
    this.reason = init.reason;
    this.wasClean = init.wasClean;
  }
}

/** An error event with the underlying socket's error, where it gives one. */
class RealtimeErrorEvent extends Event {
  readonly message: string;
  readonly error: unknown;
  readonly filename = '';
  readonly lineno = 0;
  readonly colno = 0;

  constructor(init: { message?: string; error?: unknown }) {
    super('error');
    this.message = init.message ?? '';
    this.error = init.error;
  }
}

const isLiveState = (value: Record<string, unknown>): value is Record<string, unknown> & LiveState =>
  value.type === 'livestate' &&
  typeof value.liveStateDataId === 'string' &&
  typeof value.timestamp === 'number';

/** The WebSocket to send through: the option, else the global one. Throws when there is neither. */
function socketImplementation(options: RealtimeWebSocketOptions): WebSocketConstructor {
  if (options.WebSocket) return options.WebSocket;
  if (typeof WebSocket === 'undefined') {
    throw new TypeError(
      'No global WebSocket here (Node 20): pass the `ws` package as the `WebSocket` option.',
    );
  }
  return WebSocket;
}

/** The subprotocol names of a WebSocket constructor's second argument. */
function subprotocols(argument: unknown): string | string[] | undefined {
  if (typeof argument === 'string') return argument;
  if (Array.isArray(argument)) return argument.map(String);
  if (typeof argument === 'object' && argument !== null && 'protocols' in argument) {
    return subprotocols(argument.protocols);
  }
  return undefined;
}

/**
 * Builds the `WebSocketPolyfill` class for `WebsocketProvider`: a complete WebSocket (an
 * `EventTarget` with the `on…` handlers, `readyState` and its constants) whose `send` takes binary
 * messages only — the realtime API carries y-websocket's binary protocol, nothing else.
 */
export function realtimeWebSocket(options: RealtimeWebSocketOptions = {}): typeof WebSocket {
  const Implementation = socketImplementation(options);

  return class RealtimeWebSocket extends EventTarget implements WebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;

    /** How `message` events carry a message: the provider asks for `arraybuffer`. */
    binaryType: WebSocket['binaryType'] = 'blob';
    onopen: WebSocket['onopen'] = null;
    onclose: WebSocket['onclose'] = null;
    onerror: WebSocket['onerror'] = null;
    onmessage: WebSocket['onmessage'] = null;
    /** The URL connected to (`options.url` with the provider's query string, when given). */
    readonly url: string;

    private readonly socket: WebSocketLike;
    private readonly parts = new PartAssembler();
    private nextMessageId = 0;
    private closeFrame: { code: number; reason: string } | undefined;
    /** Each awareness client's clock as the server last sent it. */
    private readonly heardClocks = new Map<number, number>();

    /** `protocols` as the standard's (a name or names); undici's `{ protocols }` is read too. */
    constructor(url: string | URL, protocols?: unknown) {
      super();
      const requested = String(url);
      const query = requested.includes('?') ? requested.slice(requested.indexOf('?')) : '';
      this.url = options.url ? `${options.url}${query}` : requested;
      this.socket = new Implementation(this.url, subprotocols(protocols));
      this.socket.onopen = () => this.fire(new Event('open'), this.onopen);
      this.socket.onerror = (event: { message?: string; error?: unknown }) =>
        this.fire(new RealtimeErrorEvent(event), this.onerror);
      this.socket.onclose = (event: { code: number; reason: string; wasClean: boolean }) => {
        const { code, reason } = this.closeFrame ?? event;
        this.fire(new RealtimeCloseEvent({ code, reason, wasClean: event.wasClean }), this.onclose);
      };
      this.socket.onmessage = (event: { data: unknown }) => this.receive(event.data);
    }

    get readyState(): number {
      return this.socket.readyState;
    }

    get protocol(): string {
      return this.socket.protocol;
    }

    get extensions(): string {
      return this.socket.extensions;
    }

    /** Characters of base64 frames queued on the underlying socket. */
    get bufferedAmount(): number {
      return this.socket.bufferedAmount;
    }

    /** Sends one binary y-websocket message as base64 text frames; throws on text and Blobs. */
    send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data === 'string' || data instanceof Blob) {
        throw new TypeError(
          'The realtime API carries binary messages: send an ArrayBuffer or a typed array.',
        );
      }
      const bytes = this.unheardAwareness(
        ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : new Uint8Array(data),
      );
      if (!bytes) return;
      this.nextMessageId += 1;
      for (const frame of messageFrames(bytes, String(this.nextMessageId))) this.socket.send(frame);
    }

    close(code?: number, reason?: string): void {
      this.socket.close(code, reason);
    }

    /** Dispatches `event` to the listeners, then to its `on…` handler. */
    private fire<E extends Event>(event: E, handler: ((this: WebSocket, event: E) => unknown) | null): void {
      this.dispatchEvent(event);
      handler?.call(this, event);
    }

    /** Handles one frame from the server, which sends text frames only (§9). */
    private receive(data: unknown): void {
      if (typeof data !== 'string') return;
      const frame: Frame = parseFrame(data);
      if (frame.kind === 'message') this.deliver(frame.bytes);
      else if (frame.kind === 'part') {
        const joined = this.parts.add(frame);
        if (joined) this.deliver(joined);
      } else if (frame.kind === 'json') {
        if (isLiveState(frame.value)) options.onLiveState?.(frame.value);
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

    private deliver(bytes: Uint8Array<ArrayBuffer>): void {
      for (const entry of awarenessMessageEntries(bytes) ?? [])
        this.heardClocks.set(entry.clientId, entry.clock);
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const data = this.binaryType === 'blob' ? new Blob([buffer]) : buffer;
      this.fire(new MessageEvent('message', { data }), this.onmessage);
    }
  };
}
