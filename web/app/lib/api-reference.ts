// The API reference page's model (/open-data/api), made from the OpenAPI document the API serves
// (api/v1/openapi.ts, generated from the zod schemas): every endpoint with its parameters, an example request
// and its answers, and every named schema with its fields in words. Pure: it reads a document, so the page
// can never describe an API other than the one served. Only the parts of JSON Schema the document uses.

/** The parts of an OpenAPI 3.1 document read here (structurally; the generator's type is richer). */
export interface OpenApiLike {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; identifier?: string; url?: string } };
  servers?: Array<{ url: string }>;
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

type Schema = Record<string, unknown>;

export interface ReferenceParam {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ReferenceAnswer {
  status: string;
  description: string;
  /** Media type of the body; null without one (304). */
  mediaType: string | null;
  /** The body in words: "Country", "array of CountryListItem", "text". */
  body: string | null;
  /** The named schema of the body, when there is one (links to its fields). */
  schema: string | null;
  /** CSV answers: the document's description of the columns, as `name: text` lines. */
  columns: Array<{ name: string; description: string }>;
  /** Cache-Control the answer carries, when the document names it. */
  cacheControl: string | null;
}

export interface ReferenceEndpoint {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
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
  type: string;
  description: string;
  /** Set when the field's value is a named schema described on its own. */
  schema: string | null;
}

export interface ReferenceSchema {
  name: string;
  description: string;
  /** What the schema is at its top: "object", "array of objects"… */
  type: string;
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

const REF = "#/components/schemas/";
const isObj = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v : "");

function refName(s: Schema): string | null {
  return typeof s.$ref === "string" && s.$ref.startsWith(REF) ? s.$ref.slice(REF.length) : null;
}

/** The types a schema allows, null last. */
function types(s: Schema): string[] {
  const t = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  return [...t.filter((x) => x !== "null"), ...t.filter((x) => x === "null")];
}

const structural = (s: Schema) => JSON.stringify({ p: s.properties, r: s.required });

/** A schema's shape without its words and one-value enums: siblings with the same shape are described once. */
function shapeOf(s: unknown): string {
  return JSON.stringify(s, (key, value) => {
    if (key === "description" || key === "example") return undefined;
    if (key === "enum" && Array.isArray(value) && value.filter((v) => v !== null).length === 1) return undefined;
    return value;
  });
}

export class ReferenceBuilder {
  private readonly components: Record<string, Schema>;
  private readonly shapes = new Map<string, string>();

