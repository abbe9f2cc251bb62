// The shapes the product's two readers exchange: what the API answers and what the site's loaders receive, for
// published scores, the community and the operator's lists. Types only, owned here once; the API's storage
// (api/db/) produces them, the site (web/) and the API's routes consume them (docs/architecture.md, "One read path").
import type { RegionId } from "../lib/countries.ts";
import type { Basis, HistoryEvent, Status } from "../pipeline/model/types.ts";
import type { Evidence } from "./evidence.ts";
import type { ContactTopic } from "./options.ts";

/** Why the site shows its paused notice: the operator paused it, or no covered country has a fresh score. */
export type PausedReason = "operator" | "no-fresh-scores";

/**
 * Why a published score is withheld: publication is paused (by the operator), or its inputs are too old (stale).
 * docs/decisions/006-what-the-api-shows.md.
 */
/**
 * Why no score is shown for a country that has a publication (one reason everywhere: the map, the country pages,
 * the rankings, the API's `withheld_reason`, the CSV; product/no-score.ts words it): paused (publication is paused),
 * stale (its inputs are past their cut-off) or no-data (no scoring input at all, e.g. Liechtenstein).
 */
export type WithheldReason = "paused" | "stale" | "no-data";

export interface PublicationRow {
  id: number;
  model: string;
  as_of: string;
  published_at: string;
  countries_scored: number;
  countries_total: number;
}

/** The operator's pause switch. */
export interface PublicationSetting {
  paused: boolean;
  reason: string | null;
  updated_at: string | null;
  updated_by: string | null;
}

/**
 * What the public site does (api/read-model.ts publicationState): `paused` when it shows its paused notice, by the
 * operator's switch or by itself (`reason`); `operator` is the switch as set. Not the operator API's answer, whose
 * `paused` is the switch: that is OperatorPublication.
 */
export interface SitePublicationState {
  paused: boolean;
  reason: PausedReason | null;
  operator: PublicationSetting;
}

/**
 * The answer of GET and POST /api/admin/publication (api/routes/admin/publication.ts), the one contract type of the
 * operator's pause, which the operator page reads (web/app/lib/admin-api.ts). `paused` is the operator's switch;
 * `site_paused` is what visitors see (paused by the switch, or by itself when no covered country has a score it
 * may show: `site_paused_reason`).
 */
export interface OperatorPublication {
  /** The operator's switch, who set it, when and why. */
  paused: boolean;
  reason: string | null;
  updated_at: string | null;
  updated_by: string | null;
  /** What the public site does: paused by the operator, or by itself when no country has a fresh score. */
  site_paused: boolean;
  site_paused_reason: PausedReason | null;
  publication: PublicationRow | null;
  /** Scores computed while paused, published on resume (pipeline/publish.ts); null when none waits. */
  pending: { model: string; as_of: string; computed_at: string; countries_scored: number } | null;
}

/** One covered country with its published score, as every list shows it (null score: none, or too old). */
export interface CountryListItem {
  code: string;
  name: string;
  /** Emoji flag, for API clients; the site draws SVG flags. */
  flag: string;
  slug: string;
  region: RegionId;
  /** False when nothing fresh is published for it: score, status, label, confidence and basis are then null. */
  fresh: boolean;
  score: number | null;
  status: Status | null;
  label: string | null;
  confidence: string | null;
  basis: string | null;
  /** How much evidence the score rests on (product/evidence.ts); null without a shown score. */
  evidence: Evidence | null;
  anchor_month: string | null;
  /** The yearly change (product/change-view.ts `yoyOf`): unrounded, as shown, and its market and evidence parts. */
  yoy: {
    delta: number | null;
    label: string | null;
    shown: number | null;
    market: number | null;
    evidence: number | null;
  };
  /** Why a published score is not shown (null when it is, or when there is none). */
  withheld_reason: WithheldReason | null;
}

export interface RankingItem extends CountryListItem {
  rank: number;
  score: number;
}

export interface RegionRow {
  id: RegionId;
  name: string;
  /** Mean of the region's fresh scores; null when none of its countries has one. */
  average: number | null;
  status: Status | null;
  scored: number;
  total: number;
  best: CountryListItem | null;
  worst: CountryListItem | null;
  countries: CountryListItem[];
}

/** One monthly point of a country's score history. */
export interface HistoryPoint {
  month: string;
  score: number | null;
  status: Status | null;
  /**
   * Which blocks of evidence the month's score rests on (docs/model.md §6); null without a score, or in a publication
   * made before the history kept it.
   */
  basis: Basis | null;
  /**
   * The market and evidence parts of the change from the month before (docs/model.md §6, §9): market + evidence =
   * score − the month before's score. Null on the first month, when either month has no score, or in a publication
   * made before the history kept them.
   */
  market: number | null;
  evidence: number | null;
  /** The inputs that started or stopped counting this month (their figure's period); absent in a month without any. */
  events?: HistoryEvent[];
}

/** A source table as the methodology page and the API describe it (the published source_status rows). */
export interface SourceRow {
  source_table: string;
  data_type: string;
  newest_period: string | null;
  observations: number;
  last_ingested_at: string | null;
  last_changed_at: string | null;
  source_updated: string | null;
  /** When `jwi update` last asked the source (null for tables only ever loaded from files). */
  last_checked_at: string | null;
}

/** An experience as the public API answers it. */
export interface PublicExperience {
  id: number;
  country_code: string;
  role_family: string;
  seniority: string;
  residency: string;
  local_language: boolean;
  mood: number;
  mood_label: string;
  comment: string | null;
  created_at: string;
}

/** As the operator sees it (moderation). */
export interface AdminExperience extends PublicExperience {
  hidden: boolean;
  hidden_at: string | null;
  hidden_by: string | null;
}

export interface ExperienceSummary {
  count: number;
  frustrated: number;
  neutral: number;
  positive: number;
  /** Mean mood to one decimal; null without experiences. */
  average_mood: number | null;
}

export interface CommunityData {
  items: PublicExperience[];
  summary: ExperienceSummary;
}

export interface WaitingListRequest {
  id: number;
  service: "career-consultant" | "cv-upgrade";
  name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: string;
}

/** A message sent through the contact form, as the operator reads it (never through a public route). */
export interface ContactMessage {
  id: number;
  topic: ContactTopic;
  name: string;
  email: string;
  message: string;
  created_at: string;
  /** When and by whom the operator marked it handled; null while open. */
  handled_at: string | null;
  handled_by: string | null;
}

export type AuditResult = "ok" | "rejected" | "denied" | "busy" | "error";

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  result: AuditResult;
  detail: unknown;
}
