// A small JSON Schema (2020-12, the OpenAPI 3.1 dialect) validator for the contract test: it checks a value
// against a schema of the OpenAPI document as served, independently of the zod schemas it was generated from.
// It knows the keywords the generated document uses and throws on any other, so that a keyword it does not
// check can never pass silently. (A full validator such as ajv would do the same; none is a dependency.)

export type JsonSchema = boolean | { [keyword: string]: unknown };

const ANNOTATIONS = new Set([
  "description",
  "example",
  "examples",
  "title",
  "format",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
const CHECKED = new Set([
  "$ref",
  "anyOf",
  "oneOf",
  "allOf",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function typeMatches(expected: string, v: unknown): boolean {
  const t = typeOf(v);
  return expected === t || (expected === "number" && t === "integer");
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Errors of `value` against `schema` ("" path is the root), with `$ref`s resolved in `root` (the OpenAPI
 * document: `#/components/schemas/…`). An empty list means valid.
 */
export function validate(schema: JsonSchema, value: unknown, root: unknown, path = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value is allowed here`];
  for (const k of Object.keys(schema)) {
    if (!CHECKED.has(k) && !ANNOTATIONS.has(k))
      throw new Error(`json-schema: keyword "${k}" at ${path} is not supported by this validator`);
  }
  const errors: string[] = [];
  const s = schema as Record<string, any>;

  if (typeof s.$ref === "string") {
    if (!s.$ref.startsWith("#/")) throw new Error(`json-schema: only local $refs are supported (${s.$ref})`);
    const target = s.$ref
      .slice(2)
      .split("/")
      .reduce((node: any, key: string) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    if (target === undefined) return [`${path}: unresolvable $ref ${s.$ref}`];
    errors.push(...validate(target, value, root, path));
  }
  if (Array.isArray(s.anyOf)) {
    const results = s.anyOf.map((sub: JsonSchema) => validate(sub, value, root, path));
    if (!results.some((r: string[]) => r.length === 0)) {
      errors.push(`${path}: matches none of anyOf (${results.map((r: string[]) => r[0]).join(" | ")})`);
    }
  }
  if (Array.isArray(s.oneOf)) {
    const passing = s.oneOf.filter((sub: JsonSchema) => validate(sub, value, root, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf, not exactly one`);
  }
  if (Array.isArray(s.allOf)) for (const sub of s.allOf) errors.push(...validate(sub, value, root, path));

  if (s.type !== undefined) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => typeMatches(t, value)))
      return [...errors, `${path}: expected ${types.join(" or ")}, got ${typeOf(value)}`];
  }
  if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => same(e, value)))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if ("const" in s && !same(s.const, value)) errors.push(`${path}: expected ${JSON.stringify(s.const)}`);

  if (typeof value === "string") {
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value))
      errors.push(`${path}: "${value}" does not match ${s.pattern}`);
    const length = [...value].length;
    if (typeof s.minLength === "number" && length < s.minLength) errors.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === "number" && length > s.maxLength) errors.push(`${path}: longer than ${s.maxLength}`);
  }
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) errors.push(`${path}: ${value} < minimum ${s.minimum}`);
    if (typeof s.maximum === "number" && value > s.maximum) errors.push(`${path}: ${value} > maximum ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems)
      errors.push(`${path}: fewer than ${s.minItems} items`);
    if (typeof s.maxItems === "number" && value.length > s.maxItems)
      errors.push(`${path}: more than ${s.maxItems} items`);
    if (s.items !== undefined)
      value.forEach((item, i) => errors.push(...validate(s.items, item, root, `${path}[${i}]`)));
  }
  if (typeOf(value) === "object") {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (s.required ?? []) as string[])
      if (!(key in obj)) errors.push(`${path}: missing required "${key}"`);
    for (const [key, v] of Object.entries(obj)) {
      if (key in props) errors.push(...validate(props[key]!, v, root, `${path}.${key}`));
      else if (s.additionalProperties !== undefined)
        errors.push(...validate(s.additionalProperties as JsonSchema, v, root, `${path}.${key}`));
    }
  }
  return errors;
}
