import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getCurrentUser, type SessionUser } from "~/server/auth/session.server";
import { loader } from "./signin";

vi.mock("~/server/auth/session.server", () => ({ getCurrentUser: vi.fn() }));

const ADA: SessionUser = {
  id: "user_ada",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  isAdmin: false,
  lastLogin: null,
};

async function answer(
  redirectTo: string,
): Promise<{ status: number; location: string | null; data: unknown }> {
  const request = new Request(`http://localhost/signin?redirectTo=${redirectTo}`);
  try {
    const data = await loader({ request, params: {}, context: {} } as Parameters<typeof loader>[0]);
    return { status: 200, location: null, data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, location: null, data: null };
    return { status: 500, location: null, data: null };
  }
}

describe("GET /signin?redirectTo= (same-origin paths only: docs/product.md#security)", () => {
  beforeEach(() => {
    vi.mocked(getCurrentUser).mockReset();
  });

  it.each([
    ["%2F%09%2Fevil.example"],
    ["%2F%09%5Cevil.example"],
    ["%2F%0d%0aSet-Cookie%3A%20a%3Db"],
    ["%2Fsearch%0d%0aLocation%3A%20https%3A%2F%2Fevil.example"],
    ["%2F.%2F%2Fevil.example"],
  ])("signed in, redirectTo=%s goes to /search", async (redirectTo) => {
    vi.mocked(getCurrentUser).mockResolvedValue(ADA);
    expect(await answer(redirectTo)).toMatchObject({ status: 302, location: "/search" });
  });

  it.each([["%2F%0d%0aSet-Cookie%3A%20a%3Db"], ["%2F%09%2Fevil.example"]])(
    "signed out, redirectTo=%s answers the page (200) without it",
    async (redirectTo) => {
      vi.mocked(getCurrentUser).mockResolvedValue(null);
      expect(await answer(redirectTo)).toEqual({
        status: 200,
        location: null,
        data: { redirectTo: undefined },
      });
    },
  );

  it("a safe path, with its query, is kept; a data URL becomes its page", async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(ADA);
    expect(await answer(encodeURIComponent("/search?q=ai&page=2"))).toMatchObject({
      status: 302,
      location: "/search?q=ai&page=2",
    });
    expect(await answer(encodeURIComponent("/profile.data"))).toMatchObject({
      status: 302,
      location: "/profile",
    });
    vi.mocked(getCurrentUser).mockResolvedValue(null);
    expect((await answer(encodeURIComponent("/profile.data?_routes=routes%2Fprofile"))).data).toEqual({
      redirectTo: "/profile",
    });
  });
});
