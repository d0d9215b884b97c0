/**
 * How the site's forms tell the server whether a submission looks like a bot's: what the hidden
 * trap field held and how long the form had been on screen. The server decides (a hit is kept in
 * the admin's Spam list, not dropped, so a person caught by mistake can be moved back); the
 * browser only reports. The site's forms always send it to their own server, so a lead without it
 * was posted by a program (a script calling the endpoint directly) and is held as spam too: a
 * person's lead never lacks it, and otherwise anyone could skip the screening by leaving it out.
 * Shared by the browser (src/ui/features/leads/submit.ts) and the server
 * (src/server/api/lead-body.ts), so the threshold lives in one place.
 */

/** Sent with a lead to the site's own server: the trap's text ('' when empty) and the time the form was shown, in ms. */
export interface Screening {
  trap: string;
  shownForMs: number;
}

export const SPAM_REASONS = ['honeypot', 'too-fast', 'unscreened'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** A form sent sooner than this after its page showed it was filled in by a program, not a person. */
export const MIN_SHOWN_MS = 3000;

/**
 * Why the submission is spam, or null. No screening at all is 'unscreened'; a filled trap
 * outranks speed: it is the surer sign.
 */
export function spamReason(screening: Screening | undefined): SpamReason | null {
  if (!screening) return 'unscreened';
  if (screening.trap.trim() !== '') return 'honeypot';
  return screening.shownForMs < MIN_SHOWN_MS ? 'too-fast' : null;
}
