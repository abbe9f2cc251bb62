// The API reference page's model as types (/open-data/api; built by web/app/lib/api-reference.ts): the parts of an
// OpenAPI 3.1 document it reads, and the endpoints, answers, fields and type trees the page says in its language.

/** The parts of an OpenAPI 3.1 document read here (structurally; the generator's type is richer). */
export interface OpenApiLike {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; identifier?: string; url?: string } };
  servers?: Array<{ url: string }>;
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

export type Schema = Record<string, unknown>;

/**
 * A text of the document (English, as the document says it) and the id of its message in the `api` catalogue:
 * `api.op.<operationId>.summary|description`, `api.op.<operationId>.answer.<status>`,
 * `api.op.<operationId>.column.<name>`, `api.answer.<status>` (the shared answers), `api.param.<name>`,
 * `api.tag.<tag>`, `api.schema.<Schema>` and `api.schema.<Schema>.<field path>`.
 */
export interface DocText {
  id: string;
  text: string;
}

/** A pattern the reference says in words (`open-data.reference.type.pattern.<key>`); others are shown as they are. */
export type PatternKey = "month" | "period" | "date" | "upper2" | "letters2";

/**
 * A schema's type as a tree, said in words by the page: "integer, 1 to 10, or null", "one of: brightest, stormiest",
 * "array of CountryListItem". Values, paths and schema names stay as the document has them (code).
 */
export type TypeWords =
  | { k: "ref"; name: string }
  | { k: "or"; of: TypeWords[] }
  | { k: "oneOf"; values: string[] }
  | { k: "always"; value: string }
  | { k: "arrayOf"; items: TypeWords }
  | { k: "objects" }
  | { k: "object" }
  /** An object of one of several forms (the top of a union schema). */
  | { k: "objectForms" }
  /** JSON types: string, number, integer, boolean. */
  | { k: "prim"; names: string[] }
  | { k: "any" }
  | { k: "null" }
  | { k: "csv" }
  | { k: "range"; of: TypeWords; min: number; max: number }
  | { k: "atLeast"; of: TypeWords; min: number }
  | { k: "pattern"; of: TypeWords; key: PatternKey | null; pattern: string }
  | { k: "dateTime"; of: TypeWords }
  | { k: "nullable"; of: TypeWords }
  | { k: "optional"; of: TypeWords }
  | { k: "twin"; of: TypeWords; path: string }
  | { k: "otherForm"; of: TypeWords; other: TypeWords };

export interface ReferenceParam {
  name: string;
  in: string;
  required: boolean;
  type: TypeWords;
  description: DocText;
}

export interface ReferenceAnswer {
  status: string;
  description: DocText;
  /** Media type of the body; null without one (304). */
  mediaType: string | null;
  /** The body's type ("Country", "array of CountryListItem", "CSV text"); null without a body. */
  body: TypeWords | null;
  /** The named schema of the body, when there is one (links to its fields). */
  schema: string | null;
  /** CSV answers: the document's description of the columns, as `name: text` lines. */
  columns: Array<{ name: string; description: DocText }>;
  /** Cache-Control the answer carries, when the document names it. */
  cacheControl: string | null;
}

export interface ReferenceEndpoint {
  id: string;
  method: string;
  path: string;
  /** Its tag (the section it is listed in) and the tag's slug, the same in every language (anchors, `api.tag.<slug>`). */
  tag: DocText;
  tagSlug: string;
  summary: DocText;
  description: DocText | null;
  params: ReferenceParam[];
  /** The request with example values: a URL and a curl command line. */
  exampleUrl: string;
  curl: string;
  answers: ReferenceAnswer[];
}

export interface ReferenceField {
  /** Dotted path below the schema (`sub_scores.U.value`, `items[].rank`). */
  path: string;
  depth: number;
  type: TypeWords;
  description: DocText | null;
  /** Set when the field's value is a named schema described on its own. */
  schema: string | null;
}

export interface ReferenceSchema {
  name: string;
  description: DocText;
  /** What the schema is at its top: object, array of objects, object of one of its forms. */
  type: TypeWords;
  fields: ReferenceField[];
}

export interface ApiReference {
  title: string;
  version: string;
  openapi: string;
  server: string;
  licence: string | null;
  endpoints: ReferenceEndpoint[];
  /** Answers every endpoint can give (the document's shared components/responses), shown once, not per endpoint. */
  generalAnswers: ReferenceAnswer[];
  schemas: ReferenceSchema[];
}
