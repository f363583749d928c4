import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";

describe("Modal", () => {
  it("renders nothing when closed", () => {
    render(
      <Modal open={false} title="Result detail" onClose={() => {}}>
        body
      </Modal>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is a labelled dialog that takes focus and closes by ×, Escape and a click outside", () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Result detail" onClose={onClose}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Result detail" });
    expect(dialog).toHaveFocus();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.mouseDown(dialog);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("keeps Tab inside: the page behind is inert while open, and given back when it closes", () => {
    const { container, rerender } = render(
      <Modal open title="Result detail" onClose={() => {}}>
        body
      </Modal>,
    );
    const page = container;
    expect(page.inert).toBe(true);
    expect(screen.getByRole("dialog").closest("[inert]")).toBeNull();
    rerender(
      <Modal open={false} title="Result detail" onClose={() => {}}>
        body
      </Modal>,
    );
    expect(page.inert).toBe(false);
  });

  it("Tab from the last control comes back to the first, Shift+Tab from the first goes to the last", () => {
    render(
      <Modal open title="Result detail" onClose={() => {}} footer={<button type="button">Save</button>}>
        <input aria-label="Reason" />
      </Modal>,
    );
    const close = screen.getByRole("button", { name: "Close" });
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(close).toHaveFocus();
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(save).toHaveFocus();
  });
});
