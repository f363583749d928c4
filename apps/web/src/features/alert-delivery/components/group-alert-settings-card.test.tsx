import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { GroupAlertSettingsCard } from "./group-alert-settings-card";
import { renderWithQuery } from "@/testing/query";

const fetchMock = stubFetchPerTest();

/** Issue 24: a group's cooldown and urgency on Edit Group. */
describe("GroupAlertSettingsCard", () => {
  it("loads the settings, saves a new cooldown and urgency, and shows the server's refusal", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      expect(urlOf(input)).toBe("/api/groups/7/alert-settings");
      if (init?.method !== "POST") return jsonResponse({ cooldown_minutes: 10, urgent: false });
      const body = JSON.parse(init.body as string) as { cooldown_minutes: number; urgent: boolean };
      return body.cooldown_minutes > 1440
        ? jsonResponse(
            {
              error: {
                code: "VALIDATION_FAILED",
                message: "cooldown_minutes: The cooldown can be at most 1440 minutes (a day).",
              },
            },
            { status: 400 },
          )
        : jsonResponse(body);
    });
    renderWithQuery(<GroupAlertSettingsCard groupId={7} />);
    const cooldown = await screen.findByLabelText("Cooldown (minutes)");
    expect(cooldown).toHaveValue(10);
    fireEvent.change(cooldown, { target: { value: "15" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Urgent/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save alert settings" }));
    expect(await screen.findByText("Saved: 15 minutes, urgent.")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post![1]!.body as string)).toEqual({ cooldown_minutes: 15, urgent: true });

    fireEvent.change(cooldown, { target: { value: "5000" } });
    fireEvent.submit(cooldown.closest("form")!);
    expect(await screen.findByText(/at most 1440 minutes/)).toBeInTheDocument();
  });
});
