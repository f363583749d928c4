import { DEFAULT_OFFENSE_CATEGORIES, MESSAGES, type TAdminUser, type TCurrentUser } from "@odin/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN,
  currentUserValue,
  INVESTIGATOR,
  jsonResponse,
  signedInAuth,
  stubFetchPerTest,
  TestAuthProviders,
  urlOf,
} from "@/testing/auth";
import { AdminScreen } from "./admin-screen";
import { ALERT_EMAIL_PICTURES_LABEL } from "./alert-email-card";

const USERS: TAdminUser[] = [
  {
    id: 1,
    username: "a.chen",
    name: "Ada Chen",
    email: "a.chen@agency.example",
    role: "admin",
    department: null,
  },
  {
    id: 2,
    username: "j.rivera",
    name: "Jordan Rivera",
    email: "j.rivera@agency.example",
    role: "user",
    department: "Patrol",
  },
];
const STRONG = "Plate-Reader-9";
const TRANSPARENCY_OFF = {
  enabled: false,
  sections: ["cameras", "retention", "hotlists", "activity", "sharing", "policy"],
  policy: "",
  code: "HPD",
};

const fetchMock = stubFetchPerTest();
type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers by "METHOD path"; GET /admin-data answers USERS unless replaced. */
function answer(routes: Record<string, Route> = {}) {
  const all: Record<string, Route> = {
    "GET /admin-data": () => jsonResponse({ users: USERS }),
    "GET /admin/transparency": () => jsonResponse(TRANSPARENCY_OFF),
    "GET /admin/retention": () => jsonResponse({ policies: [] }),
    "GET /admin/legal-holds": () => jsonResponse({ holds: [] }),
    "GET /api/admin/alert-email-settings": () => jsonResponse({ alert_email_pictures: false }),
    "GET /admin/api-clients": () =>
      jsonResponse({
        clients: [],
        token_endpoint: "https://odin.example/oidc/token",
        audience: "https://odin.example",
        issuer: "built_in",
      }),
    "GET /admin/scim-token": () =>
      jsonResponse({
        exists: false,
        created_at: null,
        last_used_at: null,
        base_url: "https://odin.example/scim/v2",
      }),
    "GET /case-fields": () =>
      jsonResponse({
        require_case_number: false,
        require_offense_category: false,
        offense_categories: [...DEFAULT_OFFENSE_CATEGORIES],
      }),
    ...routes,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    const route = all[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route(init);
  });
}

const callsTo = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input) === path && (init?.method ?? "GET") === method);
const errorBody = (code: string, message: string, details?: unknown) =>
  details ? { error: { code, message, details } } : { error: { code, message } };

function renderAdmin(user: TCurrentUser = ADMIN) {
  const currentUser = currentUserValue({ user });
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUser}>
      <MemoryRouter>
        <AdminScreen />
      </MemoryRouter>
    </TestAuthProviders>,
  );
  return currentUser;
}

