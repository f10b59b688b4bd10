/**
 * The API reference page (/docs/api, docs/product.md#api) as data: the OpenAPI document of /api/v1 reduced to
 * what a reader needs per operation (method, path, texts, parameters, the answer's fields, the refusals).
 * Pure: it walks any OpenAPI 3.x document given as plain JSON, so endpoints added to the document appear on
 * the page without editing the page. `$ref`s to the document's own components are resolved.
 */

export interface ApiReference {
  title: string;
  version: string;
  description: string | null;
  /** The first server's URL ("/api/v1"): the operations' paths are under it. */
  basePath: string;
  operations: ApiOperation[];
}

export interface ApiOperation {
  /** An id for the page's anchors: "get-companies-slug". */
  anchor: string;
  /** Upper case: "GET". */
  method: string;
  /** As the document names it, under basePath: "/companies/{slug}". */
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  /** Whether a call needs the key (the operation's or else the document's security requirement). */
  needsKey: boolean;
  parameters: ApiParameter[];
  requestBody: ApiBody | null;
  /** The answers a call that works gets (2xx). */
  answers: ApiAnswer[];
  /** Every other answer the document lists, by status. */
  refusals: ApiRefusal[];
}

export interface ApiParameter {
  name: string;
  /** "query", "path", "header" or "cookie". */
  in: string;
  required: boolean;
  type: string;
  /** The values an enum allows (empty when any value of the type goes). */
  values: string[];
  /** Bounds, as a reader says them: "1 to 100", "at most 200 characters". */
  constraints: string | null;
  description: string | null;
  /** The parameter may be given several times (`stage=Seed&stage=Series+A`). */
  repeatable: boolean;
}

export interface ApiField {
  /** A path into the answer: "data[].contact.email". */
  name: string;
  /** 0 for the answer's own properties, 1 for theirs, and so on. */
  depth: number;
  type: string;
  values: string[];
  constraints: string | null;
  nullable: boolean;
  required: boolean;
  description: string | null;
}

export interface ApiBody {
  contentType: string;
  /** The component's name when the schema is one ("CompaniesPage"). */
  schemaName: string | null;
  fields: ApiField[];
}

export interface ApiAnswer {
  status: string;
  description: string | null;
  body: ApiBody | null;
  headers: Array<{ name: string; type: string; description: string | null }>;
}

export interface ApiRefusal {
  status: string;
  description: string | null;
}

/** How deep the answer's fields are listed: `data[].contact.emailStatus.status` is at depth 3. */
export const MAX_FIELD_DEPTH = 3;

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The target of a local JSON pointer ("#/components/schemas/Error"), or undefined. */
function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The node behind `$ref`s (followed a few times at most, in case one points at another), and its name. */
function resolve(document: Json, node: unknown): { node: Json; name: string | null } {
  let current = node;
  let name: string | null = null;
  for (let hops = 0; hops < 8 && isObject(current) && typeof current.$ref === "string"; hops++) {
    const ref = current.$ref;
    name = ref.split("/").pop() ?? null;
    current = pointer(document, ref);
  }
  return { node: isObject(current) ? current : {}, name };
}

/** The largest safe integers zod gives every `.int()`: bounds no reader needs told. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

function constraintsOf(schema: Json): string | null {
  const min = typeof schema.minimum === "number" && schema.minimum > -SAFE_BOUND ? schema.minimum : null;
  const max = typeof schema.maximum === "number" && schema.maximum < SAFE_BOUND ? schema.maximum : null;
  const parts: string[] = [];
  if (min !== null && max !== null) parts.push(`${min} to ${max}`);
  else if (min !== null) parts.push(`at least ${min}`);
  else if (max !== null) parts.push(`at most ${max}`);
  const minLength = typeof schema.minLength === "number" && schema.minLength > 0 ? schema.minLength : null;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : null;
  if (minLength !== null && maxLength !== null) parts.push(`${minLength} to ${maxLength} characters`);
  else if (maxLength !== null) parts.push(`at most ${maxLength} characters`);
  else if (minLength !== null) parts.push(`at least ${minLength} characters`);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** What one schema is, as the page says it, and what to descend into for its fields. */
interface Shape {
  type: string;
  values: string[];
  constraints: string | null;
  nullable: boolean;
  /** An object to list the properties of, and how the path continues into it ("" or "[]"). */
  inner: { schema: Json; name: string | null; suffix: string } | null;
}

