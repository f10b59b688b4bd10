import { describe, expect, it } from "vitest";
import { SORT_OPTIONS } from "~/core/search-sort";
import { openApiDocument } from "~/server/api/openapi.server";
import { API_MAX_PAGE_SIZE } from "./api-keys";
import { type ApiOperation, apiReference, MAX_FIELD_DEPTH } from "./api-reference";
import { EMAIL_STATUSES } from "./email-status";

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"];

/** The document as the page's loader reads it, and as JSON (what /api/v1/openapi.json sends). */
const documentObject = openApiDocument();
const documentJson = JSON.parse(JSON.stringify(documentObject)) as {
  paths: Record<string, Record<string, unknown>>;
};
const reference = apiReference(documentObject);

function operation(method: string, path: string): ApiOperation {
  const found = reference.operations.find(
    (candidate) => candidate.method === method && candidate.path === path,
  );
  if (!found) throw new Error(`${method} ${path} is not in the model`);
  return found;
}

describe("apiReference over the real OpenAPI document (docs/product.md#api)", () => {
  it("has every operation of every path of the document, in the document's order", () => {
    const expected = Object.entries(documentJson.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(reference.operations.map((op) => `${op.method} ${op.path}`)).toEqual(expected);
    expect(reference.basePath).toBe("/api/v1");
    expect(reference.title).toBe("Roundlist API");
    // Anchors are unique, so every operation can be linked.
    expect(new Set(reference.operations.map((op) => op.anchor)).size).toBe(reference.operations.length);
  });

  it("reads the JSON document as it reads the built one", () => {
    expect(apiReference(documentJson)).toEqual(reference);
  });

  it("gives every operation a summary, an answer and the refusals with their descriptions", () => {
    for (const op of reference.operations) {
      expect(op.summary, op.anchor).not.toBeNull();
      expect(op.answers.length, op.anchor).toBeGreaterThan(0);
      for (const refusal of op.refusals)
        expect(refusal.description, `${op.anchor} ${refusal.status}`).toBeTruthy();
    }
    expect(operation("GET", "/companies").needsKey).toBe(true);
    const statuses = operation("GET", "/companies/{slug}").refusals.map((refusal) => refusal.status);
    expect(statuses).toEqual(expect.arrayContaining(["400", "401", "403", "404", "429"]));
    expect([...statuses].sort()).toEqual(statuses);
    expect(
      operation("GET", "/companies").refusals.find((refusal) => refusal.status === "429")?.description,
    ).toMatch(/Retry-After/);
  });

  it("carries the parameters: name, place, type, bounds, enum values, repetition and description", () => {
    const params = operation("GET", "/companies").parameters;
    // The search page's parameters, in order (an endpoint may gain more).
    expect(params.map((param) => param.name)).toEqual(
      expect.arrayContaining([
        "q",
        "industry",
        "stage",
        "location",
        "investor",
        "led",
        "amount",
        "date",
        "rounds",
        "email",
        "sort",
        "limit",
        "cursor",
      ]),
    );
    const byName = new Map(params.map((param) => [param.name, param]));
    expect(byName.get("sort")?.values).toEqual(SORT_OPTIONS.map((option) => option.value));
    expect(byName.get("led")?.values).toEqual(["1"]);
    expect(byName.get("limit")).toMatchObject({
      in: "query",
      type: "integer",
      constraints: `1 to ${API_MAX_PAGE_SIZE}`,
      required: false,
      repeatable: false,
    });
    expect(byName.get("stage")).toMatchObject({ type: "string", repeatable: true });
    expect(byName.get("stage")?.description).toMatch(/Last funding types/);
    expect(byName.get("q")?.constraints).toBe("at most 200 characters");
    const slug = operation("GET", "/companies/{slug}").parameters;
    expect(slug).toEqual([
      expect.objectContaining({ name: "slug", in: "path", required: true, type: "string" }),
    ]);
  });

  it("resolves $ref into components and walks the answer's fields, nested ones as paths", () => {
    const answer = operation("GET", "/companies").answers[0];
    expect(answer?.status).toBe("200");
    expect(answer?.body?.schemaName).toBe("CompaniesPage");
    expect(answer?.headers.map((header) => header.name)).toEqual([
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
    ]);
    const fields = new Map((answer?.body?.fields ?? []).map((field) => [field.name, field]));
    // data is an array of the CompanySummary component: its items' fields come from the $ref.
    expect(fields.get("data")).toMatchObject({ type: "array of CompanySummary", depth: 0, required: true });
    expect(fields.get("data[].name")).toMatchObject({ type: "string", depth: 1, nullable: false });
    expect(fields.get("data[].description")).toMatchObject({ type: "string", nullable: true });
    expect(fields.get("data[].contact.isEmailMasked")?.description).toMatch(/export access/);
    // A nullable $ref (anyOf: EmailStatus, null) is resolved, and its enum is carried.
    expect(fields.get("data[].contact.emailStatus")).toMatchObject({ type: "EmailStatus", nullable: true });
    expect(fields.get("data[].contact.emailStatus.status")).toMatchObject({
      type: "string",
      nullable: true,
      values: [...EMAIL_STATUSES],
      depth: 3,
    });
    // zod's safe-integer bounds on every int are no news to a reader.
    expect(fields.get("total")).toMatchObject({ type: "integer", constraints: null });
    expect(fields.get("nextCursor")).toMatchObject({ type: "string", nullable: true });
    expect(Math.max(...[...fields.values()].map((field) => field.depth))).toBeLessThanOrEqual(
      MAX_FIELD_DEPTH,
    );

    const detail = new Map(
      (operation("GET", "/companies/{slug}").answers[0]?.body?.fields ?? []).map((field) => [
        field.name,
        field,
      ]),
    );
    expect(detail.get("rounds[].investors[].isLead")).toMatchObject({ type: "boolean", depth: 2 });
    expect(detail.get("people[].email")).toMatchObject({ type: "string", nullable: true });
    expect(operation("GET", "/me").answers[0]?.body?.fields.map((field) => field.name)).toContain(
      "limits.resetsInSeconds",
    );
  });
});

describe("apiReference on documents it has not met", () => {
  const document = {
    openapi: "3.1.0",
    info: { title: "T", version: "2" },
    servers: [{ url: "/v2/" }],
    components: {
      schemas: {
        Node: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" },
            parent: { $ref: "#/components/schemas/Node" },
          },
          required: ["id"],
        },
        Named: {
          allOf: [{ $ref: "#/components/schemas/Node" }, { properties: { name: { type: "string" } } }],
        },
      },
      parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "string" } } },
      responses: { Gone: { description: "Gone for good." } },
    },
    paths: {
      "/nodes/{id}": {
        parameters: [{ $ref: "#/components/parameters/Id" }],
        get: {
          summary: "A node",
          security: [],
          parameters: [{ name: "tags", in: "query", schema: { type: "array", items: { enum: ["a", "b"] } } }],
          responses: {
            "200": {
              description: "It",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } },
            },
            "410": { $ref: "#/components/responses/Gone" },
          },
        },
        post: {
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/Named" } } },
          },
          responses: { "201": { description: "Made" }, default: { description: "Anything else" } },
        },
      },
    },
  };
  const model = apiReference(document);

  it("merges path-level parameters, resolves shared parameters and responses, reads array parameters", () => {
    const [get, post] = model.operations;
    expect(model.basePath).toBe("/v2");
    expect(get?.parameters.map((param) => [param.name, param.in, param.type, param.repeatable])).toEqual([
      ["id", "path", "string", false],
      ["tags", "query", "string", true],
    ]);
    expect(get?.parameters[1]?.values).toEqual(["a", "b"]);
    expect(get?.needsKey).toBe(false);
    expect(get?.refusals).toEqual([{ status: "410", description: "Gone for good." }]);
    expect(post?.anchor).toBe("post-nodes-id");
    expect(post?.refusals.map((refusal) => refusal.status)).toEqual(["default"]);
    expect(post?.answers[0]).toMatchObject({ status: "201", body: null });
  });

  it("stops at a schema that contains itself, and merges allOf", () => {
    const fields = model.operations[0]?.answers[0]?.body?.fields ?? [];
    expect(fields).toEqual([
      expect.objectContaining({ name: "id", type: "string (uuid)", required: true }),
      expect.objectContaining({ name: "parent", type: "Node", required: false }),
    ]);
    expect(model.operations[1]?.requestBody?.fields.map((field) => field.name)).toEqual([
      "id",
      "parent",
      "parent.id",
      "parent.parent",
      "name",
    ]);
  });

  it("survives what is not a document", () => {
    expect(apiReference(null).operations).toEqual([]);
    expect(apiReference({ paths: { "/x": { get: "nonsense" } } }).operations).toEqual([]);
  });
});
