import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSignedIn, wasLocked } from "../session-marker";
import { IdleLock } from "./idle-lock";

/** issue 18 item 3 (CJIS 5.5.5): the screen locks after the idle limit, with a fake clock. */
describe("IdleLock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="app-shell"><button>Search</button></div>';
  });
  afterEach(() => {
    vi.useRealTimers();
    clearSignedIn();
  });

  const renderLock = () => {
    const onUnlock = vi.fn();
    const onSignOut = vi.fn();
    render(<IdleLock idleMinutes={30} onUnlock={onUnlock} onSignOut={onSignOut} />);
    return { onUnlock, onSignOut };
  };
  const shell = () => document.querySelector(".app-shell")!;
  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it("locks after 30 minutes without activity, hides the app and asks for the password", async () => {
    const { onUnlock } = renderLock();
    await advance(29 * 60_000 + 59_000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(1_000);
    const dialog = screen.getByRole("alertdialog", { name: "Screen locked" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(shell()).toHaveAttribute("inert");
    const unlock = screen.getByRole("button", { name: "Unlock with password" });
    expect(unlock).toHaveFocus();
    fireEvent.click(unlock);
    expect(onUnlock).toHaveBeenCalledOnce();
  });

  it("starts the count again on each key press or pointer use", async () => {
    renderLock();
    await advance(20 * 60_000);
    fireEvent.keyDown(window, { key: "a" });
    await advance(20 * 60_000);
    fireEvent.pointerDown(window);
    await advance(20 * 60_000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(10 * 60_000);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("stays locked whatever the user does next, except signing out or in again", async () => {
    const { onSignOut } = renderLock();
    await advance(30 * 60_000);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("remembers the lock in the tab, so a reload signs in with the password (issue 36, F5)", async () => {
    const onLock = vi.fn();
    render(<IdleLock idleMinutes={30} onUnlock={vi.fn()} onLock={onLock} />);
    await advance(29 * 60_000);
    expect(wasLocked()).toBe(false);
    await advance(60_000);
    expect(wasLocked()).toBe(true);
    expect(onLock).toHaveBeenCalledOnce();
  });

  it("tells the server of the user's activity at most once a minute, so its idle limit agrees", async () => {
    const onActivity = vi.fn();
    render(<IdleLock idleMinutes={30} onUnlock={vi.fn()} onActivity={onActivity} />);
    fireEvent.pointerMove(window);
    expect(onActivity).not.toHaveBeenCalled(); // just signed in: the server saw that
    await advance(60_000);
    fireEvent.pointerMove(window);
    fireEvent.keyDown(window, { key: "a" });
    await advance(30_000);
    fireEvent.wheel(window);
    expect(onActivity).toHaveBeenCalledOnce();
    await advance(30_000);
    fireEvent.keyDown(window, { key: "b" });
    expect(onActivity).toHaveBeenCalledTimes(2);
    // Locked, nothing is reported: only the password unlocks.
    await advance(30 * 60_000);
    fireEvent.keyDown(window, { key: "c" });
    expect(onActivity).toHaveBeenCalledTimes(2);
  });
});
