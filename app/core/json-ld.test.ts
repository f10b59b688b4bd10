import { describe, expect, it } from "vitest";
import { breadcrumbList, organization, serializeJsonLd } from "./json-ld";

describe("serializeJsonLd", () => {
  it("cannot be broken out of by any field, and parses back to the same values", () => {
    const hostile = "</script><script>alert(1)</script><!-- & \u2028";
    const text = serializeJsonLd({ name: hostile });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: hostile });
  });
});

describe("schema.org documents", () => {
  it("lists the breadcrumb trail with absolute URLs and positions", () => {
    expect(
      breadcrumbList("https://roundlist.example", [
        { name: "Directory", path: "/directory" },
        { name: "Cities", path: "/directory/cities" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Directory", item: "https://roundlist.example/directory" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Cities",
          item: "https://roundlist.example/directory/cities",
        },
      ],
    });
  });

  it("describes a company with its address and links, never a contact", () => {
    const document = organization("https://roundlist.example", {
      name: "Acme",
      path: "/company/acme",
      description: "Robots.",
      website: "https://acme.example",
      linkedin: "https://linkedin.example/company/acme",
      city: "Austin",
      region: "Unknown Region",
      country: "United States",
    });
    expect(document).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Acme",
      url: "https://roundlist.example/company/acme",
      description: "Robots.",
      sameAs: ["https://acme.example", "https://linkedin.example/company/acme"],
      address: { "@type": "PostalAddress", addressLocality: "Austin", addressCountry: "United States" },
    });
  });

  it("leaves out links that are not http(s)", () => {
    const document = organization("https://x.example", {
      name: "A",
      path: "/company/a",
      description: null,
      website: "javascript:alert(1)",
      linkedin: null,
      city: null,
      region: null,
      country: null,
    });
    expect(document.sameAs).toBeUndefined();
    expect(document.address).toBeUndefined();
  });
});
