// A strict well-formedness check for the small XML documents the product makes (badges, sitemap): elements,
// attributes in double quotes, text, the five predefined entities and numeric character references. Anything
// else (comments, CDATA, processing instructions but the declaration, a DTD) is refused, which is stricter than
// XML: enough to catch an unescaped "<", "&" or quote, or an unbalanced tag. (The browser tests also parse the
// badge with Chromium's own XML parser.)
const NAME = "[A-Za-z_][\\w.:-]*";
const OPEN = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"]*")*)\\s*(/?)>`);
const CLOSE = new RegExp(`^</(${NAME})\\s*>`);
const ATTR = new RegExp(`(${NAME})\\s*=\\s*"([^"]*)"`, "g");
const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

export interface XmlOutline {
  root: string;
  /** Every element's name with its attributes (entities left as written), in document order. */
  elements: Array<{ name: string; attrs: Record<string, string> }>;
  /** The text of the document (entities left as written), joined. */
  text: string;
}

export function checkWellFormedXml(doc: string): XmlOutline {
  let pos = 0;
  const declaration = /^<\?xml[^?]*\?>/.exec(doc);
  if (declaration) pos = declaration[0].length;
  const stack: string[] = [];
  const elements: XmlOutline["elements"] = [];
  let root: string | null = null;
  let text = "";
  const fail = (why: string): never => {
    throw new Error(`not well-formed at ${pos}: ${why} (${JSON.stringify(doc.slice(pos, pos + 40))})`);
  };
  while (pos < doc.length) {
    const rest = doc.slice(pos);
    if (rest.startsWith("</")) {
      const m = CLOSE.exec(rest) ?? fail("bad end tag");
      if (stack.pop() !== m[1]) fail(`</${m[1]}> closes nothing open`);
      pos += m[0].length;
    } else if (rest.startsWith("<")) {
      const m = OPEN.exec(rest) ?? fail("bad start tag");
      if (stack.length === 0 && root !== null) fail("a second root element");
      root ??= m[1]!;
      const attrs: Record<string, string> = {};
      for (const a of m[2]!.matchAll(ATTR)) {
        if (a[1]! in attrs) fail(`duplicate attribute ${a[1]}`);
        if (a[2]!.includes("<")) fail(`"<" in attribute ${a[1]}`);
        if (ENTITY.test(a[2]!)) fail(`bare "&" in attribute ${a[1]}`);
        attrs[a[1]!] = a[2]!;
      }
      elements.push({ name: m[1]!, attrs });
      if (m[3] !== "/") stack.push(m[1]!);
      pos += m[0].length;
    } else {
      const end = rest.indexOf("<");
      const chunk = end < 0 ? rest : rest.slice(0, end);
      if (stack.length === 0 && chunk.trim() !== "") fail("text outside the root element");
      if (ENTITY.test(chunk)) fail('bare "&" in text');
      if (chunk.includes("]]>")) fail('"]]>" in text');
      if (stack.length) text += chunk;
      pos += chunk.length;
    }
  }
  if (stack.length) fail(`unclosed <${stack.at(-1)}>`);
  if (root === null) fail("no root element");
  return { root: root!, elements, text };
}
