// The API reference page's model (/open-data/api), made from the OpenAPI document the API serves
// (api/v1/openapi.ts, generated from the zod schemas): every endpoint with its parameters, an example request
// and its answers, and every named schema with its fields in words. Pure: it reads a document, so the page
// can never describe an API other than the one served. Only the parts of JSON Schema the document uses.
// Every text of the document comes with the catalogue id the page translates it under (`DocText`, namespace `api`,
// docs/i18n-pages.md), and every type as a tree (`TypeWords`) the page says in its language
// (`open-data.reference.type.*`, web/app/components/api-type.tsx).

import type {
  OpenApiLike,
  Schema,
  PatternKey,
  TypeWords,
  ReferenceParam,
  ReferenceAnswer,
  ReferenceEndpoint,
  ReferenceField,
  ReferenceSchema,
  ApiReference,
} from "./api-reference-types.ts";

/** The catalogue id of a tag (`Scores`, `About the data` → `api.tag.scores`, `api.tag.about-the-data`). */
const tagSlug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Wrappers that say their type first ("{type}, or null"): a type is a prefix of the types it wraps this way. */
const PREFIXED = new Set(["range", "atLeast", "pattern", "dateTime", "nullable", "optional", "twin", "otherForm"]);

/** True when `inner` is `outer` or the type `outer` starts with (its words begin with `inner`'s). */
function startsWithType(outer: TypeWords, inner: TypeWords): boolean {
  const key = JSON.stringify(inner);
  for (let t: TypeWords | undefined = outer; t; t = PREFIXED.has(t.k) ? (t as { of: TypeWords }).of : undefined) {
    if (JSON.stringify(t) === key) return true;
  }
  return false;
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

class ReferenceBuilder {
  private readonly components: Record<string, Schema>;
  private readonly shapes = new Map<string, string>();

  constructor(private readonly doc: OpenApiLike) {
    this.components = Object.fromEntries(
      Object.entries(doc.components?.schemas ?? {}).filter((e): e is [string, Schema] => isObj(e[1])),
    );
    for (const [name, s] of Object.entries(this.components)) if (s.properties) this.shapes.set(structural(s), name);
  }

  /** The named schema an inline object repeats (e.g. a nullable copy of CountryListItem), if any. */
  private sameAs(s: Schema): string | null {
    return s.properties ? (this.shapes.get(structural(s)) ?? null) : null;
  }

  /** A schema's type: "integer, 1 to 10, or null", "one of: brightest, stormiest", "array of CountryListItem". */
  typeWords(s: Schema): TypeWords {
    const ref = refName(s);
    if (ref) return { k: "ref", name: ref };
    if (Array.isArray(s.anyOf)) return { k: "or", of: (s.anyOf as Schema[]).map((x) => this.typeWords(x)) };
    const ts = types(s);
    const nullable = ts.includes("null");
    const main = ts.filter((t) => t !== "null");
    let out: TypeWords | null;
    if (Array.isArray(s.enum)) {
      const values = (s.enum as unknown[]).filter((v) => v !== null);
      out =
        values.length === 1
          ? { k: "always", value: JSON.stringify(values[0]) }
          : { k: "oneOf", values: values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))) };
    } else if (main.includes("array")) {
      const items = isObj(s.items) ? s.items : {};
      const named = refName(items) ?? this.sameAs(items);
      out = {
        k: "arrayOf",
        items: named
          ? { k: "ref", name: named }
          : types(items).includes("object")
            ? { k: "objects" }
            : this.typeWords(items),
      };
    } else if (main.includes("object")) {
      const same = this.sameAs(s);
      out = same ? { k: "ref", name: same } : { k: "object" };
    } else {
      out = main.length ? { k: "prim", names: main } : nullable ? null : { k: "any" };
      if (out) {
        if ([s.minimum, s.maximum].every((x) => typeof x === "number"))
          out = { k: "range", of: out, min: s.minimum as number, max: s.maximum as number };
        else if (typeof s.minimum === "number") out = { k: "atLeast", of: out, min: s.minimum };
        if (typeof s.pattern === "string")
          out = { k: "pattern", of: out, key: PATTERNS[s.pattern] ?? null, pattern: s.pattern };
        if (s.format === "date-time") out = { k: "dateTime", of: out };
      }
    }
    return nullable ? (out ? { k: "nullable", of: out } : { k: "null" }) : out!;
  }

  /** The fields below an object schema, depth first, in the document's order. */
  fields(s: Schema, schemaName: string, prefix = "", depth = 0, out: ReferenceField[] = []): ReferenceField[] {
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
          const other = this.typeWords(raw);
          if (!startsWithType(earlier.type, other)) earlier.type = { k: "otherForm", of: earlier.type, other };
          continue;
        }
        const path = prefix ? `${prefix}.${name}` : name;
        const named = refName(raw) ?? this.sameAs(raw);
        const optional = !required.has(name);
        const nested = !named && (types(raw).includes("object") || types(raw).includes("array"));
        const twin = nested ? shapes.get(shapeOf(raw)) : undefined;
        if (nested && !twin) shapes.set(shapeOf(raw), path);
        let type = this.typeWords(raw);
        if (optional) type = { k: "optional", of: type };
        if (twin) type = { k: "twin", of: type, path: twin };
        const description = text(raw.description) || text(named ? this.components[named]?.description : "");
        const field: ReferenceField = {
          path,
          depth,
          type,
          description: description ? { id: `api.schema.${schemaName}.${path}`, text: description } : null,
          schema: named,
        };
        seen.set(name, field);
        out.push(field);
        if (named || twin) continue;
        if (types(raw).includes("object")) this.fields(raw, schemaName, path, depth + 1, out);
        else if (types(raw).includes("array") && isObj(raw.items)) {
          const items = raw.items;
          if (!refName(items) && !this.sameAs(items) && types(items).includes("object"))
            this.fields(items, schemaName, `${path}[]`, depth + 1, out);
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
        description: { id: `api.schema.${name}`, text: text(s.description) },
        type: arrayOfObjects
          ? { k: "arrayOf", items: { k: "objects" } }
          : Array.isArray(s.anyOf)
            ? { k: "objectForms" }
            : { k: "object" },
        fields: this.fields(top, name, arrayOfObjects ? "[]" : "", 0),
      };
    });
  }

  endpoints(server: string): ReferenceEndpoint[] {
    const out: ReferenceEndpoint[] = [];
    for (const [path, item] of Object.entries(this.doc.paths ?? {})) {
      for (const [method, raw] of Object.entries(item ?? {})) {
        if (!isObj(raw)) continue;
        const params = (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObj).map((p): ReferenceParam => ({
          name: text(p.name),
          in: text(p.in),
          required: p.required === true,
          type: isObj(p.schema) ? this.typeWords(p.schema) : { k: "any" },
          description: {
            id: `api.param.${text(p.name)}`,
            text: text(p.description) || (isObj(p.schema) ? text(p.schema.description) : ""),
          },
        }));
        const example = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const p = (raw.parameters as Schema[]).find((x) => x.name === name);
          return String((isObj(p?.schema) && p.schema.example) ?? name);
        });
        const url = `${server}${example}`;
        const id = text(raw.operationId) || `${method}-${path}`;
        // An answer by reference is one of the shared ones (generalAnswers): listed once on the page.
        const answers = Object.entries(isObj(raw.responses) ? raw.responses : {})
          .filter(([, r]) => !(isObj(r) && typeof r.$ref === "string"))
          .map(([status, r]) => this.answer(status, isObj(r) ? r : {}, `api.op.${id}`));
        const tag = Array.isArray(raw.tags) ? text(raw.tags[0]) : "";
        out.push({
          id,
          method: method.toUpperCase(),
          path,
          tag: { id: `api.tag.${tagSlug(tag)}`, text: tag },
          tagSlug: tagSlug(tag),
          summary: { id: `api.op.${id}.summary`, text: text(raw.summary) },
          description: text(raw.description) ? { id: `api.op.${id}.description`, text: text(raw.description) } : null,
          params: params.filter((p) => p.in !== "header"),
          exampleUrl: url,
          curl: answers.some((a) => a.mediaType === "text/csv")
            ? `curl -OJ ${shellQuote(url)}`
            : `curl ${shellQuote(url)}`,
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
          if (isObj(component) && !byStatus.has(status)) byStatus.set(status, this.answer(status, component, "api"));
        }
      }
    }
    return [...byStatus.values()].sort((a, b) => a.status.localeCompare(b.status));
  }

  /** An answer; `scope` is its catalogue ids' start (`api.op.<operationId>`, or `api` for the shared ones). */
  private answer(status: string, r: Schema, scope: string): ReferenceAnswer {
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
            .map((m) => ({ name: m[1]!, description: { id: `${scope}.column.${m[1]!}`, text: m[2]! } }))
        : [];
    return {
      status,
      description: { id: `${scope}.answer.${status}`, text: text(r.description) },
      mediaType,
      body: schema ? (mediaType === "text/csv" ? { k: "csv" } : this.typeWords(schema)) : null,
      schema: schema ? (refName(schema) ?? (isObj(schema.items) ? refName(schema.items) : null)) : null,
      columns,
      cacheControl: cache || null,
    };
  }
}

/** The patterns the document uses that the page says in words (`open-data.reference.type.pattern.<key>`). */
const PATTERNS: Record<string, PatternKey> = {
  "^\\d{4}-(0[1-9]|1[0-2])$": "month",
  "^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$": "period",
  "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$": "date",
  "^[A-Z]{2}$": "upper2",
  "^[A-Za-z]{2}$": "letters2",
};

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
