/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts,
 * decoded enough for a test to read what a person would: the headers, the plain-text part and the
 * HTML part. It can refuse messages (a 451, as a busy server answers) and answer slowly, and
 * checks the login when given one. Used by the notification tests and `npm run bench:server`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  /** Header names in lower case, encoded words decoded. */
  headers: Map<string, string>;
  text: string;
  html: string;
  /** performance.now() when the message was accepted. */
  acceptedAt: number;
}

export interface MailSinkOptions {
  /** The login nodemailer must give (from SMTP_URL); without it any or none is accepted. */
  auth?: { user: string; pass: string };
  /** Held this long before it is answered. */
  delayMs?: number;
}

export interface MailSink {
  port: number;
  /** smtp://user:pass@127.0.0.1:port, the login percent-encoded as SMTP_URL takes it. */
  url: string;
  messages: ReceivedMail[];
  /** The next `count` messages are refused with 451 (each counted in `refused`). */
  refuseNext(count: number): void;
  refused: number;
  /** Resolves once `count` messages were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** =?UTF-8?B?…?= and =?UTF-8?Q?…?= words of a header (the space between two such words is not text). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text and HTML parts of a message, single-part or multipart. */
export function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitHeaders(raw);
  const parts = { text: '', html: '' };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = splitHeaders(chunk.replace(/^\r\n/, ''));
        visit(inner.headers, inner.body.replace(/\r\n$/, ''));
      }
    } else if (type.toLowerCase().startsWith('text/html')) parts.html = decodeBody(partHeaders, partBody).replace(/\r\n/g, '\n');
    else if (type.toLowerCase().startsWith('text/plain')) parts.text = decodeBody(partHeaders, partBody).replace(/\r\n/g, '\n');
  };
  visit(headers, body);
  return { headers, ...parts };
}

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = 0;
  const sink = { refused: 0 };
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS to negotiate, and a login over it allowed.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    disableReverseLookup: true,
    // A client still connected at stop() is cut off after this, not after the default 30 s.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (!options.auth || (auth.username === options.auth.user && auth.password === options.auth.pass)) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (refuse > 0) {
            refuse -= 1;
            sink.refused += 1;
            return callback(Object.assign(new Error('4.3.0 Mailbox busy, try again later'), { responseCode: 451 }));
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            ...parseMessage(raw),
            acceptedAt: performance.now(),
          });
          for (const wake of waiters) wake();
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  const login = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';
  return {
    port,
    url: `smtp://${login}127.0.0.1:${port}`,
    messages,
    get refused() {
      return sink.refused;
    },
    refuseNext(count) {
      refuse = count;
    },
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the mail sink received ${messages.length} of ${count} messages within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
