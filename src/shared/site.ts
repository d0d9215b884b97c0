/**
 * The site config from content/site.yaml, with the site URL taken from the `SITE_URL`
 * environment variable when the build sets it. Every absolute URL is built here.
 */
import config from 'virtual:content/site';

export const site = config;

/** Absolute URL of a site path; the canonical form has no trailing slash (except the home page). */
export function absoluteUrl(path: string): string {
  const clean = path === '/' ? '' : path.replace(/\/+$/, '');
  return `${site.url}${clean}`;
}
