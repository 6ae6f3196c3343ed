import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the local SMTP server accepted. */
export interface ReceivedMail {
  readonly envelopeTo: readonly string[];
  readonly raw: string;
  /** Header values, unfolded (none of the test mails fold). */
  header(name: string): string | null;
}

export interface TestSmtpServer {
  /** SMTP_URL for it: smtp://127.0.0.1:<port>. */
  readonly url: string;
  /** Every mail it accepted, in order. */
  readonly received: ReceivedMail[];
  /** From now on, answer each mail's data with this SMTP code (e.g. 451, 550); null accepts again. */
  refuseWith(code: number | null): void;
  close(): Promise<void>;
}

function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package), so tests send through
 * nodemailer exactly as production does. Plain text, no AUTH and no STARTTLS: it is on 127.0.0.1.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refuseCode: number | null = null;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseCode !== null) {
          callback(Object.assign(new Error(`Refused by the test server (${refuseCode})`), { responseCode: refuseCode }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          envelopeTo: session.envelope.rcptTo.map((address) => address.address),
          raw,
          header: (name) => headerOf(raw, name),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refuseCode = code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
