import type { TCurrentUser } from "@odin/contract";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { afterEach, beforeEach, vi, type Mock } from "vitest";
import { currentUserValue, INVESTIGATOR, signedInAuth, TestAuthProviders, urlOf } from "@/testing/auth";

/** The personas of the group screens' tests, as GET /get-current-user answers them. */
export const HOTLIST_ADMIN: TCurrentUser = { ...INVESTIGATOR, hotlist_admin: true };
export const HOTLIST_VIEWER: TCurrentUser = { ...INVESTIGATOR, hotlist_viewer: true };

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Answers a stubbed fetch by "METHOD /path" (the query string is ignored); any other call fails the
 * test's screen loudly rather than hanging.
 */
export function answer(fetchMock: Mock<typeof fetch>, routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(init, url);
  });
}

/** The calls the screen made to one "METHOD /path". */
export function callsTo(fetchMock: Mock<typeof fetch>, key: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? "GET"} ${urlOf(input).split("?")[0]}` === key,
  );
}

/** Shows where the router went (and the navigation state), standing in for another screen. */
export function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="probe">
      {name} {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

/** Renders `element` at `path` for `user`; the other routes show a Probe. Returns the router. */
export function renderRoute(
  element: ReactNode,
  { path, at, user, others = [] }: { path: string; at: string; user: TCurrentUser; others?: string[] },
) {
  const router = createMemoryRouter(
    [{ path, element }, ...others.map((other) => ({ path: other, element: <Probe name={other} /> }))],
    { initialEntries: [at] },
  );
  const currentUser = currentUserValue({ user });
  const auth = signedInAuth();
  render(
    <TestAuthProviders auth={auth} currentUser={currentUser}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return { router, currentUser, auth };
}

/** Node's object URLs refuse jsdom's Blobs: previews and downloads get fake ones, per test. */
export function stubObjectUrls() {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob: Blob | MediaSource) => {
      created.push(blob as Blob);
      return `blob:test/${created.length}`;
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());
  return created;
}

export const file = (name: string, type: string, content = "x") => new File([content], name, { type });

/**
 * Lets pending calls and renders finish without moving a fake clock (Testing Library's findBy waits
 * on setTimeout, which the timing tests fake).
 */
export async function settle() {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}
