/** How the server's unit tests read a refusal: the 400 a parser throws, with the words the client gets. */
import { HttpError } from '../../src/server/http/json';

/**
 * The 400 HttpError that `run` throws, for its message and what it adds to the answer. Any other
 * error is thrown on; if `run` accepts, the test fails naming `input`, the input it was given.
 */
export function refusalOf(run: () => unknown, input: unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}
