/**
 * The text of anything thrown or rejected, for a log line or a message on screen: an Error's
 * message, and anything else (a string, a number, a plain object) as String() writes it.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
