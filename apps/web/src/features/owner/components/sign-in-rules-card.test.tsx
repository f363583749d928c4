import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { renderWithQuery } from "@/testing/query";
import { SignInRulesCard } from "./sign-in-rules-card";

const fetchMock = stubFetchPerTest();
const AGENCIES = [
  { id: 1, name: "Hartford Police Department" },
  { id: 2, name: "New Haven Police Department" },
];
const RULE = {
  id: 9,
  agency_id: 2,
  agency_name: "New Haven Police Department",
  claim: "groups",
  value: "odin-investigators",
  role: "user",
  hotlist_admin: false,
  hotlist_viewer: true,
  auditor: false,
  created_at: "2026-11-29T10:00:00.000Z",
};

function answer() {
  fetchMock.mockImplementation(async (input, init) => {
    if (urlOf(input) !== "/owner/idp-rules") throw new Error(`unexpected call ${urlOf(input)}`);
    if (init?.method === "POST") return jsonResponse(RULE, { status: 201 });
    return jsonResponse({ rules: [], external_issuer: true });
  });
}
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

describe("SignInRulesCard (issue 34 item 2)", () => {
  it("checks the rule with the contract before sending: the value's error under its field", async () => {
    answer();
    renderWithQuery(<SignInRulesCard agencies={AGENCIES} />);
    fireEvent.change(await screen.findByLabelText("Agency of the rule"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Add rule" }));
    const value = screen.getByLabelText("Value (group name or id)");
    expect(value).toHaveAttribute("aria-invalid", "true");
    const error = screen.getByText("Enter the value the claim must hold (a group's name or id).");
    expect(value.getAttribute("aria-describedby")).toContain(error.id);
    expect(posts()).toHaveLength(0);
    // The error goes as the value is given.
    fireEvent.change(value, { target: { value: "odin-investigators" } });
    expect(screen.queryByText(/Enter the value the claim must hold/)).not.toBeInTheDocument();
  });

  it("sends the rule with the agency as a number and says it was added", async () => {
    answer();
    renderWithQuery(<SignInRulesCard agencies={AGENCIES} />);
    fireEvent.change(await screen.findByLabelText("Agency of the rule"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Value (group name or id)"), {
      target: { value: " odin-investigators " },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Hotlist viewer" }));
    fireEvent.click(screen.getByRole("button", { name: "Add rule" }));
    expect(
      await screen.findByText(
        'Rule added: groups holding "odin-investigators" gives New Haven Police Department.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({
      agency_id: 2,
      claim: "groups",
      value: "odin-investigators",
      role: "user",
      hotlist_admin: false,
      hotlist_viewer: true,
      auditor: false,
    });
    await waitFor(() => expect(screen.getByLabelText("Value (group name or id)")).toHaveValue(""));
  });
});
