import { Injectable } from '@nestjs/common';
import net from 'node:net';
import tls from 'node:tls';
import type pg from 'pg';

/** What a cancel needs of a pooled connection: its backend's key, and where and how it connected. */
export interface CancellableConnection {
  processID?: number;
  secretKey?: number;
  host?: string;
  port?: number;
  ssl?: boolean | tls.ConnectionOptions;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** A cancel that gets no answer in this time is given up: the statement timeout still ends the query. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * Cancels a running directory query when its client has gone away (decision 0204), the way
 * PostgreSQL provides: a CancelRequest carrying the key the connection's backend gave it at start
 * (libpq's PQcancel, psql's Ctrl-C). It rides on the read pool's own connections (issue 38 point 4):
 * no login and no connection of its own per database, and it never waits for a pooled connection,
 * so it cannot queue behind the very queries it is meant to stop. Over TLS when the connection is.
 *
 * PostgreSQL starts a short process for each cancel, so cancels to one server go one at a time:
 * a storm's 50 abandoned searches are 50 cancels in a row, not 50 processes at once. The promise
 * settles when the server has taken the cancel (it closes the socket after signalling the backend),
 * so the caller can hold the connection until then: a late cancel never hits its next statement.
 */
@Injectable()
export class QueryCanceller {
  /** Per server, the last cancel asked for: the next one starts when it has ended. */
  private readonly lines = new Map<string, Promise<void>>();

  /** Cancels whatever the connection's backend is running; never throws. */
  cancel(connection: pg.PoolClient | CancellableConnection): Promise<void> {
    const { processID, secretKey, host = 'localhost', port = 5432, ssl } = connection as CancellableConnection;
    if (!processID || secretKey === undefined) return Promise.resolve();
    const server = `${host}:${port}`;
    const sent = (this.lines.get(server) ?? Promise.resolve()).then(() =>
      sendCancel({ host, port, ssl }, processID, secretKey).catch(() => undefined),
    );
    this.lines.set(server, sent);
    void sent.then(() => {
      if (this.lines.get(server) === sent) this.lines.delete(server);
    });
    return sent;
  }
}

/** One CancelRequest: SSLRequest first when the connection uses TLS, then the 16-byte request. */
async function sendCancel(
  to: { host: string; port: number; ssl?: boolean | tls.ConnectionOptions },
  processID: number,
  secretKey: number,
): Promise<void> {
  // A host that is a directory is a Unix socket's, as pg and libpq read it.
  const plain = to.host.startsWith('/') ? net.connect(`${to.host}/.s.PGSQL.${to.port}`) : net.connect(to.port, to.host);
  plain.on('error', () => undefined); // each wait below rejects on its own error; none may go unheard
  let socket: net.Socket = plain;
  const timer = setTimeout(() => socket.destroy(new Error('cancel timed out')), CANCEL_TIMEOUT_MS);
  try {
    await once(plain, 'connect');
    if (to.ssl) {
      plain.write(int32s(8, SSL_REQUEST));
      const answer = await firstByte(plain);
      if (answer !== 'S') throw new Error('the server refused TLS for a cancel');
      const options: tls.ConnectionOptions = { socket: plain, ...(to.ssl === true ? {} : to.ssl) };
      if (net.isIP(to.host) === 0) options.servername = to.host;
      socket = tls.connect(options);
      socket.on('error', () => undefined);
      await once(socket, 'secureConnect');
    }
    socket.write(int32s(16, CANCEL_REQUEST, processID, secretKey));
    // The server answers nothing: it signals the backend, then closes.
    await once(socket, 'close');
  } finally {
    clearTimeout(timer);
    socket.destroy();
    plain.destroy();
  }
}

function int32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buffer.writeInt32BE(v, i * 4));
  return buffer;
}

function once(socket: net.Socket, event: 'connect' | 'secureConnect' | 'close'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      socket.off(event, onEvent);
      reject(error);
    };
    const onEvent = () => {
      socket.off('error', onError);
      resolve();
    };
    socket.once(event, onEvent);
    if (event !== 'close') socket.once('error', onError);
  });
}

function firstByte(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (data: Buffer) => resolve(String.fromCharCode(data[0]!)));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before answering the TLS request')));
  });
}
