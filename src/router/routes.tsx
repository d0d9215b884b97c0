/**
 * The route tree: the file-based routes from content/pages and src/pages (vite-plugin-pages)
 * inside the root layout, with the error page for anything that throws.
 */
import type { RouteObject } from 'react-router';
import pages from '~react-pages';
import { RootLayout } from '@/layouts/RootLayout';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [{ element: <RootLayout />, errorElement: <RouteError />, children: pages }];
