import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./field";

describe("Field", () => {
  it("labels its control and describes it by its hint, then its error", () => {
    render(
      <Field label="Plate number" name="number" required hint="Letters and digits." error="Enter a plate.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText(/Plate number/);
    expect(input).toHaveAttribute("name", "number");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Letters and digits. Enter a plate.");
  });

  it("shows no error and no description without them", () => {
    render(
      <Field label="Notes" name="notes">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Notes");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("announces its error when asked to", () => {
    render(
      <Field label="Reason" name="reason" error="Enter a reason." announceError>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a reason.");
  });
});
