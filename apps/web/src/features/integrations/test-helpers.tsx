import type { TCurrentUser } from "@odin/contract";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import type { Mock } from "vitest";
import { ADMIN, currentUserValue, signedInAuth, TestAuthProviders, urlOf } from "@/testing/auth";

export type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers a stubbed fetch by "METHOD path"; any other call fails the test. */
export function answerRoutes(fetchMock: Mock<typeof fetch>, routes: Record<string, Route>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route(init);
  });
}

export const callsTo = (fetchMock: Mock<typeof fetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input) === path && (init?.method ?? "GET") === method);

export const bodyOf = (call: Parameters<typeof fetch> | undefined): unknown =>
  JSON.parse(call?.[1]?.body as string);

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

export function renderAs(screen: ReactNode, user: TCurrentUser = ADMIN) {
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user })}>
      <MemoryRouter>{screen}</MemoryRouter>
    </TestAuthProviders>,
  );
}
