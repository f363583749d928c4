import { MESSAGES } from "@odin/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FilterBar } from "./filter-bar";

const EMPTY = { plate: "", from: "", to: "" };

function renderBar(onApply = vi.fn()) {
  render(
    <FilterBar
      label="Some filters"
      applied={{ ...EMPTY, plate: "abc" }}
      empty={EMPTY}
      range={{ start: "from", end: "to", type: "datetime-local" }}
      normalise={(draft) => ({ ...draft, plate: draft.plate.trim().toUpperCase() })}
      onApply={onApply}
    >
      {({ draft, set, range }) => (
        <>
          <input
            aria-label="Plate"
            value={draft.plate}
            onChange={(event) => set({ plate: event.target.value })}
          />
          {range}
        </>
      )}
    </FilterBar>,
  );
  return onApply;
}

describe("FilterBar", () => {
  it("applies the tidied draft, refuses an end before the start, and clears to the empty filters", () => {
    const onApply = renderBar();
    const form = screen.getByRole("form", { name: "Some filters" });
    fireEvent.change(screen.getByLabelText("Plate"), { target: { value: " ab12 " } });
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "2026-11-02T10:00" } });
    fireEvent.change(screen.getByLabelText("End"), { target: { value: "2026-11-01T10:00" } });
    fireEvent.submit(form);
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByLabelText("End")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("End")).toHaveAccessibleDescription(new RegExp(MESSAGES.endBeforeStart));

    fireEvent.change(screen.getByLabelText("End"), { target: { value: "2026-11-03T10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenLastCalledWith({
      plate: "AB12",
      from: "2026-11-02T10:00",
      to: "2026-11-03T10:00",
    });
    expect(screen.queryByText(MESSAGES.endBeforeStart)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onApply).toHaveBeenLastCalledWith(EMPTY);
    expect(screen.getByLabelText("Plate")).toHaveValue("");
  });
});
