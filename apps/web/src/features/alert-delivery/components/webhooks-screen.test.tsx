import type { TAlertWebhook } from "@odin/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  currentUserValue,
  jsonResponse,
  signedInAuth,
  stubFetchPerTest,
  TestAuthProviders,
  urlOf,
} from "@/testing/auth";
import { WebhooksScreen } from "./webhooks-screen";

const OLD: TAlertWebhook = {
  id: 4,
  name: "Old CAD",
  url: "https://cad.example.org/odin",
  group_ids: [],
  enabled: true,
  consecutive_failures: 0,
  disabled_reason: null,
  last_success_at: null,
  last_failure_at: null,
  created_at: "2026-11-01T00:00:00.000Z",
  signature_scheme: "odin_v1",
};

const fetchMock = stubFetchPerTest();

/** Issue 38 item 4: the signature scheme of each webhook, chosen when added and switched later. */
describe("WebhooksScreen", () => {
  it("shows each webhook's signature, adds one per Standard Webhooks, and switches an old one", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const route = `${init?.method ?? "GET"} ${urlOf(input)}`;
      if (route === "GET /api/admin/webhooks") return jsonResponse({ webhooks: [OLD], groups: [] });
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      if (route === "POST /api/admin/webhooks") {
        return jsonResponse({ ...OLD, ...body, id: 5, secret: "whsec_c2VjcmV0" });
      }
      if (route === "PUT /api/admin/webhooks/4") return jsonResponse({ ...OLD, ...body });
      throw new Error(`unexpected ${route}`);
    });
    render(
      <MemoryRouter>
        <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user: ADMIN })}>
          <WebhooksScreen />
        </TestAuthProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("cell", { name: "Odin-Signature (deprecated)" })).toBeInTheDocument();

    expect(screen.getByLabelText("Signature")).toHaveValue("standard_webhooks");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "New CAD" } });
    fireEvent.change(screen.getByLabelText("Endpoint URL"), {
      target: { value: "https://cad.example.org/new" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByLabelText("Signing secret")).toHaveTextContent("whsec_c2VjcmV0");
    expect(screen.getByRole("button", { name: "Copy the Signing secret" })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post![1]!.body as string)).toMatchObject({ signature_scheme: "standard_webhooks" });

    fireEvent.click(screen.getByRole("button", { name: "Use Standard Webhooks" }));
    expect(await screen.findByText("“Old CAD” is now signed with Standard Webhooks.")).toBeInTheDocument();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(JSON.parse(put![1]!.body as string)).toEqual({
        name: "Old CAD",
        url: OLD.url,
        group_ids: [],
        signature_scheme: "standard_webhooks",
      });
    });
  });
});
