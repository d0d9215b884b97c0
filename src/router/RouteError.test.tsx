/** A route that throws shows 'Unexpected Application Error!' with its status or message (seed §8). */
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteError } from './RouteError';

async function renderRoutes(routes: RouteObject[], url: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://test.local${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

describe('RouteError', () => {
  it('shows the message of an unhandled error in a route', async () => {
    const broken = () => {
      throw new Error('Spec table data is missing');
    };
    const html = await renderRoutes(
      [{ path: '/', errorElement: <RouteError />, children: [{ path: 'broken', loader: broken, element: <p>never shown</p> }] }],
      '/broken',
    );
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Spec table data is missing');
  });

  it('shows the status of a routing error response', async () => {
    const html = await renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          loader: () => {
            throw new Response('gone', { status: 410, statusText: 'Gone' });
          },
        },
      ],
      '/',
    );
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('410 Gone');
  });
});
