import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeSlackText,
  SLACK_MAX_COMPANY_LINES,
  type SlackCompany,
  slackLink,
  slackMessage,
} from "./slack-message";

const ledgerly: SlackCompany = {
  name: "Ledgerly",
  url: "https://roundlist.example/company/ledgerly",
  stage: "Seed",
  amountUsd: 2_500_000,
  date: "2026-11-03",
};

const SEARCH_URL = "https://roundlist.example/search?stage=Seed&location=Berlin";

function company(index: number): SlackCompany {
  return {
    name: `Company ${index}`,
    url: `https://roundlist.example/company/c${index}`,
    stage: null,
    amountUsd: null,
    date: null,
  };
}

describe("slackMessage", () => {
  it("links the search in the heading and each company on its line, with what is known of the round", () => {
    const message = slackMessage("Berlin seed", [ledgerly, { ...company(2), stage: "Series A" }], SEARCH_URL);
    expect(message.text).toBe("2 new companies in “Berlin seed”");
    expect(message.blocks).toEqual([
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: "*2 new companies* in <https://roundlist.example/search?stage=Seed&amp;location=Berlin|Berlin seed>",
        },
      },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: [
            "• <https://roundlist.example/company/ledgerly|Ledgerly> · Seed · $2.5M · Nov 3, 2026",
            "• <https://roundlist.example/company/c2|Company 2> · Series A",
          ].join("\n"),
        },
      },
    ]);
  });

  it("says 1 new company in the singular", () => {
    expect(slackMessage("Berlin seed", [ledgerly], SEARCH_URL).text).toBe("1 new company in “Berlin seed”");
  });

  it("lists at most ten companies, then how many more, linked to the search", () => {
    const companies = Array.from({ length: 23 }, (_, index) => company(index + 1));
    const lines = slackMessage("All", companies, SEARCH_URL).blocks[1]?.text.text.split("\n") ?? [];
    expect(lines).toHaveLength(SLACK_MAX_COMPANY_LINES + 1);
    expect(lines[9]).toContain("Company 10");
    expect(lines[10]).toBe("<https://roundlist.example/search?stage=Seed&amp;location=Berlin|and 13 more>");
    const exactlyTen = slackMessage("All", companies.slice(0, 10), SEARCH_URL).blocks[1]?.text.text ?? "";
    expect(exactlyTen).not.toContain("more");
  });

  it("counts every company of a digest that lists only its first ones", () => {
    const companies = Array.from({ length: 50 }, (_, index) => company(index + 1));
    const message = slackMessage("All", companies, SEARCH_URL, 120);
    expect(message.text).toBe("120 new companies in “All”");
    expect(message.blocks[1]?.text.text.split("\n").at(-1)).toContain("|and 110 more>");
  });

  it("escapes &, < and > in names, so a company cannot ping a channel or forge a link", () => {
    const message = slackMessage(
      "R&D <b>",
      [{ ...company(1), name: "<!channel> & <https://evil.example|Click>" }],
      SEARCH_URL,
    );
    const all = [message.text, ...message.blocks.map((block) => block.text.text)].join("\n");
    expect(all).not.toContain("<!channel>");
    expect(all).toContain("&lt;!channel&gt; &amp; &lt;https://evil.example|Click&gt;");
    expect(message.text).toBe("1 new company in “R&amp;D &lt;b&gt;”");
  });

  it("keeps a name on one line and a pipe in a URL from ending the link", () => {
    expect(slackLink("https://x.example/a|b", "Two\nlines")).toBe("<https://x.example/a%7Cb|Two lines>");
  });

  it("has a heading only when there are no companies", () => {
    const message = slackMessage("Quiet", [], SEARCH_URL);
    expect(message.blocks).toHaveLength(1);
    expect(message.text).toBe("No new companies in “Quiet”");
  });
});

describe("escapeSlackText", () => {
  it("leaves no raw < or > and keeps every & the start of an entity", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeSlackText(text);
        expect(escaped).not.toMatch(/[<>]/);
        expect(escaped).not.toMatch(/&(?!amp;|lt;|gt;)/);
        expect(escaped.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")).toBe(text);
      }),
    );
  });
});
