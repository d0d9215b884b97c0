/**
 * Browser entry: preloads the modules of the routes that match the URL, then hydrates the
 * pre-rendered HTML (or renders from scratch in the dev server, where #root is empty).
 */
import './styles.css';
import { UnheadProvider, createHead } from '@unhead/react/client';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from './App';
import { preloadLayout } from './layouts/RootLayout';
import { preloadRoutes } from './router/route-module';
import { routes } from './router/routes';
import { startRuntime } from './runtime/start';
import { followSystemTheme } from './theme/theme';

async function start() {
  await Promise.all([preloadRoutes(routes, window.location.pathname), preloadLayout(window.location.pathname)]);
  const router = createBrowserRouter(routes);
  const head = createHead();
  const app = (
    <AppShell>
      <UnheadProvider value={head}>
        <RouterProvider router={router} />
      </UnheadProvider>
    </AppShell>
  );
  const container = document.getElementById('root')!;
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
  followSystemTheme();
  startRuntime(router);
}

void start();
