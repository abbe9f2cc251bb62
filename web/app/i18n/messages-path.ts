/**
 * Where the pages' messages files are served (web/app/i18n/catalog.server.ts makes them, server/site/messages-files.ts
 * answers them): under /assets, hashed, cached for a year.
 */
export const MESSAGES_MOUNT = "/assets/i18n";
