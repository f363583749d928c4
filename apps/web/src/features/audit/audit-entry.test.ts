import { describe, expect, it } from "vitest";
import { auditQueryString } from "./api/audit-logs";
import { formatAction, formatPrograms, parseQueryParameters } from "./audit-entry";

describe("parseQueryParameters", () => {
  it("reads the search's parameters from the JSON text", () => {
    const text = JSON.stringify({
      plate: "AK47281",
      plate_state: "CT",
      vehicle_color: "Blue",
      vehicle_make: "Honda",
      vehicle_body_type: "Sedan",
      justification: "Case 25-0142",
    });
    expect(parseQueryParameters(text)).toEqual({
      plate: "AK47281",
      plate_state: "CT",
      vehicle_color: "Blue",
      vehicle_make: "Honda",
      vehicle_body_type: "Sedan",
      justification: "Case 25-0142",
    });
  });

  it("keeps the recorded action of searches, exports and admin actions", () => {
    const text = JSON.stringify({ action: "user_added", username: "m.ortiz" });
    expect(parseQueryParameters(text)).toEqual({ action: "user_added" });
    expect(parseQueryParameters(JSON.stringify({ plate: "AB1", action: "search" }))).toEqual({
      plate: "AB1",
      action: "search",
    });
  });

  it("gives no parameters for text that is not the expected JSON", () => {
    expect(parseQueryParameters("not json")).toEqual({});
    expect(parseQueryParameters(JSON.stringify({ plate: 42 }))).toEqual({});
    expect(parseQueryParameters("null")).toEqual({});
  });
});

describe("formatAction", () => {
  it("reads the recorded action as words", () => {
    expect(formatAction("search")).toBe("Search");
    expect(formatAction("api_key_added")).toBe("API key added");
    expect(formatAction("export_pdf")).toBe("Export PDF");
    expect(formatAction(undefined)).toBe("");
  });
});

describe("formatPrograms", () => {
  it("names Axis RAVEN as the interface does", () => {
    expect(formatPrograms("Rekor,Axis")).toBe("Rekor, RAVEN");
    expect(formatPrograms(" Axon , ")).toBe("Axon");
    expect(formatPrograms("")).toBe("");
  });
});

describe("auditQueryString", () => {
  it("sends page, the set filters and the plate upper-cased", () => {
    expect(
      auditQueryString(3, {
        start: "2025-01-01",
        end: "",
        plate: " ak47 ",
        action: "",
        caseNumber: "",
        username: "",
      }),
    ).toBe("page=3&start=2025-01-01&plate=AK47");
    expect(
      auditQueryString(1, { start: "", end: "", plate: "", action: "", caseNumber: "", username: "" }),
    ).toBe("page=1");
    expect(
      auditQueryString(1, { start: "", end: "", plate: "", action: "sign_in", caseNumber: "", username: "" }),
    ).toBe("page=1&action=sign_in");
    expect(
      auditQueryString(1, {
        start: "",
        end: "",
        plate: "",
        action: "search",
        caseNumber: " 2026-ab ",
        username: "",
      }),
    ).toBe("page=1&action=search&case_number=2026-AB");
    // Issue 40 item 8: one user's rows, the username as typed (the server compares in any case).
    expect(
      auditQueryString(1, {
        start: "",
        end: "",
        plate: "",
        action: "",
        caseNumber: "",
        username: " Hartford.Investigator ",
      }),
    ).toBe("page=1&username=Hartford.Investigator");
  });
});