function isNullSchema(document: Json, node: unknown): boolean {
  return resolve(document, node).node.type === "null";
}

function shapeOf(document: Json, node: unknown, seen: ReadonlySet<string>): Shape {
  const { node: schema, name } = resolve(document, node);
  if (name !== null && seen.has(name))
    return { type: name, values: [], constraints: null, nullable: false, inner: null };
  const union = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (union !== null) {
    const members = union.filter((member) => !isNullSchema(document, member));
    const nullable = members.length < union.length;
    if (members.length === 1) {
      const shape = shapeOf(document, members[0], seen);
      return { ...shape, nullable: shape.nullable || nullable };
    }
    const shapes = members.map((member) => shapeOf(document, member, seen));
    return {
      type: [...new Set(shapes.map((shape) => shape.type))].join(" or "),
      values: [...new Set(shapes.flatMap((shape) => shape.values))],
      constraints: null,
      nullable,
      inner: shapes.find((shape) => shape.inner !== null)?.inner ?? null,
    };
  }

  if (Array.isArray(schema.allOf)) {
    const merged: Json = { type: "object", properties: {}, required: [] };
    for (const member of schema.allOf) {
      const part = resolve(document, member).node;
      Object.assign(merged.properties as Json, isObject(part.properties) ? part.properties : {});
      (merged.required as unknown[]).push(...(Array.isArray(part.required) ? part.required : []));
    }
    const shape = shapeOf(document, merged, seen);
    return shape.inner === null
      ? shape
      : { ...shape, type: name ?? shape.type, inner: { ...shape.inner, name } };
  }

  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : text(schema.type)
      ? [String(schema.type)]
      : [];
  const nullable = types.includes("null") || schema.nullable === true;
  const nonNull = types.filter((type) => type !== "null");
  const values = Array.isArray(schema.enum)
    ? schema.enum.filter((value) => value !== null).map(String)
    : schema.const !== undefined
      ? [String(schema.const)]
      : [];
  const constraints = constraintsOf(schema);

  const isArray = nonNull.includes("array") || (nonNull.length === 0 && schema.items !== undefined);
  if (isArray) {
    const items = shapeOf(document, schema.items, seen);
    const itemName = resolve(document, schema.items).name;
    return {
      type: `array of ${itemName ?? items.type}`,
      values: items.values,
      constraints: constraints ?? items.constraints,
      nullable,
      inner: items.inner === null ? null : { ...items.inner, suffix: `[]${items.inner.suffix}` },
    };
  }

  const isObjectType = nonNull.includes("object") || (nonNull.length === 0 && isObject(schema.properties));
  if (isObjectType) {
    if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
      return { type: name ?? "object", values, constraints, nullable, inner: { schema, name, suffix: "" } };
    }
    const map = isObject(schema.additionalProperties)
      ? shapeOf(document, schema.additionalProperties, seen)
      : null;
    return {
      type: map === null ? "object" : `object of ${map.type}`,
      values,
      constraints,
      nullable,
      inner: null,
    };
  }

  const format = text(schema.format);
  const base = nonNull.length > 0 ? nonNull.join(" or ") : values.length > 0 ? "string" : "any";
  return { type: format ? `${base} (${format})` : base, values, constraints, nullable, inner: null };
}

/** An object schema's properties and theirs, depth first, as paths ("data[].contact.email"). */
function fieldsOf(
  document: Json,
  schema: Json,
  prefix: string,
  depth: number,
  seen: ReadonlySet<string>,
): ApiField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields: ApiField[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const name = prefix === "" ? key : `${prefix}.${key}`;
    const shape = shapeOf(document, property, seen);
    const resolved = resolve(document, property).node;
    fields.push({
      name,
      depth,
      type: shape.type,
      values: shape.values,
      constraints: shape.constraints,
      nullable: shape.nullable,
      required: required.has(key),
      description: text(resolved.description) ?? text(isObject(property) ? property.description : undefined),
    });
    if (shape.inner !== null && depth < MAX_FIELD_DEPTH) {
      const nextSeen = shape.inner.name === null ? seen : new Set([...seen, shape.inner.name]);
      fields.push(
        ...fieldsOf(document, shape.inner.schema, `${name}${shape.inner.suffix}`, depth + 1, nextSeen),
      );
    }
  }
  return fields;
}

