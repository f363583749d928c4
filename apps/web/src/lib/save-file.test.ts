import { afterEach, describe, expect, it, vi } from "vitest";
import { saveFile } from "./save-file";

afterEach(() => vi.useRealTimers());

describe("saveFile", () => {
  it("downloads the blob under its name and revokes the object URL after 60 s (000 §9)", () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => "blob:report");
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    saveFile(new Blob(["%PDF"]), "odin-report-2026-11-22.pdf");
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("odin-report-2026-11-22.pdf");
    expect(clicked[0]!.href).toBe("blob:report");
    vi.advanceTimersByTime(59_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith("blob:report");
    click.mockRestore();
  });
});
