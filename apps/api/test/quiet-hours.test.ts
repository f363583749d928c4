import { describe, expect, it } from "vitest";
import { holdForQuietHours } from "../src/delivery/email-channel";
import { quietHoursEnd } from "../src/delivery/quiet-hours";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const hours = (start: string, end: string) => ({
  start: Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
  end: Number(end.slice(0, 2)) * 60 + Number(end.slice(3)),
});

/** Issue 24: quiet hours are read on the agency's clock; a delivery inside them waits until they end. */
describe("quiet hours", () => {
  it("22:00-06:00 in New York: 3 a.m. local is held until 6 a.m. local, 7 a.m. is not", () => {
    // 08:00Z is 3:00 a.m. EST.
    expect(quietHoursEnd(at("2026-11-20T08:00:30Z"), hours("22:00", "06:00"), NY)).toEqual(
      at("2026-11-20T11:00:00Z"),
    );
    // 23:30 local, the evening before: held until 6 a.m. the next day.
    expect(quietHoursEnd(at("2026-11-20T04:30:00Z"), hours("22:00", "06:00"), NY)).toEqual(
      at("2026-11-20T11:00:00Z"),
    );
    expect(quietHoursEnd(at("2026-11-20T12:00:00Z"), hours("22:00", "06:00"), NY)).toBeNull();
    // The end itself is outside.
    expect(quietHoursEnd(at("2026-11-20T11:00:00Z"), hours("22:00", "06:00"), NY)).toBeNull();
  });

  it("a window within one day, and none at all", () => {
    expect(quietHoursEnd(at("2026-11-20T18:15:00Z"), hours("12:00", "14:00"), NY)).toEqual(
      at("2026-11-20T19:00:00Z"),
    );
    expect(quietHoursEnd(at("2026-11-20T18:15:00Z"), null, NY)).toBeNull();
  });

  it("an urgent group is never held; others are held with a note saying until when", () => {
    const user = { quietHoursStart: 22 * 60, quietHoursEnd: 6 * 60 };
    const now = at("2026-11-20T08:00:00Z");
    expect(holdForQuietHours({ urgent: true }, user, NY, now)).toBeNull();
    expect(holdForQuietHours({ urgent: false }, user, NY, now)).toEqual({
      kind: "held",
      until: at("2026-11-20T11:00:00Z"),
      note: "held for the recipient's quiet hours until 2026-11-20T11:00:00.000Z",
    });
  });
});
