/**
 * Runs inline in <head> before the body paints (its hash is in the Content-Security-Policy):
 * - on /admin and /investors, a visitor who is not signed in is sent to the portal's login page
 *   (with ?next= so the login returns there) before the guarded page paints, and without the
 *   cross-fade into a page that is never shown;
 * - <html data-admin="signed-in|signed-out"> lets CSS show 'Admin Dashboard' or 'Admin Login' in
 *   the header, and the admin Logout button only to a signed-in admin, with no flash.
 * Unreadable storage reads as signed out. This is a convenience gate: README, Security, says what
 * it does not protect.
 *
 * This module is imported by vite.config.ts, so it must not import React.
 */
import { KEYS } from '../storage/storage.ts';

const PORTALS = [
  ['/admin', KEYS.adminAuth, '/admin/login'],
  ['/investors', KEYS.investorAuth, '/investors/login'],
];

export const AUTH_INIT_SCRIPT =
  `(function(){var d=document.documentElement,p=location.pathname.replace(/\\/+$/,"")||"/",g=${JSON.stringify(PORTALS)},i,a;` +
  `for(i=0;i<g.length;i++){try{a=localStorage.getItem(g[i][1])==="true"}catch(e){a=false}` +
  `if(i===0)d.setAttribute("data-admin",a?"signed-in":"signed-out");` +
  `if(p===g[i][0]&&!a){d.setAttribute("data-redirecting","");` +
  // The page never shows, so its view transition is skipped; its rejected promise is expected.
  `addEventListener("pagereveal",function(e){var v=e.viewTransition;if(v){v.ready.catch(function(){});v.skipTransition()}});` +
  `location.replace(g[i][2]+"?next="+encodeURIComponent(p+location.search).replace(/%2F/g,"/"))}}})()`;
