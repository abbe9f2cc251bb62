// The product's option lists and community limits (docs/product.md §3, §4, §9), owned here once. The API validates
// against them and the server-rendered site builds its forms from them: never copy these lists.

/** Role families of the experience form: the "sectors" list of docs/product.md §3, in its order. */
export const ROLE_FAMILIES = [
  "IT/Engineering",
  "Product",
  "Design",
  "Operations",
  "Sales",
  "Marketing",
  "Finance",
  "Healthcare",
  "Education",
  "Hospitality",
  "Manufacturing",
  "Construction",
  "Transportation",
  "Retail",
  "Other",
] as const;
export type RoleFamily = (typeof ROLE_FAMILIES)[number];

export const SENIORITY_LEVELS = ["Junior", "Mid", "Senior", "Lead"] as const;

export const RESIDENCY_OPTIONS = ["Local resident", "EU non-resident", "Work permit in process", "Non-EU"] as const;

/** Mood slider: 1 to 5, step 1, default 3 (docs/product.md §5, §9), with the labels of docs/product.md §4. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;
export const MOOD_DEFAULT = 3;
export const MOOD_LABELS: Readonly<Record<number, string>> = {
  1: "Frustrated",
  2: "Tough",
  3: "OK",
  4: "Good",
  5: "Positive",
};

export const COMMENT_MAX_LENGTH = 1000;
/** Experiences shown per country (docs/product.md §9: experience list limit 10). */
export const EXPERIENCE_LIST_LIMIT = 10;
/** Ranking size (docs/product.md §9). */
export const RANKING_SIZE = 10;
export const RANKING_TYPES = ["brightest", "stormiest"] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

/** The two waiting-list services (docs/product.md §2 `/waiting-list/{service}`), with their page titles. */
export const WAITING_LIST_SERVICES = [
  { id: "career-consultant", title: "Book a Career Consultant" },
  { id: "cv-upgrade", title: "Upgrade Your CV" },
] as const;
export type WaitingListService = (typeof WAITING_LIST_SERVICES)[number]["id"];
export const WAITING_LIST_SERVICE_IDS = WAITING_LIST_SERVICES.map((s) => s.id) as [
  WaitingListService,
  ...WaitingListService[],
];

/** `career-consultant`, `cv-upgrade`, or one of the page titles (any case) → the service id; undefined otherwise. */
export function waitingListServiceId(value: string): WaitingListService | undefined {
  const v = value.trim().toLowerCase();
  return WAITING_LIST_SERVICES.find((s) => s.id === v || s.title.toLowerCase() === v)?.id;
}

/**
 * Topics of the contact form (docs/product.md §2, §5), in the order the form lists them. "Delete my data" asks
 * the operator to delete what we hold about the sender (docs/product.md §6; the privacy page points here).
 */
export const CONTACT_TOPICS = [
  { id: "question", title: "Question" },
  { id: "feedback", title: "Feedback" },
  { id: "correction", title: "Correction of data" },
  { id: "press", title: "Press" },
  { id: "delete-my-data", title: "Delete my data" },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]["id"];
export const CONTACT_TOPIC_IDS = CONTACT_TOPICS.map((t) => t.id) as [ContactTopic, ...ContactTopic[]];
/** The topic whose messages the operator must act on as a deletion request. */
export const DELETE_MY_DATA_TOPIC: ContactTopic = "delete-my-data";
/** Longest waiting-list message (api/schemas.ts and the form's counter). */
export const WAITING_LIST_MESSAGE_MAX_LENGTH = 2000;
export const CONTACT_NAME_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 4000;

/** The topic's title ("Delete my data"); the id itself when unknown. */
export function contactTopicTitle(id: string): string {
  return CONTACT_TOPICS.find((t) => t.id === id)?.title ?? id;
}

/** Name of the hidden form field that only bots fill in (the honeypot). */
export const HONEYPOT_FIELD = "website";
