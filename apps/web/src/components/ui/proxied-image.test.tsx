import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearProxiedImages, ProxiedImage } from "./proxied-image";

const apiFetchBlob = vi.hoisted(() => vi.fn<(path: string) => Promise<Blob>>());
const revoke = vi.fn<(url: string) => void>();
vi.mock("@/lib/api-client", () => ({ apiFetchBlob }));

/** A stand-in IntersectionObserver that records its options and lets the test say "now in view". */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  enter() {
    this.callback(
      this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

beforeEach(() => {
  clearProxiedImages();
  apiFetchBlob.mockReset();
  apiFetchBlob.mockResolvedValue(new Blob(["jpeg"], { type: "image/jpeg" }));
  URL.createObjectURL = vi.fn(() => "blob:vehicle");
  revoke.mockReset();
  URL.revokeObjectURL = revoke;
  FakeObserver.last = null;
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ProxiedImage (000 §9)", () => {
  it("loads a lazy image only once it comes within 300 px of the viewport", async () => {
    render(<ProxiedImage src="/images/vehicle/1" alt="Vehicle" lazy />);
    expect(FakeObserver.last?.options.rootMargin).toBe("300px");
    expect(apiFetchBlob).not.toHaveBeenCalled();
    act(() => FakeObserver.last!.enter());
    expect(await screen.findByRole("img", { name: "Vehicle" })).toHaveAttribute("src", "blob:vehicle");
    expect(apiFetchBlob).toHaveBeenCalledWith("/images/vehicle/1");
  });

  it("revokes the image's object URL after 60 s", async () => {
    vi.useFakeTimers();
    render(<ProxiedImage src="/images/vehicle/2" alt="Vehicle" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("img", { name: "Vehicle" })).toHaveAttribute("src", "blob:vehicle");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_999);
    });
    expect(revoke).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(revoke).toHaveBeenCalledWith("blob:vehicle");
  });
});
