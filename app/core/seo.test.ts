import { describe, expect, it } from "vitest";
import { rootOrigin, seo } from "./seo";

describe("seo", () => {
  it("gives the title, description and Open Graph tags", () => {
    const tags = seo({ title: "Contact us", description: "Write to the team." });
    expect(tags).toContainEqual({ title: "Contact us | Roundlist" });
    expect(tags).toContainEqual({ name: "description", content: "Write to the team." });
    expect(tags).toContainEqual({ property: "og:title", content: "Contact us | Roundlist" });
    expect(tags).toContainEqual({ property: "og:description", content: "Write to the team." });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    expect(tags).toContainEqual({ property: "og:site_name", content: "Roundlist" });
    expect(tags).not.toContainEqual(expect.objectContaining({ name: "robots" }));
  });

  it("keeps a title that already names the product", () => {
    expect(seo({ title: "Roundlist: leads", description: "d" })).toContainEqual({
      title: "Roundlist: leads",
    });
  });

  it("makes the URL and image absolute on the origin, with a canonical link", () => {
    const tags = seo({
      title: "Home",
      description: "d",
      path: "/",
      origin: "https://roundlist.example/",
      image: "/demo-poster.png",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://roundlist.example/" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://roundlist.example/" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://roundlist.example/demo-poster.png",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("leaves out relative URLs it cannot make absolute", () => {
    const tags = seo({ title: "t", description: "d", path: "/x", image: "/i.png" });
    expect(
      tags.some((tag) => "property" in tag && (tag.property === "og:url" || tag.property === "og:image")),
    ).toBe(false);
  });

  it("marks private pages noindex, without a canonical link", () => {
    const tags = seo({
      title: "Account Settings",
      description: "d",
      path: "/profile",
      origin: "https://r.example",
      noindex: true,
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).not.toContainEqual(expect.objectContaining({ rel: "canonical" }));
  });
});

describe("rootOrigin", () => {
  it("reads the origin from the root route's data", () => {
    const matches = [
      { id: "root", data: { origin: "https://r.example", user: null } },
      { id: "routes/_marketing/privacy", data: undefined },
    ];
    expect(rootOrigin(matches)).toBe("https://r.example");
  });

  it("gives undefined when the root has no data or no origin (an error page)", () => {
    expect(rootOrigin([{ id: "root", data: undefined }])).toBeUndefined();
    expect(rootOrigin([{ id: "root", data: { origin: 42 } }, undefined])).toBeUndefined();
    expect(rootOrigin([])).toBeUndefined();
  });
});
