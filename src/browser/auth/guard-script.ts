/**
 * Scripts that run inline in <head> before the body paints (their hashes are in the
 * Content-Security-Policy):
 * - ADMIN_LABEL_SCRIPT, on every page: <html data-admin="signed-in|signed-out"> lets CSS show
 *   'Admin Dashboard' or 'Admin Login' in the header, and the admin Logout button only to a
 *   signed-in admin, with no flash.
 * - PORTAL_GUARD_SCRIPT, only on /admin and /investors (the pre-render leaves it out elsewhere): a
 *   visitor who is not signed in is sent to the portal's login page (with ?next= so the login
 *   returns there) before the guarded page paints, and without the cross-fade into a page that is
 *   never shown.
 * Unreadable storage reads as signed out. This is a convenience gate: src/server/README.md, Security, says what
 * it does not protect.
 *
 * This module is imported by vite.config.ts, so it must not import React.
 */
import { KEYS } from '../../shared/storage-keys.ts';

const PORTALS = [
  ['/admin', KEYS.adminAuth, '/admin/login'],
  ['/investors', KEYS.investorAuth, '/investors/login'],
];

/** The pages PORTAL_GUARD_SCRIPT guards (paths as the pre-render names them). */
export const GUARDED_PATHS = PORTALS.map(([path]) => path);

export const ADMIN_LABEL_SCRIPT =
  `(()=>{let a;try{a=localStorage.getItem(${JSON.stringify(KEYS.adminAuth)})==="true"}catch{}` +
  `document.documentElement.setAttribute("data-admin",a?"signed-in":"signed-out")})()`;

export const PORTAL_GUARD_SCRIPT =
  `(function(){var d=document.documentElement,p=location.pathname.replace(/\\/+$/,"")||"/",g=${JSON.stringify(PORTALS)},i,a;` +
  `for(i=0;i<g.length;i++){if(p!==g[i][0])continue;try{a=localStorage.getItem(g[i][1])==="true"}catch(e){a=false}` +
  `if(!a){d.setAttribute("data-redirecting","");` +
  // The page never shows, so its view transition is skipped; its rejected promise is expected.
  `addEventListener("pagereveal",function(e){var v=e.viewTransition;if(v){v.ready.catch(function(){});v.skipTransition()}});` +
  `location.replace(g[i][2]+"?next="+encodeURIComponent(p+location.search).replace(/%2F/g,"/"))}}})()`;
