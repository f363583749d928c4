import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DateRangeFields } from "./date-range-fields";

function Form() {
  return (
    <form>
      <input aria-label="Plate" />
      <DateRangeFields type="datetime-local" start="" end="" onChange={() => {}} />
      <fieldset>
        <input type="radio" name="kind" aria-label="First" />
        <input type="radio" name="kind" aria-label="Second" defaultChecked />
      </fieldset>
      <button type="submit">Search</button>
    </form>
  );
}

describe("DateRangeFields", () => {
  it("makes each date-time one Tab stop: Tab and Shift+Tab leave the field (issue 20 item 11)", () => {
    render(<Form />);
    const start = screen.getByLabelText("Start");
    const end = screen.getByLabelText("End");
    start.focus();
    expect(fireEvent.keyDown(start, { key: "Tab" })).toBe(false); // the browser's move is cancelled
    expect(end).toHaveFocus();
    fireEvent.keyDown(end, { key: "Tab", shiftKey: true });
    expect(start).toHaveFocus();
    fireEvent.keyDown(start, { key: "Tab", shiftKey: true });
    expect(screen.getByLabelText("Plate")).toHaveFocus();
    // A radio group is one stop, its checked radio.
    end.focus();
    fireEvent.keyDown(end, { key: "Tab" });
    expect(screen.getByLabelText("Second")).toHaveFocus();
  });

  it("leaves other keys and the last control of the page to the browser", () => {
    render(<DateRangeFields type="date" start="" end="" onChange={() => {}} />);
    const end = screen.getByLabelText("End");
    end.focus();
    expect(fireEvent.keyDown(end, { key: "ArrowRight" })).toBe(true);
    expect(fireEvent.keyDown(end, { key: "Tab" })).toBe(true);
    expect(end).toHaveAccessibleDescription(/arrow keys move between day, month and year/);
  });
});