  constructor(private readonly doc: OpenApiLike) {
    this.components = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).filter((e): e is [string, Schema] => isObj(e[1])));
    for (const [name, s] of Object.entries(this.components)) if (s.properties) this.shapes.set(structural(s), name);
  }

  /** The named schema an inline object repeats (e.g. a nullable copy of CountryListItem), if any. */
  private sameAs(s: Schema): string | null {
    return s.properties ? (this.shapes.get(structural(s)) ?? null) : null;
  }

  /** A schema in words: "integer, 1 to 10, or null", "one of: brightest, stormiest", "array of CountryListItem". */
  typeText(s: Schema): string {
    const ref = refName(s);
    if (ref) return ref;
    if (Array.isArray(s.anyOf)) return (s.anyOf as Schema[]).map((x) => this.typeText(x)).join(" or ");
    const ts = types(s);
    const nullable = ts.includes("null");
    const main = ts.filter((t) => t !== "null");
    let out: string;
    if (Array.isArray(s.enum)) {
      const values = (s.enum as unknown[]).filter((v) => v !== null);
      out = values.length === 1 ? `always ${JSON.stringify(values[0])}` : `one of: ${values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ")}`;
    } else if (main.includes("array")) {
      const items = isObj(s.items) ? s.items : {};
      const named = refName(items) ?? this.sameAs(items);
      out = `array of ${named ?? (types(items).includes("object") ? "objects" : this.typeText(items))}`;
    } else if (main.includes("object")) {
      out = this.sameAs(s) ?? "object";
    } else {
      out = main.join(" or ") || (nullable ? "" : "any value");
      const range = [s.minimum, s.maximum].every((x) => typeof x === "number") ? `${s.minimum} to ${s.maximum}` : null;
      if (range) out += `, ${range}`;
      else if (typeof s.minimum === "number") out += `, at least ${s.minimum}`;
      if (typeof s.pattern === "string") out += `, ${patternText(s.pattern)}`;
      if (s.format === "date-time") out += " (ISO 8601 date-time)";
    }
    return nullable ? (out ? `${out}, or null` : "null") : out;
  }

  /** The fields below an object schema, depth first, in the document's order. */
  fields(s: Schema, prefix = "", depth = 0, out: ReferenceField[] = []): ReferenceField[] {
    const variants = Array.isArray(s.anyOf) ? (s.anyOf as Schema[]).map((v) => this.resolve(v)) : [s];
    const seen = new Map<string, ReferenceField>();
    const shapes = new Map<string, string>();
    for (const variant of variants) {
      const props = isObj(variant.properties) ? variant.properties : {};
      const required = new Set(Array.isArray(variant.required) ? (variant.required as string[]) : []);
      for (const [name, raw] of Object.entries(props)) {
        if (!isObj(raw)) continue;
        const earlier = seen.get(name);
        if (earlier) {
          // The same field in another form of the schema (a union): say what it is there when that differs.
          const other = this.typeText(raw);
          if (!earlier.type.startsWith(other)) earlier.type += ` (${other} in the other form)`;
          continue;
        }
        const path = prefix ? `${prefix}.${name}` : name;
        const named = refName(raw) ?? this.sameAs(raw);
        const optional = !required.has(name);
        const nested = !named && (types(raw).includes("object") || types(raw).includes("array"));
        const twin = nested ? shapes.get(shapeOf(raw)) : undefined;
        if (nested && !twin) shapes.set(shapeOf(raw), path);
        const field: ReferenceField = {
          path,
          depth,
          type: `${this.typeText(raw)}${optional ? " (may be absent)" : ""}${twin ? `, with the fields of ${twin}` : ""}`,
          description: text(raw.description) || text(named ? this.components[named]?.description : ""),
          schema: named,
        };
        seen.set(name, field);
        out.push(field);
        if (named || twin) continue;
        if (types(raw).includes("object")) this.fields(raw, path, depth + 1, out);
        else if (types(raw).includes("array") && isObj(raw.items)) {
          const items = raw.items;
          if (!refName(items) && !this.sameAs(items) && types(items).includes("object")) this.fields(items, `${path}[]`, depth + 1, out);
        }
      }
    }
    return out;
  }

  private resolve(s: Schema): Schema {
    const ref = refName(s);
    return ref ? (this.components[ref] ?? s) : s;
  }

  schemas(): ReferenceSchema[] {
    return Object.entries(this.components).map(([name, s]) => {
      const top = types(s).includes("array") && isObj(s.items) ? s.items : s;
      const arrayOfObjects = top !== s;
      return {
        name,
        description: text(s.description),
        type: arrayOfObjects ? "array of objects" : Array.isArray(s.anyOf) ? "object (one of its forms)" : "object",
        fields: this.fields(top, arrayOfObjects ? "[]" : "", 0),
      };
    });
  }

  endpoints(server: string): ReferenceEndpoint[] {
    const out: ReferenceEndpoint[] = [];
    for (const [path, item] of Object.entries(this.doc.paths ?? {})) {
      for (const [method, raw] of Object.entries(item ?? {})) {
        if (!isObj(raw)) continue;
        const params = (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObj).map(
          (p): ReferenceParam => ({
            name: text(p.name),
            in: text(p.in),
            required: p.required === true,
            type: isObj(p.schema) ? this.typeText(p.schema) : "",
            description: text(p.description) || (isObj(p.schema) ? text(p.schema.description) : ""),
          }),
        );
        const example = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const p = (raw.parameters as Schema[]).find((x) => x.name === name);
          return String((isObj(p?.schema) && p.schema.example) ?? name);
        });
        const url = `${server}${example}`;
        // An answer by reference is one of the shared ones (generalAnswers): listed once on the page.
        const answers = Object.entries(isObj(raw.responses) ? raw.responses : {})
          .filter(([, r]) => !(isObj(r) && typeof r.$ref === "string"))
          .map(([status, r]) => this.answer(status, isObj(r) ? r : {}));
        out.push({
          id: text(raw.operationId) || `${method}-${path}`,
          method: method.toUpperCase(),
          path,
          tag: Array.isArray(raw.tags) ? text(raw.tags[0]) : "",
          summary: text(raw.summary),
          description: text(raw.description),
          params: params.filter((p) => p.in !== "header"),
          exampleUrl: url,
          curl: answers.some((a) => a.mediaType === "text/csv") ? `curl -OJ ${shellQuote(url)}` : `curl ${shellQuote(url)}`,
          answers,
        });
      }
    }
    return out;
  }

  /** The shared answers every endpoint references, by status (the first endpoint's references give the statuses). */
  generalAnswers(): ReferenceAnswer[] {
    const shared = this.doc.components?.responses ?? {};
    const byStatus = new Map<string, ReferenceAnswer>();
    for (const methods of Object.values(this.doc.paths ?? {})) {
      for (const op of Object.values(methods ?? {})) {
        if (!isObj(op) || !isObj(op.responses)) continue;
        for (const [status, r] of Object.entries(op.responses)) {
          const name = isObj(r) && typeof r.$ref === "string" ? r.$ref.replace("#/components/responses/", "") : null;
          const component = name !== null ? shared[name] : undefined;
          if (isObj(component) && !byStatus.has(status)) byStatus.set(status, this.answer(status, component));
        }
      }
    }
    return [...byStatus.values()].sort((a, b) => a.status.localeCompare(b.status));
  }

  private answer(status: string, r: Schema): ReferenceAnswer {
    const content = isObj(r.content) ? r.content : {};
    const [mediaType, media] = Object.entries(content)[0] ?? [null, null];
    const schema = isObj(media) && isObj(media.schema) ? media.schema : null;
    const headers = isObj(r.headers) ? r.headers : {};
    const cache = isObj(headers["Cache-Control"]) ? text(headers["Cache-Control"].description).replace(/`/g, "") : "";
    const columns =
      mediaType === "text/csv" && schema
        ? text(schema.description)
            .split("\n")
            .map((line) => /^- `([^`]+)`: (.*)$/.exec(line))
            .filter((m): m is RegExpExecArray => m !== null)
            .map((m) => ({ name: m[1]!, description: m[2]! }))
        : [];
    return {
      status,
      description: text(r.description),
      mediaType,
      body: schema ? (mediaType === "text/csv" ? "CSV text" : this.typeText(schema)) : null,
      schema: schema ? (refName(schema) ?? (isObj(schema.items) ? refName(schema.items) : null)) : null,
      columns,
      cacheControl: cache || null,
    };
  }
}

/** A few patterns the document uses, in words; others as they are. */
function patternText(pattern: string): string {
  const known: Record<string, string> = {
    "^\\d{4}-(0[1-9]|1[0-2])$": "a month YYYY-MM",
    "^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$": "a month YYYY-MM or a quarter YYYY-Qn",
    "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$": "a date YYYY-MM-DD",
    "^[A-Z]{2}$": "two capital letters",
    "^[A-Za-z]{2}$": "two letters",
  };
  return known[pattern] ?? `matching ${pattern}`;
}

/** Single-quoted for a POSIX shell. */
function shellQuote(s: string): string {
  return /^[\w/:.?=&%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Everything the reference page shows, from the served document. */
export function apiReference(doc: OpenApiLike): ApiReference {
  const b = new ReferenceBuilder(doc);
  const server = doc.servers?.[0]?.url ?? "";
  const licence = doc.info.license ? doc.info.license.name : null;
  return {
    title: doc.info.title,
    version: doc.info.version,
    openapi: doc.openapi,
    server,
    licence,
    endpoints: b.endpoints(server),
    generalAnswers: b.generalAnswers(),
    schemas: b.schemas(),
  };
}