function bodyOf(document: Json, content: unknown): ApiBody | null {
  if (!isObject(content)) return null;
  const contentType = Object.keys(content).find((type) => type.includes("json")) ?? Object.keys(content)[0];
  if (contentType === undefined) return null;
  const media = content[contentType];
  const schemaNode = isObject(media) ? media.schema : undefined;
  if (schemaNode === undefined) return { contentType, schemaName: null, fields: [] };
  const { name } = resolve(document, schemaNode);
  const seen = new Set(name === null ? [] : [name]);
  const shape = shapeOf(document, schemaNode, new Set());
  const fields =
    shape.inner === null ? [] : fieldsOf(document, shape.inner.schema, shape.inner.suffix, 0, seen);
  return { contentType, schemaName: name, fields };
}

function parameterOf(document: Json, node: unknown): ApiParameter | null {
  const parameter = resolve(document, node).node;
  const name = text(parameter.name);
  const location = text(parameter.in);
  if (name === null || location === null) return null;
  const schema = resolve(document, parameter.schema).node;
  // zod-openapi writes a repeatable query parameter as "T or array of T" (api-schemas.server.ts's `repeated`).
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  const array = union
    .map((member) => resolve(document, member).node)
    .find((member) => member.type === "array");
  const single = union
    .map((member) => resolve(document, member).node)
    .find((member) => member.type !== "array");
  const repeatsAsUnion = union.length === 2 && array !== undefined && single !== undefined;
  const shape = shapeOf(document, repeatsAsUnion ? single : parameter.schema, new Set());
  const isArray = schema.type === "array";
  return {
    name,
    in: location,
    required: parameter.required === true || location === "path",
    type: isArray ? shape.type.replace(/^array of /, "") : shape.type,
    values: shape.values,
    constraints: shape.constraints,
    description: text(parameter.description) ?? text(schema.description),
    repeatable: repeatsAsUnion || (isArray && parameter.explode !== false),
  };
}

function schemaType(document: Json, node: unknown): string {
  return shapeOf(document, node, new Set()).type;
}

/** The page's model of an OpenAPI 3.x document (given as parsed JSON). */
export function apiReference(input: unknown): ApiReference {
  const document: Json = isObject(input) ? input : {};
  const info = isObject(document.info) ? document.info : {};
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const firstServer = isObject(servers[0]) ? text(servers[0].url) : null;
  const documentSecurity = Array.isArray(document.security) && document.security.length > 0;
  const paths = isObject(document.paths) ? document.paths : {};

  const operations: ApiOperation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolve(document, rawItem).node;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, ApiParameter>();
      for (const node of [...shared, ...own]) {
        const parameter = parameterOf(document, node);
        if (parameter !== null) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBodyNode = resolve(document, operation.requestBody).node;
      const responses = isObject(operation.responses) ? operation.responses : {};
      const answers: ApiAnswer[] = [];
      const refusals: ApiRefusal[] = [];
      for (const [status, rawResponse] of Object.entries(responses)) {
        const response = resolve(document, rawResponse).node;
        const description = text(response.description);
        if (/^2/.test(status)) {
          const headers = Object.entries(isObject(response.headers) ? response.headers : {}).map(
            ([name, rawHeader]) => {
              const header = resolve(document, rawHeader).node;
              return {
                name,
                type: schemaType(document, header.schema),
                description: text(header.description),
              };
            },
          );
          answers.push({ status, description, body: bodyOf(document, response.content), headers });
        } else {
          refusals.push({ status, description });
        }
      }
      const security = Array.isArray(operation.security) ? operation.security.length > 0 : documentSecurity;
      operations.push({
        anchor: `${method}-${path}`
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
        method: method.toUpperCase(),
        path,
        operationId: text(operation.operationId),
        summary: text(operation.summary),
        description: text(operation.description),
        needsKey: security,
        parameters: [...byKey.values()],
        requestBody: isObject(requestBodyNode.content) ? bodyOf(document, requestBodyNode.content) : null,
        answers: answers.sort((a, b) => a.status.localeCompare(b.status)),
        refusals: refusals.sort((a, b) => a.status.localeCompare(b.status)),
      });
    }
  }
  return {
    title: text(info.title) ?? "API",
    version: text(info.version) ?? "",
    description: text(info.description),
    basePath: (firstServer ?? "").replace(/\/+$/, ""),
    operations,
  };
}
