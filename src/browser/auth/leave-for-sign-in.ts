/**
 * Takes the visitor to a portal's sign-in page, once per page. A sign-out does two things that
 * each lead there: it leaves on its own (the Logout button, the investor's Sign out), and the
 * signed-in flag it clears makes the dashboard's guard (RequireSignIn) leave too. A second
 * navigation would cancel the first one mid-way, so only the first call navigates.
 */
let leaving = false;

// A page the browser brings back from its back-forward cache may need to leave again.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

export function leaveForSignIn(path: string): void {
  if (leaving) return;
  leaving = true;
  // Replaced, not added: Back from the sign-in page does not return to the page the visitor left signed out.
  window.location.replace(path);
}
