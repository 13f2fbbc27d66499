import { randomBytes } from 'node:crypto';
import { webBase64 } from '../../../packages/client/src/base64';
import {
  type LiveState,
  realtimeWebSocket,
  type WebSocketLike,
} from '../../../packages/client/src/realtime-websocket';
import { maxFramePayload, messageFrames, PartAssembler, parseFrame } from '../../../shared/sockets/frames';

describe('realtime frames (addendum §9)', () => {
  it('sends a message of up to 30,000 base64 characters as one frame', () => {
    const message = randomBytes(22_500);
    const frames = messageFrames(message, 'm1');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveLength(maxFramePayload);
    const frame = parseFrame(frames[0]!);
    expect(frame.kind === 'message' && Buffer.from(frame.bytes).equals(message)).toBe(true);
  });

  it('splits a longer message into ~id:index:count parts that join back in any order', () => {
    const message = randomBytes(100_000);
    const frames = messageFrames(message, 'm2');
    expect(frames.length).toBe(Math.ceil((Math.ceil(100_000 / 3) * 4) / maxFramePayload));
    expect(frames[1]).toMatch(/^~m2:1:\d+:/);
    const assembler = new PartAssembler();
    let joined: Uint8Array | undefined;
    for (const text of [...frames].reverse()) {
      const frame = parseFrame(text);
      if (frame.kind !== 'part') throw new Error(`not a part: ${frame.kind}`);
      joined = assembler.add(frame) ?? joined;
    }
    expect(joined && Buffer.from(joined).equals(message)).toBe(true);
  });

  it.each([
    ['an empty frame', ''],
    ['text outside the base64 alphabet', 'héllo!!'],
    ['base64 of a wrong length', 'abc'],
    ['a part without a header', '~nothing'],
    ['a part index past its count', '~m:3:2:QUJD'],
    ['a JSON array', '[1,2]'],
    ['broken JSON', '{"type":'],
  ])('reads %s as invalid', (_name, text) => {
    expect(parseFrame(text).kind).toBe('invalid');
  });

  it("encodes base64 alike without Node's Buffer (browsers), past one chunk of characters", () => {
    const bytes = randomBytes(100_003);
    const text = webBase64.encode(bytes);
    expect(text).toBe(bytes.toString('base64'));
    expect(Buffer.from(webBase64.decode(text)).equals(bytes)).toBe(true);
  });

  it('reads a JSON object frame as json', () => {
    expect(parseFrame('{"type":"livestate"}')).toEqual({ kind: 'json', value: { type: 'livestate' } });
  });
});

describe('the client adapter', () => {
  class FakeSocket implements WebSocketLike {
    static last: FakeSocket;
    readyState = 1;
    protocol = '';
    extensions = '';
    bufferedAmount = 0;
    sent: string[] = [];
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
    onerror: ((event: { message: string }) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(
      readonly url: string,
      readonly protocols?: string | string[],
    ) {
      FakeSocket.last = this;
    }
    send(data: string) {
      this.sent.push(data);
    }
    close() {}
  }

  it('sends binary messages as text frames, delivers messages as ArrayBuffers and live state to its callback', () => {
    const states: LiveState[] = [];
    const Socket = realtimeWebSocket({ WebSocket: FakeSocket, onLiveState: (state) => states.push(state) });
    const socket = new Socket('ws://h/v2/realtime?apiKey=k');
    socket.binaryType = 'arraybuffer';
    const received: unknown[] = [];
    socket.onmessage = (event) => received.push(event.data);
    socket.send(new Uint8Array(60_000));
    expect(FakeSocket.last.sent.length).toBe(3);
    expect(FakeSocket.last.sent.every((frame) => frame.startsWith('~1:'))).toBe(true);
    FakeSocket.last.onmessage?.({ data: Buffer.from([0, 1, 2]).toString('base64') });
    expect(received[0]).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(received[0] as ArrayBuffer)]).toEqual([0, 1, 2]);
    FakeSocket.last.onmessage?.({
      data: '{"type":"livestate","liveStateDataId":"c","data":1,"timestamp":5}',
    });
    expect(states).toEqual([{ type: 'livestate', liveStateDataId: 'c', data: 1, timestamp: 5 }]);
  });

  it('delivers Blobs by default and to listeners, as a WebSocket does, and refuses to send text', async () => {
    const Socket = realtimeWebSocket({ WebSocket: FakeSocket });
    const socket = new Socket('ws://h/v2/realtime');
    const received: unknown[] = [];
    socket.addEventListener('message', (event) => received.push((event as MessageEvent).data));
    FakeSocket.last.onmessage?.({ data: Buffer.from([7, 8]).toString('base64') });
    expect(received[0]).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (received[0] as Blob).arrayBuffer())]).toEqual([7, 8]);
    expect(() => socket.send('text')).toThrow(TypeError);
    expect(Socket.OPEN).toBe(1);
    expect(socket.readyState).toBe(socket.OPEN);
  });

  it('reports the close code of a server close frame (API Gateway cannot set one) and replaces the base URL', () => {
    const Socket = realtimeWebSocket({ WebSocket: FakeSocket, url: 'wss://api.example/prod' });
    const socket = new Socket('ws://ignored/v2/realtime?apiKey=k&token=t');
    expect(FakeSocket.last.url).toBe('wss://api.example/prod?apiKey=k&token=t');
    expect(socket.url).toBe('wss://api.example/prod?apiKey=k&token=t');
    const closes: { code: number; reason: string; wasClean: boolean }[] = [];
    socket.onclose = ({ code, reason, wasClean }) => closes.push({ code, reason, wasClean });
    FakeSocket.last.onmessage?.({
      data: '{"type":"close","code":4404,"reason":"The document was deleted."}',
    });
    FakeSocket.last.onclose?.({ code: 1006, reason: '', wasClean: false });
    expect(closes).toEqual([{ code: 4404, reason: 'The document was deleted.', wasClean: false }]);
  });

  it("passes the underlying socket's close code and error message on", () => {
    const Socket = realtimeWebSocket({ WebSocket: FakeSocket });
    const socket = new Socket('ws://h/v2/realtime');
    const events: unknown[] = [];
    socket.onclose = ({ code, reason }) => events.push({ code, reason });
    socket.onerror = (event) => events.push(event.message);
    FakeSocket.last.onerror?.({ message: 'connect ECONNREFUSED' });
    FakeSocket.last.onclose?.({ code: 1006, reason: 'gone', wasClean: false });
    expect(events).toEqual(['connect ECONNREFUSED', { code: 1006, reason: 'gone' }]);
  });

  it("hands the subprotocols on, as names or as undici's `{ protocols }`", () => {
    const Socket = realtimeWebSocket({ WebSocket: FakeSocket });
    new Socket('ws://h/v2/realtime', ['a', 'b']);
    expect(FakeSocket.last.protocols).toEqual(['a', 'b']);
    new Socket('ws://h/v2/realtime', { protocols: 'c' });
    expect(FakeSocket.last.protocols).toBe('c');
  });

  it('asks for a WebSocket implementation where there is no global one (Node 20)', () => {
    const global = globalThis as { WebSocket?: unknown };
    const saved = global.WebSocket;
    delete global.WebSocket;
    try {
      expect(() => realtimeWebSocket()).toThrow(/pass the `ws` package/);
    } finally {
      if (saved) global.WebSocket = saved;
    }
  });
});
