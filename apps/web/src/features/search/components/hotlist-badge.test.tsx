import type { TSearchResult } from "@odin/contract";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HotlistBadge, HotlistListings } from "./hotlist-badge";

const result = (hotlists: TSearchResult["hotlists"]) => ({ plate: "AK47123", hotlists }) as TSearchResult;

describe("the hotlist badge (issues 20 and 40 item 1)", () => {
  it("names each group with the entry's reason, and the listing agency in its tooltip", () => {
    render(
      <HotlistBadge
        result={result([
          {
            group_id: 1,
            group_name: "Stolen Vehicles",
            agency_name: "Hartford Police Department",
            reason: "Stolen 11/02",
          },
          { group_id: 2, group_name: "Wanted", agency_name: "Hartford Police Department", reason: "Warrant" },
        ])}
      />,
    );
    const badge = screen.getByText("On hotlist: Stolen Vehicles (Stolen 11/02); Wanted (Warrant)");
    expect(badge).toHaveAttribute(
      "title",
      "On hotlist: Stolen Vehicles (Stolen 11/02); Wanted (Warrant). Listed by Hartford Police Department.",
    );
  });

  it("says only the group's name when the server sent no reason (an older server), and nothing when unlisted", () => {
    render(<HotlistBadge result={result([{ group_id: 1, group_name: "Stolen Vehicles" }])} />);
    expect(screen.getByText("On hotlist: Stolen Vehicles")).toBeInTheDocument();
    render(<HotlistBadge result={result(undefined)} />);
    // The second badge, of a result on no list, renders nothing: one badge in the document.
    expect(document.querySelectorAll(".badge--hotlist")).toHaveLength(1);
  });

  it("lists each group, its agency and reason in the detail view, with the reminder to confirm the hit", () => {
    render(
      <dl>
        <HotlistListings
          result={result([
            {
              group_id: 1,
              group_name: "Stolen Vehicles",
              agency_name: "Hartford Police Department",
              reason: "Stolen",
            },
          ])}
        />
      </dl>,
    );
    expect(screen.getByRole("term")).toHaveTextContent("Hotlists");
    expect(screen.getByRole("listitem")).toHaveTextContent(
      "Stolen Vehicles, Hartford Police Department: Stolen",
    );
    expect(screen.getByText("Confirm the hit with the listing agency before acting.")).toBeInTheDocument();
  });
});
