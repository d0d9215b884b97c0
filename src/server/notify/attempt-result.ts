/**
 * What a send's result writes on its claimed row, the same in the leads' notifications (outbox.ts)
 * and the desk's notices (notices.ts): sent, due again at the next attempt, or given up; the claim
 * is lifted either way, and an error is kept to ERROR_MAX characters.
 */
/** Long SMTP or HTTP error texts are cut to this in the tables and the admin. */
const ERROR_MAX = 500;

export function sentColumns(now: Date) {
  return { state: 'sent' as const, sent_at: now, last_error: null, next_attempt_at: null, claim_token: null, claimed_until: null };
}

/** Due again at `next`, or given up ('failed') when `next` is null. */
export function failedColumns(error: string, next: Date | null) {
  return {
    state: next ? ('pending' as const) : ('failed' as const),
    next_attempt_at: next,
    last_error: error.length > ERROR_MAX ? `${error.slice(0, ERROR_MAX - 1)}…` : error,
    claim_token: null,
    claimed_until: null,
  };
}

/** What an attempt writes on its claimed row: sent, or due again or given up. */
export type AttemptColumns = ReturnType<typeof sentColumns> | ReturnType<typeof failedColumns>;
