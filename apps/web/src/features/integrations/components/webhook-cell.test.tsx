import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { answerRoutes, callsTo, errorBody, renderAs } from "../test-helpers";
import { RekorKeysScreen } from "./rekor-keys-screen";

const URL_OF = (id: number) => `https://odin.example.gov/ingest/rekor/${id}`;
const KEYS = [
  {
    id: 3,
    agency: "Bristol PD",
    api_key: "••••••••5678",
    source_program: "Rekor",
    has_webhook_token: true,
    webhook_url: URL_OF(3),
  },
  // Added before webhook tokens existed.
  {
    id: 4,
    agency: "Hartford PD",
    api_key: "••••••••",
    source_program: "Rekor",
    has_webhook_token: false,
    webhook_url: URL_OF(4),
  },
];

const fetchMock = stubFetchPerTest();
const rowOf = async (agency: string) => (await screen.findByText(agency)).closest("tr")!;

describe("Rekor keys: each key's webhook URL and token", () => {
  it("shows every key's webhook URL with a copy button, and whether it has a token", async () => {
    answerRoutes(fetchMock, { "GET /api-keys-data": () => jsonResponse(KEYS) });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderAs(<RekorKeysScreen />);

    const bristol = within(await rowOf("Bristol PD"));
    expect(bristol.getByLabelText("Webhook URL of Bristol PD")).toHaveTextContent(URL_OF(3));
    expect(
      bristol.getByRole("button", { name: "Rotate token: the webhook token of Bristol PD" }),
    ).toBeInTheDocument();
    fireEvent.click(bristol.getByRole("button", { name: "Copy the webhook URL of Bristol PD" }));
    expect(writeText).toHaveBeenCalledWith(URL_OF(3));

    const hartford = within(await rowOf("Hartford PD"));
    expect(
      hartford.getByRole("button", { name: "Issue token: the webhook token of Hartford PD" }),
    ).toBeInTheDocument();
    expect(hartford.getByText(/No webhook token yet/)).toBeInTheDocument();
  });

  it("issues a token to an old key and shows it once, to be copied now", async () => {
    const reply = {
      id: 4,
      webhook_url: URL_OF(4),
      webhook_token: "new-token-abc",
      message: `${MESSAGES.webhookTokenIssued} ${MESSAGES.webhookTokenCopyNow}`,
    };
    answerRoutes(fetchMock, {
      "GET /api-keys-data": () => jsonResponse(KEYS),
      "POST /rekor-keys/4/rotate-webhook-token": () => jsonResponse(reply),
    });
    renderAs(<RekorKeysScreen />);
    const hartford = within(await rowOf("Hartford PD"));
    fireEvent.click(hartford.getByRole("button", { name: "Issue token: the webhook token of Hartford PD" }));

    expect(await hartford.findByLabelText("New webhook token of Hartford PD")).toHaveTextContent(
      "new-token-abc",
    );
    expect(hartford.getByText(reply.message)).toBeInTheDocument();
    expect(
      hartford.getByRole("button", { name: "Copy the webhook token of Hartford PD" }),
    ).toBeInTheDocument();
    expect(
      hartford.getByRole("button", { name: "Rotate token: the webhook token of Hartford PD" }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/rekor-keys/4/rotate-webhook-token")).toHaveLength(1);
  });

  it("says why a token could not be issued", async () => {
    answerRoutes(fetchMock, {
      "GET /api-keys-data": () => jsonResponse(KEYS),
      "POST /rekor-keys/3/rotate-webhook-token": () =>
        jsonResponse(errorBody("NOT_FOUND", "API key not found."), { status: 404 }),
    });
    renderAs(<RekorKeysScreen />);
    const bristol = within(await rowOf("Bristol PD"));
    fireEvent.click(bristol.getByRole("button", { name: "Rotate token: the webhook token of Bristol PD" }));
    expect(await bristol.findByText(MESSAGES.webhookTokenFailed)).toBeInTheDocument();
    expect(bristol.getByText("API key not found.")).toBeInTheDocument();
  });
});
