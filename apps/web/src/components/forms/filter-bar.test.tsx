import { MESSAGES } from "@odin/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FilterBar } from "./filter-bar";

const EMPTY = { plate: "", from: "", to: "" };

function renderBar(onApply = vi.fn(), collapsible = false) {
  render(
    <FilterBar
      label="Some filters"
      collapsible={collapsible}
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

/** A window as wide as a phone (matches) or a desktop, for lib/use-narrow-screen. */
function screenWidth(narrow: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: narrow,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe("FilterBar, collapsible (the alert history)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is open on a wide screen behind a Filters button that says how many filters apply", () => {
    screenWidth(false);
    renderBar(vi.fn(), true);
    const toggle = screen.getByRole("button", { name: /^Filters ?, ?1 active$/ });
    const form = screen.getByRole("form", { name: "Some filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-controls", form.id);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("form", { name: "Some filters" })).not.toBeInTheDocument();
  });

  it("is folded on a phone; opened, it keeps its draft, and Apply folds it again", () => {
    screenWidth(true);
    const onApply = renderBar(vi.fn(), true);
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("form", { name: "Some filters" })).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.change(screen.getByLabelText("Plate"), { target: { value: "xy9" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenLastCalledWith({ ...EMPTY, plate: "XY9" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("has no disclosure button unless asked", () => {
    renderBar();
    expect(screen.queryByRole("button", { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Some filters" })).toBeVisible();
  });
});