/** A field by its label; required fields carry a star after the text. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillUser(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Username: "  m.ortiz ",
    "Full name": " Maria Ortiz ",
    Email: "  M.Ortiz@Agency.Example ",
    Password: STRONG,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) type(label, value);
}
const submitUser = () => fireEvent.click(screen.getByRole("button", { name: "Add User" }));
const row = (username: string) => screen.getByRole("group", { name: `Actions for ${username}` });

afterEach(() => vi.restoreAllMocks());

describe("AdminScreen: access and the user table", () => {
  it("shows 'Access Denied' to a non-admin without calling the API", () => {
    answer();
    renderAdmin(INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Access Denied' when the API answers 403", async () => {
    answer({ "GET /admin-data": () => jsonResponse(errorBody("FORBIDDEN", "Forbidden"), { status: 403 }) });
    renderAdmin();
    expect(await screen.findByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
  });

  it("lists username, name, email, role and department, marking the admin's own row", async () => {
    answer();
    renderAdmin();
    const table = await screen.findByRole("region", { name: "Users of your agency" });
    expect(within(table).getByText("Jordan Rivera")).toBeInTheDocument();
    expect(within(table).getByText("Patrol")).toBeInTheDocument();
    expect(within(table).getByText("(you)")).toBeInTheDocument();
    expect(within(row("a.chen")).getByRole("button", { name: MESSAGES.deleteUser })).toBeDisabled();
    expect(within(row("j.rivera")).getByRole("button", { name: MESSAGES.deleteUser })).toBeEnabled();
  });

  it("says 'Failed to fetch admin data.' and can try again", async () => {
    answer({ "GET /admin-data": () => jsonResponse(errorBody("INTERNAL", "boom"), { status: 500 }) });
    renderAdmin();
    expect(await screen.findByText(MESSAGES.failedToFetchAdminData)).toBeInTheDocument();
    answer();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Jordan Rivera")).toBeInTheDocument();
  });
});

describe("AdminScreen: add user", () => {
  it("sends the trimmed, lower-cased payload with role user, says 'User added successfully.' and reloads", async () => {
    answer({ "POST /admin/add-user": () => jsonResponse({ success: true, message: MESSAGES.userAdded }) });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fillUser();
    submitUser();
    expect(await screen.findByText(MESSAGES.userAdded)).toBeInTheDocument();
    expect(JSON.parse(callsTo("POST", "/admin/add-user")[0]![1]!.body as string)).toEqual({
      username: "m.ortiz",
      name: "Maria Ortiz",
      email: "m.ortiz@agency.example",
      password: STRONG,
      role: "user",
    });
    await waitFor(() => expect(callsTo("GET", "/admin-data")).toHaveLength(2));
    expect(field("Username")).toHaveValue("");
  });

  it("sends the chosen role", async () => {
    answer({ "POST /admin/add-user": () => jsonResponse({ success: true, message: MESSAGES.userAdded }) });
    renderAdmin();
    fillUser();
    fireEvent.change(field("Role"), { target: { value: "admin" } });
    submitUser();
    await screen.findByText(MESSAGES.userAdded);
    expect(JSON.parse(callsTo("POST", "/admin/add-user")[0]![1]!.body as string).role).toBe("admin");
  });

  it("does not send while a required field is blank or the password is weak", async () => {
    answer();
    renderAdmin();
    fillUser({ "Full name": "   ", Password: "short" });
    submitUser();
    expect(screen.getByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(field("Full name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/^The password needs .*an uppercase letter/)).toBeInTheDocument();
    expect(callsTo("POST", "/admin/add-user")).toHaveLength(0);
  });

  it("a 502 reads 'Auth0 provisioning failed: ' and the identity provider's reason", async () => {
    answer({
      "POST /admin/add-user": () =>
        jsonResponse(errorBody("UPSTREAM_FAILED", "The user already exists."), { status: 502 }),
    });
    renderAdmin();
    fillUser();
    submitUser();
    expect(
      await screen.findByText(`${MESSAGES.auth0ProvisioningFailed}The user already exists.`),
    ).toBeInTheDocument();
  });

  it("another refusal shows the server's text", async () => {
    answer({
      "POST /admin/add-user": () =>
        jsonResponse(errorBody("CONFLICT", "That username is taken."), { status: 409 }),
    });
    renderAdmin();
    fillUser();
    submitUser();
    expect(await screen.findByText("That username is taken.")).toBeInTheDocument();
  });

  it("an answer without Odin's error text is 'An error occurred.'; no answer is 'Failed to add user.'", async () => {
    answer({ "POST /admin/add-user": () => new Response("", { status: 500 }) });
    renderAdmin();
    fillUser();
    submitUser();
    expect(await screen.findByText(MESSAGES.anErrorOccurred)).toBeInTheDocument();
    answer({
      "POST /admin/add-user": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    submitUser();
    expect(await screen.findByText(MESSAGES.failedToAddUser)).toBeInTheDocument();
  });
});

describe("AdminScreen: Edit Role, Send Reset, Delete User", () => {
  it("asks before changing a role, naming the change, and sends nothing on Cancel", async () => {
    answer();
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("j.rivera")).getByRole("button", { name: MESSAGES.editRole }));
    const dialog = screen.getByRole("dialog", { name: "Change role" });
    expect(dialog).toHaveTextContent("from User to Admin?");
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.cancel }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(callsTo("PUT", "/admin/toggle-role/2")).toHaveLength(0);
  });

  it("sends new_role once confirmed and reloads the table", async () => {
    answer({ "PUT /admin/toggle-role/2": () => jsonResponse({ success: true, message: "Role updated." }) });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("j.rivera")).getByRole("button", { name: MESSAGES.editRole }));
    fireEvent.click(screen.getByRole("button", { name: "Make Admin" }));
    expect(await screen.findByText("Role updated.")).toBeInTheDocument();
    expect(JSON.parse(callsTo("PUT", "/admin/toggle-role/2")[0]![1]!.body as string)).toEqual({
      new_role: "admin",
    });
    await waitFor(() => expect(callsTo("GET", "/admin-data")).toHaveLength(2));
  });

  it("a refused role change is 'Failed to update role.' with the server's reason", async () => {
    answer({
      "PUT /admin/toggle-role/1": () =>
        jsonResponse(errorBody("CONFLICT", "The agency needs at least one admin."), { status: 409 }),
    });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("a.chen")).getByRole("button", { name: MESSAGES.editRole }));
    const dialog = screen.getByRole("dialog", { name: "Change role" });
    expect(dialog).toHaveTextContent("from Admin to User?");
    expect(dialog).toHaveTextContent("This is your own account");
    fireEvent.click(within(dialog).getByRole("button", { name: "Make User" }));
    const alert = await screen.findByText(MESSAGES.failedToUpdateRole);
    expect(alert.closest(".notice")).toHaveTextContent("The agency needs at least one admin.");
  });

  it("deletes after confirming; a failure is 'Failed to delete user.'", async () => {
    answer({
      "DELETE /admin/delete-user/2": () =>
        jsonResponse(errorBody("INTERNAL", "Internal error"), { status: 500 }),
    });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("j.rivera")).getByRole("button", { name: MESSAGES.deleteUser }));
    const dialog = screen.getByRole("dialog", { name: "Delete user" });
    expect(dialog).toHaveTextContent("Jordan Rivera");
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.deleteUser }));
    expect(await screen.findByText(MESSAGES.failedToDeleteUser)).toBeInTheDocument();
    expect(callsTo("DELETE", "/admin/delete-user/2")).toHaveLength(1);
  });

  it("sends a reset link and shows the reply", async () => {
    answer({
      "POST /admin/send-password-reset/2": () =>
        jsonResponse({ success: true, message: "Reset link sent to j.rivera@agency.example." }),
    });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("j.rivera")).getByRole("button", { name: MESSAGES.sendReset }));
    expect(await screen.findByText("Reset link sent to j.rivera@agency.example.")).toBeInTheDocument();
  });

  it("says which users are locked out and until when (Odin's locked_until)", async () => {
    const until = new Date(Date.now() + 20 * 60_000);
    answer({
      "GET /admin-data": () =>
        jsonResponse({
          users: [
            { ...USERS[0], locked_until: null },
            { ...USERS[1], locked_until: until.toISOString() },
          ],
        }),
    });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    const hhmm = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const tableRow = (name: string) => screen.getByText(name).closest("tr")!;
    const badge = within(tableRow("Jordan Rivera")).getByText(/^Locked until/);
    expect(badge.textContent).toMatch(/^Locked until (\d{2}\/\d{2}\/\d{4}, )?\d{2}:\d{2}$/);
    expect(badge.textContent).toContain(hhmm.format(until));
    expect(within(tableRow("Ada Chen")).queryByText(/Locked until/)).toBeNull();
  });

  it("unlocks a locked-out user and shows the reply; a refusal shows the server's reason", async () => {
    answer({
      "POST /admin/unlock-user/2": () =>
        jsonResponse({ success: true, message: "j.rivera can sign in again." }),
      "POST /admin/unlock-user/1": () =>
        jsonResponse(errorBody("NOT_FOUND", "User not found."), { status: 404 }),
    });
    renderAdmin();
    await screen.findByRole("region", { name: "Users of your agency" });
    fireEvent.click(within(row("j.rivera")).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("j.rivera can sign in again.")).toBeInTheDocument();
    fireEvent.click(within(row("a.chen")).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("User not found.")).toBeInTheDocument();
    expect(callsTo("POST", "/admin/unlock-user/2")).toHaveLength(1);
  });
});

describe("AdminScreen: bulk upload", () => {
  const csv = (name = "users.csv") =>
    new File(["username,name,email,password,role\n"], name, { type: "text/csv" });
  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
  const upload = () => fireEvent.click(screen.getByRole("button", { name: "Upload Users" }));

  it("refuses a file that is not a CSV without sending it", () => {
    answer();
    renderAdmin();
    choose(new File(["x"], "users.xlsx"));
    upload();
    expect(screen.getByText("Choose a CSV file (.csv).")).toBeInTheDocument();
    expect(callsTo("POST", "/bulk-upload-users")).toHaveLength(0);
  });

  it("sends the file as multipart `file` and lists the rows the server did not add", async () => {
    answer({
      "POST /bulk-upload-users": () =>
        jsonResponse({
          success: true,
          message: "2 user(s) added.",
          added: 2,
          errors: [{ line: 4, message: "A valid email address is required." }],
        }),
    });
    renderAdmin();
    const file = csv();
    choose(file);
    upload();
    expect(await screen.findByText("2 user(s) added.")).toBeInTheDocument();
    expect(screen.getByText("Line 4: A valid email address is required.")).toBeInTheDocument();
    const body = callsTo("POST", "/bulk-upload-users")[0]![1]!.body as FormData;
    expect(body.get("file")).toBe(file);
    await waitFor(() => expect(callsTo("GET", "/admin-data")).toHaveLength(2));
  });

  it("a refused file is 'Error uploading users.' with the rejected rows by line", async () => {
    answer({
      "POST /bulk-upload-users": () =>
        jsonResponse(
          errorBody("VALIDATION_FAILED", "2 rows have problems; no user was added.", [
            { path: "3", message: "Username is required." },
            { path: "line 5", message: "That username is taken." },
          ]),
          { status: 400 },
        ),
    });
    renderAdmin();
    choose(csv());
    upload();
    const title = await screen.findByText(MESSAGES.errorUploadingUsers);
    const notice = title.closest(".notice")!;
    expect(notice).toHaveTextContent("2 rows have problems; no user was added.");
    expect(within(notice as HTMLElement).getByText("Line 3: Username is required.")).toBeInTheDocument();
    expect(within(notice as HTMLElement).getByText("Line 5: That username is taken.")).toBeInTheDocument();
  });

  it("a file refused as a whole states why once", async () => {
    answer({
      "POST /bulk-upload-users": () =>
        jsonResponse(
          errorBody("VALIDATION_FAILED", "The file is empty.", [
            { path: "file", message: "The file is empty." },
          ]),
          { status: 400 },
        ),
    });
    renderAdmin();
    choose(csv());
    upload();
    const notice = (await screen.findByText(MESSAGES.errorUploadingUsers)).closest(".notice") as HTMLElement;
    expect(within(notice).getAllByText(/The file is empty\./)).toHaveLength(1);
  });

  it("downloads the template; a failure is 'Failed to download template.'", async () => {
    const createObjectURL = vi.fn((_blob: Blob) => "blob:template");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    answer({
      "GET /download-template": () =>
        new Response("username,name,email,password,role\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="users.csv"' },
        }),
    });
    renderAdmin();
    fireEvent.click(screen.getByRole("button", { name: "Download template" }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe("username,name,email,password,role\n");

    answer({ "GET /download-template": () => new Response("", { status: 500 }) });
    fireEvent.click(screen.getByRole("button", { name: "Download template" }));
    expect(await screen.findByText(MESSAGES.failedToDownloadTemplate)).toBeInTheDocument();
  });
});

describe("AdminScreen: public transparency page (issue 23)", () => {
  it("publishes the page with the sections chosen and the policy text, then links to it", async () => {
    answer({
      "PUT /admin/transparency": (init) =>
        jsonResponse({ ...(JSON.parse(init?.body as string) as object), code: "HPD" }),
    });
    renderAdmin();
    const card = await screen.findByRole("region", { name: "Public transparency page" });
    const publish = await within(card).findByRole("checkbox", { name: "Publish the transparency page" });
    expect(publish).not.toBeChecked();
    fireEvent.click(publish);
    fireEvent.click(within(card).getByRole("checkbox", { name: "Agencies it shares with" }));
    fireEvent.change(within(card).getByRole("textbox", { name: /Policy text/ }), {
      target: { value: "Reads are kept 30 days." },
    });
    fireEvent.click(within(card).getByRole("button", { name: "Save page settings" }));
    expect(await within(card).findByText("Saved. The page is published.")).toBeInTheDocument();
    expect(JSON.parse(callsTo("PUT", "/admin/transparency")[0]![1]!.body as string)).toEqual({
      enabled: true,
      sections: ["cameras", "retention", "hotlists", "activity", "policy"],
      policy: "Reads are kept 30 days.",
    });
    expect(within(card).getByRole("link", { name: "Open the public page" })).toHaveAttribute(
      "href",
      "/transparency/HPD",
    );
  });
});

describe("AdminScreen: alert e-mail pictures (issue 38 item 5)", () => {
  const box = async () => {
    const card = await screen.findByRole("region", { name: "Alert e-mails" });
    return {
      card,
      checkbox: await within(card).findByRole("checkbox", { name: ALERT_EMAIL_PICTURES_LABEL }),
    };
  };

  it("shows the agency's setting, saves a tick at once (the box waits meanwhile) and says it is saved", async () => {
    let release: (response: Response) => void = () => undefined;
    answer({
      "PUT /api/admin/alert-email-settings": () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderAdmin();
    const { card, checkbox } = await box();
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(/Off by default: e-mail leaves your agency's systems/);
    checkbox.focus();
    fireEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(checkbox).toHaveAttribute("aria-busy", "true");
    expect(within(card).getByRole("status")).toHaveTextContent("Saving…");
    fireEvent.click(checkbox); // waits for the first change: not sent again
    expect(checkbox).toBeChecked();
    await waitFor(() => expect(callsTo("PUT", "/api/admin/alert-email-settings")).toHaveLength(1));
    expect(JSON.parse(callsTo("PUT", "/api/admin/alert-email-settings")[0]![1]!.body as string)).toEqual({
      alert_email_pictures: true,
    });
    release(jsonResponse({ alert_email_pictures: true }));
    expect(
      await within(card).findByText("Saved. Alert e-mails now carry the read's picture."),
    ).toBeInTheDocument();
    expect(checkbox).toBeChecked();
    expect(checkbox).toHaveAttribute("aria-busy", "false");
    expect(checkbox).toHaveFocus();
    expect(callsTo("PUT", "/api/admin/alert-email-settings")).toHaveLength(1);
  });

  it("keeps the box as it was and gives the server's reason when the change is refused", async () => {
    answer({
      "GET /api/admin/alert-email-settings": () => jsonResponse({ alert_email_pictures: true }),
      "PUT /api/admin/alert-email-settings": () =>
        jsonResponse(errorBody("FORBIDDEN", "Only your agency's admins change this."), { status: 403 }),
    });
    renderAdmin();
    const { card, checkbox } = await box();
    expect(checkbox).toBeChecked();
    fireEvent.click(checkbox);
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      "Only your agency's admins change this. The setting is unchanged: alert e-mails carry pictures.",
    );
    expect(checkbox).toBeChecked();
  });

  it("says when the setting could not be loaded, with a way to try again", async () => {
    answer({
      "GET /api/admin/alert-email-settings": () =>
        jsonResponse(errorBody("INTERNAL", "Down."), { status: 500 }),
    });
    renderAdmin();
    const card = await screen.findByRole("region", { name: "Alert e-mails" });
    expect(await within(card).findByRole("alert")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: /try again/i })).toBeInTheDocument();
    expect(within(card).queryByRole("checkbox")).not.toBeInTheDocument();
  });
});

describe("AdminScreen: case fields and the auditor flag (issue 23)", () => {
  it("requires a case number and keeps the agency's own offense list", async () => {
    answer({
      "PUT /admin/case-fields": (init) => {
        const body = JSON.parse(init?.body as string) as { offense_categories: string[] };
        return jsonResponse({
          ...body,
          offense_categories: body.offense_categories.filter((item) => item.trim() !== ""),
        });
      },
    });
    renderAdmin();
    const card = await screen.findByRole("region", { name: "Case number and offense category" });
    const list = await within(card).findByRole("textbox", { name: /Offense categories/ });
    expect(list).toHaveValue("");
    fireEvent.click(within(card).getByRole("checkbox", { name: "Require a case or incident number" }));
    fireEvent.change(list, { target: { value: "Burglary\nStolen vehicle\n" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save case-field settings" }));
    expect(
      await within(card).findByText(/Case number required; offense category optional; 2 categories/),
    ).toBeInTheDocument();
    expect(JSON.parse(callsTo("PUT", "/admin/case-fields")[0]![1]!.body as string)).toEqual({
      require_case_number: true,
      require_offense_category: false,
      offense_categories: ["Burglary", "Stolen vehicle", ""],
    });
  });

  it("gives the auditor flag and shows it once the list reloads", async () => {
    let auditor = false;
    answer({
      "GET /admin-data": () =>
        jsonResponse({ users: USERS.map((user) => (user.id === 2 ? { ...user, auditor } : user)) }),
      "PUT /admin/users/2/auditor": (init) => {
        auditor = (JSON.parse(init?.body as string) as { auditor: boolean }).auditor;
        return jsonResponse({ auditor });
      },
    });
    renderAdmin();
    const row = (await screen.findByText("Jordan Rivera")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Make auditor" }));
    expect(await screen.findByText("j.rivera is now an auditor: they can open Review.")).toBeInTheDocument();
    expect(auditor).toBe(true);
    const updated = (await screen.findByText("Jordan Rivera")).closest("tr")!;
    expect(await within(updated).findByRole("button", { name: "Remove auditor" })).toBeInTheDocument();
    expect(within(updated).getByText("Auditor")).toBeInTheDocument();
  });
});
