import { describe, expect, it } from "vitest";
import { clientIp, MAX_FORM_BYTES, readPublicForm } from "./read-form.server";

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

async function statusOf(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("readPublicForm", () => {
  it("reads an urlencoded form", async () => {
    const form = await readPublicForm(post("name=Ada&email=ada%40x.example"));
    expect(form.get("name")).toBe("Ada");
    expect(form.get("email")).toBe("ada@x.example");
  });

  it("reads a multipart form", async () => {
    const body = new FormData();
    body.set("name", "Grace");
    const form = await readPublicForm(new Request("http://localhost/contact", { method: "POST", body }));
    expect(form.get("name")).toBe("Grace");
  });

  it("refuses a body larger than a form of ours with 413", async () => {
    expect(await statusOf(readPublicForm(post(`message=${"x".repeat(MAX_FORM_BYTES + 1)}`)))).toBe(413);
  });
});

describe("clientIp", () => {
  it("is the header server.mjs sets, or one shared bucket without it", () => {
    expect(clientIp(new Request("http://x", { headers: { "x-roundlist-client-ip": "203.0.113.5" } }))).toBe(
      "203.0.113.5",
    );
    expect(clientIp(new Request("http://x"))).toBe("unknown");
  });
});
