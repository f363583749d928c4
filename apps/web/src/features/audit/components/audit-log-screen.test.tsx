import { AUDIT_PAGE_SIZE, MESSAGES, type TAuditLogEntry, type TCurrentUser } from "@odin/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  currentUserValue,
  INVESTIGATOR,
  jsonResponse,
  signedInAuth,
  stubFetchPerTest,
  TestAuthProviders,
  urlOf,
} from "@/testing/auth";
import { AUDIT_LOG_FAILED, AuditLogScreen } from "./audit-log-screen";

const entry = (n: number): TAuditLogEntry => ({
  user: `user${n}`,
  user_agency: "Hartford PD",
  query_parameters: JSON.stringify({
    plate: `AK${n}`,
    plate_state: "CT",
    vehicle_color: "Blue",
    vehicle_make: "Honda",
    vehicle_body_type: "Sedan",
    justification: `Case ${n}`,
    case_number: `2025-${n}`,
    offense_category: "Robbery",
    action: "search",
  }),
  timestamp: "2025-03-04T15:06:07Z",
  programs_queried: "Rekor,Axis",
});
const page = (count: number, number = 1) => ({
  logs: Array.from({ length: count }, (_, i) => entry(i + 1)),
  page: number,
  page_size: AUDIT_PAGE_SIZE,
});

const fetchMock = stubFetchPerTest();

/** Answers GET /admin-audit-logs-api with `answer(url)`; records the query of each call. */
function answerAudit(answer: (query: URLSearchParams) => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(urlOf(input), "http://odin.test");
    if (url.pathname !== "/admin-audit-logs-api") throw new Error(`unexpected call ${url.pathname}`);
    return answer(url.searchParams);
  });
}
const queries = () =>
  fetchMock.mock.calls.map(([input]) => new URL(urlOf(input), "http://odin.test").searchParams);
const lastQuery = () => Object.fromEntries(queries().at(-1)!);

function renderAudit(user: TCurrentUser = ADMIN, entry = "/audit-log") {
  const router = createMemoryRouter([{ path: "/audit-log", element: <AuditLogScreen /> }], {
    initialEntries: [entry],
  });
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user })}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return router;
}

const next = () => screen.getByRole("button", { name: "Next" });
const previous = () => screen.getByRole("button", { name: "Previous" });

describe("AuditLogScreen", () => {
  it("shows 'Access Denied' to a non-admin without calling the API", () => {
    renderAudit(INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Access Denied' when the API answers 403", async () => {
    answerAudit(() => jsonResponse({ error: { code: "FORBIDDEN", message: "Forbidden" } }, { status: 403 }));
    renderAudit();
    expect(await screen.findByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
  });

  it("shows user, agency, the parsed query parameters, the time and the programs", async () => {
    answerAudit(() => jsonResponse(page(1)));
    renderAudit();
    const row = (await screen.findByText("user1")).closest("tr")!;
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      "user1",
      "Hartford PD",
      "Search",
      "AK1",
      "CT",
      "Blue",
      "Honda",
      "Sedan",
      "Case 1",
      "2025-1 · Robbery",
      expect.stringMatching(/^03\/0[45]\/2025 \d\d:\d\d:07 /),
      "Rekor, RAVEN",
    ]);
    expect(lastQuery()).toEqual({ page: "1" });
  });

  it("pages by 20: Next enabled on a full page, disabled on a page with fewer rows", async () => {
    answerAudit((query) => jsonResponse(query.get("page") === "2" ? page(7, 2) : page(AUDIT_PAGE_SIZE)));
    renderAudit();
    await screen.findByText("user20");
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    fireEvent.click(next());
    await waitFor(() => expect(lastQuery()).toEqual({ page: "2" }));
    await waitFor(() => expect(screen.queryByText("user20")).not.toBeInTheDocument());
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(previous()).toBeEnabled();
    fireEvent.click(previous());
    await waitFor(() => expect(lastQuery()).toEqual({ page: "1" }));
    expect(await screen.findByText("user20")).toBeInTheDocument();
  });

  it("sends the filters with the plate upper-cased, from page 1", async () => {
    answerAudit(() => jsonResponse(page(3)));
    const router = renderAudit(ADMIN, "/audit-log?page=4");
    await screen.findByText("user1");
    expect(lastQuery()).toEqual({ page: "4" });
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "2025-01-01" } });
    fireEvent.change(screen.getByLabelText("End"), { target: { value: "2025-01-31" } });
    fireEvent.change(screen.getByLabelText("Plate"), { target: { value: " ak47 " } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: "1", start: "2025-01-01", end: "2025-01-31", plate: "AK47" }),
    );
    expect(router.state.location.search).toBe("?page=1&start=2025-01-01&end=2025-01-31&plate=AK47");
    expect(screen.getByLabelText("Plate")).toHaveValue("AK47");
  });

  it("does not send an end before the start", async () => {
    answerAudit(() => jsonResponse(page(3)));
    renderAudit();
    await screen.findByText("user1");
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "2025-02-01" } });
    fireEvent.change(screen.getByLabelText("End"), { target: { value: "2025-01-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText(MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says when nothing matches, and when the log cannot load", async () => {
    answerAudit(() => jsonResponse(page(0)));
    renderAudit(ADMIN, "/audit-log?plate=ZZZ");
    expect(await screen.findByText("No entries match these filters.")).toBeInTheDocument();
    expect(next()).toBeDisabled();
    answerAudit(() => jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }));
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(await screen.findByText(AUDIT_LOG_FAILED)).toBeInTheDocument();
  });
});

describe("the audit log's action filter and tamper check (Odin's own)", () => {
  it("sends the chosen action and keeps it in the address", async () => {
    answerAudit(() => jsonResponse(page(1)));
    renderAudit();
    await screen.findByText("user1");
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "sign_in_failed" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: "1", action: "sign_in_failed" }));
  });

  it("names the first broken entry the server found", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(urlOf(input), "http://odin.test");
      if (url.pathname === "/admin-audit-logs-api") return jsonResponse(page(1));
      if (url.pathname === "/admin-audit-chain") {
        return jsonResponse({
          ok: false,
          checked_at: "2026-11-25T08:00:00Z",
          chains: [
            {
              agency_id: 1,
              agency_name: "Hartford PD",
              rows: 40,
              ok: false,
              first_broken: {
                id: "1234",
                chain_seq: "7",
                created_at: "2026-11-20T10:00:00Z",
                reason: "its hash does not match its contents and the row before it (altered)",
              },
            },
          ],
        });
      }
      throw new Error(`unexpected call ${url.pathname}`);
    });
    renderAudit();
    fireEvent.click(await screen.findByRole("button", { name: "Check the audit log" }));
    expect(await screen.findByText("The audit log was changed outside Odin.")).toBeInTheDocument();
    expect(screen.getByText(/first broken entry #1234/)).toBeInTheDocument();
  });
});
