// The API's own tables in the serving database (jwi.sqlite), beside the pipeline's published tables
// (pipeline/serving-db.ts), which are never touched here. Applied at start-up; every statement is idempotent.
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { applySettingsSchema } from "../../pipeline/settings.ts";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from "../../product/options.ts";

const API_SCHEMA = `
CREATE TABLE IF NOT EXISTS experiences (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  country_code TEXT NOT NULL CHECK (length(country_code) = 2 AND country_code = upper(country_code)),
  role_family TEXT NOT NULL,
  seniority TEXT NOT NULL,
  residency TEXT NOT NULL,
  local_language INTEGER NOT NULL CHECK (local_language IN (0, 1)),
  mood INTEGER NOT NULL CHECK (mood BETWEEN 1 AND 5),
  comment TEXT CHECK (comment IS NULL OR length(comment) <= 1000),
  created_at TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  hidden_at TEXT,
  hidden_by TEXT
);
CREATE INDEX IF NOT EXISTS experiences_by_country ON experiences (country_code, hidden, id DESC);

CREATE TABLE IF NOT EXISTS waiting_list (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  service TEXT NOT NULL CHECK (service IN ('career-consultant', 'cv-upgrade')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS waiting_list_by_service ON waiting_list (service, id DESC);

-- Messages of the contact form (docs/product.md §2, §5). The topic is checked at the edge (api/schemas.ts) and
-- when read back (db/contact.ts), not by a CHECK: a topic added later must not need a table rebuild.
CREATE TABLE IF NOT EXISTS contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  topic TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND ${CONTACT_NAME_MAX_LENGTH}),
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND ${CONTACT_MESSAGE_MAX_LENGTH}),
  created_at TEXT NOT NULL,
  handled_at TEXT,
  handled_by TEXT
);
CREATE INDEX IF NOT EXISTS contact_messages_by_topic ON contact_messages (topic, id DESC);

CREATE TABLE IF NOT EXISTS admin_credentials (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  password_hash TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;

-- audit_log: in the serving schema (pipeline/serving-db.ts), since every data job writes it.

-- Failed logins per account (docs/decisions/011-login-backoff.md). Accounts and client addresses are HMACs
-- (db/rate-limits.ts's secret), never the typed username or the address itself.
CREATE TABLE IF NOT EXISTS login_backoff (
  account TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS login_known_clients (
  account TEXT NOT NULL,
  client TEXT NOT NULL,
  last_ok_at INTEGER NOT NULL,
  PRIMARY KEY (account, client)
) WITHOUT ROWID;

-- settings: pipeline/settings.ts, applied after this (applyApiSchema) with its triggers that count into content_version.

-- What every public page shows besides the publication (the settings: the pause switch) changed: counted by
-- triggers, whichever connection or process writes, so that the page cache (api/site-version.ts) rolls over on those
-- writes and not on every commit (a job's status copy, its audit entry, the job lock).
CREATE TABLE IF NOT EXISTS content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT OR IGNORE INTO content_version (id, version) VALUES (1, 0);

-- A country's community changed (a post, a hidden or shown post), from any connection or process: the pages that
-- show that country's posts are rendered again, every other page stays cached (server/site/page-cache.ts). Before 0.4 every
-- post counted in content_version and emptied the whole page cache.
CREATE TABLE IF NOT EXISTS community_versions (
  country_code TEXT PRIMARY KEY,
  version INTEGER NOT NULL
) WITHOUT ROWID;
DROP TRIGGER IF EXISTS experiences_insert_version;
DROP TRIGGER IF EXISTS experiences_update_version;
DROP TRIGGER IF EXISTS experiences_delete_version;
CREATE TRIGGER IF NOT EXISTS experiences_insert_community_version AFTER INSERT ON experiences BEGIN
  INSERT INTO community_versions (country_code, version) VALUES (NEW.country_code, 1)
    ON CONFLICT (country_code) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS experiences_update_community_version AFTER UPDATE ON experiences BEGIN
  INSERT INTO community_versions (country_code, version) VALUES (NEW.country_code, 1)
    ON CONFLICT (country_code) DO UPDATE SET version = version + 1;
  INSERT INTO community_versions (country_code, version) VALUES (OLD.country_code, 1)
    ON CONFLICT (country_code) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS experiences_delete_community_version AFTER DELETE ON experiences BEGIN
  INSERT INTO community_versions (country_code, version) VALUES (OLD.country_code, 1)
    ON CONFLICT (country_code) DO UPDATE SET version = version + 1;
END;
`;

/** Counts a write of the settings (their triggers run it): the content_version row above. */
const COUNT_CONTENT_WRITE = `UPDATE content_version SET version = version + 1 WHERE id = 1;`;

/** Creates the API's tables when missing, and the settings table (pipeline/settings.ts). Never drops or alters the pipeline's tables. */
export function applyApiSchema(db: ServingDb): void {
  db.exec(API_SCHEMA);
  applySettingsSchema(db, COUNT_CONTENT_WRITE);
}
