/**
 * The notification variables as the server reads them at start: accepted forms, and the one-line
 * refusals of anything malformed (a password or secret is never repeated in them), down to the
 * real server's `[server] could not start: …` and exit status 1.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { readNotifySettings } from './settings';
import { TEST_CREDENTIALS } from '../../../tests/server/spawn-server';

const KEY = Buffer.alloc(32, 7);
const SECRET = `whsec_${KEY.toString('base64')}`;
const EMAIL = {
  SMTP_URL: 'smtp://leads%40gb.example:s3cret%2Fpass@smtp.example.com:587',
  LEAD_NOTIFY_TO: 'sales@gb.example',
  LEAD_NOTIFY_FROM: 'leads@gb.example',
};

describe('readNotifySettings', () => {
  it('is off without the variables', () => {
    const team = { timeZone: 'Asia/Kolkata', digestHour: 8 };
    expect(readNotifySettings({})).toEqual({ email: null, webhook: null, team });
    expect(readNotifySettings({ SMTP_URL: ' ', LEAD_WEBHOOK_URL: '' })).toEqual({ email: null, webhook: null, team });
    // The digest's hour and the team's zone, set.
    expect(readNotifySettings({ DIGEST_HOUR: ' 7 ', TEAM_TIME_ZONE: 'Europe/Berlin' }).team).toEqual({ timeZone: 'Europe/Berlin', digestHour: 7 });
  });

  it('reads e-mail: several recipients, a sender with a display name', () => {
    const { email } = readNotifySettings({
      ...EMAIL,
      LEAD_NOTIFY_TO: ' sales@gb.example, export.desk@gb.example ,',
      LEAD_NOTIFY_FROM: 'Garlic Brothers <leads@gb.example>',
    });
    expect(email).toEqual({
      smtpUrl: EMAIL.SMTP_URL,
      to: ['sales@gb.example', 'export.desk@gb.example'],
      from: 'Garlic Brothers <leads@gb.example>',
      fromAddress: 'leads@gb.example',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('reads the sales team’s time zone from TEAM_TIME_ZONE, India’s when it is not set', () => {
    expect(readNotifySettings(EMAIL).email?.timeZone).toBe('Asia/Kolkata');
    expect(readNotifySettings({ ...EMAIL, TEAM_TIME_ZONE: ' Europe/Berlin ' }).email?.timeZone).toBe('Europe/Berlin');
  });

  it('reads the webhook and decodes its key', () => {
    const { webhook } = readNotifySettings({ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks/leads', LEAD_WEBHOOK_SECRET: SECRET });
    expect(webhook).toEqual({ url: 'https://crm.example.com/hooks/leads', secret: SECRET, key: KEY });
  });

  it.each([
    [{ ...EMAIL, SMTP_URL: 'smtp.example.com:587' }, /^SMTP_URL must start with smtp:\/\/ \(STARTTLS, usually port 587\) or smtps:\/\//],
    [{ ...EMAIL, SMTP_URL: 'smtp://leads:s3cret@' }, /^SMTP_URL must be like smtp:\/\/user:password@smtp\.example\.com:587; it is "smtp:\/\/leads:\*\*\*@"$/],
    [
      { ...EMAIL, SMTP_URL: 'http://leads:s3cret@smtp.example.com' },
      /^SMTP_URL must start with smtp:\/\/ .* it is "http:\/\/leads:\*\*\*@smtp\.example\.com"$/,
    ],
    [
      { ...EMAIL, LEAD_NOTIFY_TO: 'sales@gb.example; export@gb.example' },
      /^LEAD_NOTIFY_TO holds "sales@gb\.example; export@gb\.example", which is not an e-mail address/,
    ],
    [{ ...EMAIL, LEAD_NOTIFY_TO: 'sales' }, /^LEAD_NOTIFY_TO holds "sales"/],
    [{ ...EMAIL, LEAD_NOTIFY_FROM: 'Garlic Brothers' }, /^LEAD_NOTIFY_FROM must be an address like/],
    [
      { SMTP_URL: EMAIL.SMTP_URL },
      /^E-mail notifications need SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM together; LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM not set$/,
    ],
    [{ LEAD_NOTIFY_TO: 'sales@gb.example' }, /SMTP_URL and LEAD_NOTIFY_FROM not set$/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks' }, /^LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not/],
    [{ LEAD_WEBHOOK_SECRET: SECRET }, /^LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not/],
    [{ LEAD_WEBHOOK_URL: 'crm.example.com/hooks', LEAD_WEBHOOK_SECRET: SECRET }, /^LEAD_WEBHOOK_URL must be a URL/],
    [{ LEAD_WEBHOOK_URL: 'ftp://crm.example.com/hooks', LEAD_WEBHOOK_SECRET: SECRET }, /^LEAD_WEBHOOK_URL must start with https:\/\/ or http:\/\//],
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example.com', LEAD_WEBHOOK_SECRET: KEY.toString('base64') },
      /^LEAD_WEBHOOK_SECRET must be whsec_ followed by the base64/,
    ],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com', LEAD_WEBHOOK_SECRET: 'whsec_not base64!' }, /^LEAD_WEBHOOK_SECRET must be whsec_/],
    [
      { ...EMAIL, TEAM_TIME_ZONE: 'India/Bengaluru' },
      /^TEAM_TIME_ZONE must be a time zone name like Asia\/Kolkata or Europe\/Berlin; it is "India\/Bengaluru"$/,
    ],
    // A typo in a deploy script stops the start even where no e-mail is sent.
    [{ TEAM_TIME_ZONE: 'Asia/Bangalore' }, /^TEAM_TIME_ZONE must be a time zone name/],
    [{ DIGEST_HOUR: '24' }, /^DIGEST_HOUR must be an hour from 0 to 23 in TEAM_TIME_ZONE, like 8; it is "24"$/],
    [{ DIGEST_HOUR: '8am' }, /^DIGEST_HOUR must be an hour from 0 to 23/],
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example.com', LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(8).toString('base64')}` },
      /^LEAD_WEBHOOK_SECRET must be whsec_/,
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readNotifySettings(env)).toThrow(message);
    try {
      readNotifySettings(env);
    } catch (error) {
      // Neither a password nor a secret is repeated back.
      expect(String(error)).not.toContain('s3cret');
      expect(String(error)).not.toContain(KEY.toString('base64'));
    }
  });
});

describe('the server with a malformed notification variable', () => {
  it('does not start, and says why in one line without the password', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...TEST_CREDENTIALS, PORT: '0', ...EMAIL, SMTP_URL: 'smtp//leads:s3cret@smtp.example.com:587' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `[server] could not start: SMTP_URL must be like smtp://user:password@smtp.example.com:587; it is "smtp//leads:***@smtp.example.com:587"`,
    ]);
  });
});
