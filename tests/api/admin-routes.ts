// Every operator route behind the session (login excluded), for the "401 without a session" checks of the
// API and browser tests.
export const ADMIN_ROUTES: Array<[string, string]> = [
  ["GET", "/session"],
  ["POST", "/logout"],
  ["POST", "/upload"],
  ["POST", "/recalculate"],
  ["GET", "/status"],
  ["GET", "/publication"],
  ["POST", "/publication"],
  ["GET", "/waiting-list"],
  ["GET", "/waiting-list/export"],
  ["POST", "/waiting-list/1/delete"],
  ["GET", "/contact-messages"],
  ["GET", "/contact-messages/export"],
  ["POST", "/contact-messages/1/handle"],
  ["POST", "/contact-messages/1/reopen"],
  ["POST", "/contact-messages/1/delete"],
  ["GET", "/experiences"],
  ["POST", "/experiences/1/hide"],
  ["POST", "/experiences/1/unhide"],
  ["GET", "/audit"],
];
