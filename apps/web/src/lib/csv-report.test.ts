import { describe, expect, it } from "vitest";
import { describeRowIssue, isCsvFile, rejectedRows } from "./csv-report";

describe("describeRowIssue", () => {
  it("names the line of a partly accepted file's row", () => {
    expect(describeRowIssue({ line: 4, message: "A valid email address is required." })).toBe(
      "Line 4: A valid email address is required.",
    );
  });

  it("reads the line from a refused file's detail path, bare or as 'line N'", () => {
    expect(describeRowIssue({ path: "3", message: "Username is required." })).toBe(
      "Line 3: Username is required.",
    );
    expect(describeRowIssue({ path: "line 5", message: "plate_number: is required" })).toBe(
      "Line 5: plate_number: is required",
    );
    expect(describeRowIssue({ path: " Line_12 ", message: "Too long." })).toBe("Line 12: Too long.");
  });

  it("gives a detail about the whole file, or one its message already names, without a prefix", () => {
    expect(describeRowIssue({ path: "file", message: "The file is empty." })).toBe("The file is empty.");
    expect(describeRowIssue({ path: "csv_file", message: "The file is empty." })).toBe("The file is empty.");
    expect(describeRowIssue({ path: "", message: "Bad file." })).toBe("Bad file.");
    expect(describeRowIssue({ path: "state", message: "State must be one of the 50 US states." })).toBe(
      "State must be one of the 50 US states.",
    );
  });

  it("keeps any other path as the server named it", () => {
    expect(describeRowIssue({ path: "header", message: "The column plate_number is missing." })).toBe(
      "header: The column plate_number is missing.",
    );
  });
});

describe("rejectedRows", () => {
  it("leaves out a detail that only repeats the error's message", () => {
    const error = {
      message: "The file is empty.",
      details: [
        { path: "file", message: "The file is empty." },
        { path: "line 2", message: "Email is required." },
      ],
    };
    expect(rejectedRows(error)).toEqual(["Line 2: Email is required."]);
  });
});

describe("isCsvFile", () => {
  it("goes by the file's name, in any case", () => {
    expect(isCsvFile(new File([""], "users.CSV"))).toBe(true);
    expect(isCsvFile(new File([""], "users.xlsx"))).toBe(false);
  });
});
