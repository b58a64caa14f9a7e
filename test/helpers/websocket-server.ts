/**
 * A small WebSocket server (RFC 6455) on 127.0.0.1 for browser tests: Node has a
 * WebSocket client but no server, and the `ws` package is not installed. It does the
 * handshake, reads masked text/close/ping frames (unfragmented, as browsers send short
 * messages) and writes unmasked text and close frames. Each connection records its
 * request URL and the texts it received; `onText` answers them.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface WsConnection {
  /** Path and query of the upgrade request (`/rooms/42?token=abc`). */
  url: string;
  origin?: string;
  received: string[];
  /** Close code the browser sent, once it closed. */
  closeCode?: number;
  send(text: string): void;
}

export interface WsServer {
  /** `ws://127.0.0.1:PORT` */
  url: string;
  connections: WsConnection[];
  close(): Promise<void>;
}

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x80 | opcode, len]) : len < 65536 ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 255]) : Buffer.concat([Buffer.from([0x80 | opcode, 127]), (() => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(len));
    return b;
  })()]);
  return Buffer.concat([head, payload]);
}

/** Frames complete in `buf`: opcode and unmasked payload each, and the bytes left over. */
function readFrames(buf: Buffer): { frames: { opcode: number; payload: Buffer }[]; rest: Buffer } {
  const frames: { opcode: number; payload: Buffer }[] = [];
  let at = 0;
  while (buf.length - at >= 2) {
    const opcode = buf[at] & 0x0f;
    const masked = (buf[at + 1] & 0x80) !== 0;
    let len = buf[at + 1] & 0x7f;
    let p = at + 2;
    if (len === 126) {
      if (buf.length < p + 2) break;
      len = buf.readUInt16BE(p);
      p += 2;
    } else if (len === 127) {
      if (buf.length < p + 8) break;
      len = Number(buf.readBigUInt64BE(p));
      p += 8;
    }
    const mask = masked ? buf.subarray(p, p + 4) : null;
    if (masked) p += 4;
    if (buf.length < p + len) break;
    const payload = Buffer.from(buf.subarray(p, p + len));
    if (mask) for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i % 4];
    frames.push({ opcode, payload });
    at = p + len;
  }
  return { frames, rest: buf.subarray(at) };
}

export async function startWebSocketServer(onText: (conn: WsConnection, text: string) => void, onOpen?: (conn: WsConnection) => void): Promise<WsServer> {
  const connections: WsConnection[] = [];
  const sockets = new Set<Duplex>();
  const server = createServer((_req, res) => res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only'));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const key = req.headers['sec-websocket-key'];
    if (typeof key !== 'string' || req.headers.upgrade?.toLowerCase() !== 'websocket') return void socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    const accept = createHash('sha1').update(key + GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const conn: WsConnection = {
      url: req.url ?? '', origin: req.headers.origin, received: [],
      send: (text) => void socket.write(frame(1, Buffer.from(text))),
    };
    connections.push(conn);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const { frames, rest } = readFrames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const f of frames) {
        if (f.opcode === 1) {
          const text = f.payload.toString('utf8');
          conn.received.push(text);
          onText(conn, text);
        } else if (f.opcode === 8) {
          conn.closeCode = f.payload.length >= 2 ? f.payload.readUInt16BE(0) : 1005;
          socket.end(frame(8, f.payload.subarray(0, 2)));
        } else if (f.opcode === 9) socket.write(frame(10, f.payload));
      }
    });
    onOpen?.(conn);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections,
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}
