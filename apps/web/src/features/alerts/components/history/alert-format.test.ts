import { describe, expect, it } from "vitest";
import { formatTimestamp, formatUtcNaive, timestampFormat, utcNaiveToIso } from "@/lib/format";
import { alertImageSrc } from "./alert-format";

describe("alert timestamps", () => {
  it("reads a timestamp without a zone marker as UTC and leaves marked ones alone", () => {
    expect(utcNaiveToIso("2025-01-15T14:03:09")).toBe("2025-01-15T14:03:09Z");
    expect(utcNaiveToIso("2025-01-15T14:03:09.123456")).toBe("2025-01-15T14:03:09.123456Z");
    expect(utcNaiveToIso("2025-01-15T14:03:09Z")).toBe("2025-01-15T14:03:09Z");
    expect(utcNaiveToIso("2025-01-15T14:03:09+01:00")).toBe("2025-01-15T14:03:09+01:00");
  });

  it("shows the instant in the given zone", () => {
    const newYork = timestampFormat("America/New_York");
    expect(formatUtcNaive("2025-01-15T14:03:09", newYork)).toBe("01/15/2025 09:03:09 EST");
    expect(formatUtcNaive("2025-07-15T14:03:09", newYork)).toBe("07/15/2025 10:03:09 EDT");
    expect(formatUtcNaive(null)).toBe(formatTimestamp(null));
  });
});

describe("alertImageSrc", () => {
  const base = { source_program: "Rekor" as const, axis_detection_id: null };

  it("asks /alerts/proxy-alert-image for the alert's own image reference", () => {
    expect(alertImageSrc({ ...base, image_url: "alerts/2025/01/11 a.jpg" })).toBe(
      "/alerts/proxy-alert-image?path=alerts%2F2025%2F01%2F11+a.jpg",
    );
    expect(alertImageSrc({ ...base, image_url: "/alerts/proxy-alert-image?path=x.jpg" })).toBe(
      "/alerts/proxy-alert-image?path=x.jpg",
    );
  });

  it("falls back to the stored RAVEN read, and to nothing ('No Image')", () => {
    expect(alertImageSrc({ source_program: "Axis", axis_detection_id: "9001", image_url: null })).toBe(
      "/axis/proxy-detection-image?id=9001",
    );
    expect(alertImageSrc({ ...base, image_url: " " })).toBeNull();
  });
});
