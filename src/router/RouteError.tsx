/**
 * Shown when rendering a route throws: the router's 'Unexpected Application Error!' page with the
 * status or the message (seed §8).
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main id="main" className="container page route-error">
      <h1>Unexpected Application Error!</h1>
      <p className="route-error-detail">{detail}</p>
      <p>
        <a href="/">Return to the home page</a>
      </p>
    </main>
  );
}
