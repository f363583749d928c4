import { describe, expect, it, vi } from "vitest";
import { onSignOut, runSignOutCleanups } from "@/lib/sign-out";

describe("sign-out cleanups", () => {
  it("runs each registered cleanup, past one that throws, until it is removed", () => {
    const failing = vi.fn(() => {
      throw new Error("storage is gone");
    });
    const forget = vi.fn();
    const removeFailing = onSignOut(failing);
    const removeForget = onSignOut(forget);
    runSignOutCleanups();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(forget).toHaveBeenCalledTimes(1);
    removeFailing();
    removeForget();
    runSignOutCleanups();
    expect(forget).toHaveBeenCalledTimes(1);
  });
});
