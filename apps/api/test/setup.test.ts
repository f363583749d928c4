import { execFile } from "node:child_process";
import path from "node:path";
import { generateToken, hashToken, verifyPassword } from "@odin/db";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setupCommand } from "../src/cli/setup-command";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { insertSetupToken } from "../src/modules/setup/setup.repository";
import { issueSetupToken, SETUP_MESSAGES } from "../src/modules/setup/setup.service";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";

const PASSWORD = "Owner-setup-2026!";

function form(fields: Record<string, string>) {
  return {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  };
}

const ownerFields = (token: string, overrides: Record<string, string> = {}) => ({
  token,
  username: "owner",
  name: "Dana Owner",
  email: "Dana.Owner@Agency.example",
  password: PASSWORD,
  confirm: PASSWORD,
  ...overrides,
});

describe("first-run setup page (no owner yet)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it("refuses without a token, with a made-up one and with an expired one", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/setup" });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain("This setup link is not valid");
    const bogus = await t.app.inject({ method: "GET", url: "/setup?token=not-a-real-token" });
    expect(bogus.statusCode).toBe(403);
    const expired = await issueSetupToken(t.prisma, new Date(Date.now() - 61 * 60 * 1000));
    const late = await t.app.inject({ method: "GET", url: `/setup?token=${expired.token}` });
    expect(late.statusCode).toBe(403);
    const post = await t.app.inject({ method: "POST", url: "/setup", ...form(ownerFields(expired.token)) });
    expect(post.statusCode).toBe(403);
    expect(await t.prisma.user.count()).toBe(0);
  });

  it("creates the owner from the page, audits it, then the page and the token are gone", async () => {
    const { token } = await issueSetupToken(t.prisma);
    const page = await t.app.inject({ method: "GET", url: `/setup?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Create the owner account");

    const done = await t.app.inject({ method: "POST", url: "/setup", ...form(ownerFields(token)) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("The owner account is ready");

    const owner = await t.prisma.user.findUniqueOrThrow({ where: { username: "owner" } });
    expect(owner).toMatchObject({
      role: "admin",
      agencyId: null,
      approved: true,
      email: "dana.owner@agency.example",
    });
    expect(await verifyPassword(PASSWORD, owner.passwordHash!)).toBe(true);
    expect(await signInWithPassword(t.prisma, "owner", PASSWORD)).toMatchObject({ ok: true });
    const audit = await t.prisma.auditLog.findMany({ where: { action: "owner_created" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: owner.id, detail: { via: "setup page" } });

    // The same link again, and a fresh one: the page has disappeared.
    const reused = await t.app.inject({ method: "POST", url: "/setup", ...form(ownerFields(token)) });
    expect(reused.statusCode).toBe(404);
    const fresh = await issueSetupToken(t.prisma);
    expect((await t.app.inject({ method: "GET", url: `/setup?token=${fresh.token}` })).statusCode).toBe(404);
    expect(await t.prisma.user.count()).toBe(1);
  });

  it("refuses a weak password, differing passwords and another username, writing nothing", async () => {
    const { token } = await issueSetupToken(t.prisma);
    const weak = await t.app.inject({
      method: "POST",
      url: "/setup",
      ...form(ownerFields(token, { password: "password", confirm: "password" })),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("An uppercase letter");
    expect(weak.body).toContain("Dana Owner"); // what was typed stays, the password does not
    expect(weak.body).not.toContain('value="password"');

    const differ = await t.app.inject({
      method: "POST",
      url: "/setup",
      ...form(ownerFields(token, { confirm: `${PASSWORD}x` })),
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain(SETUP_MESSAGES.passwordsDiffer);

    const other = await t.app.inject({
      method: "POST",
      url: "/setup",
      ...form(ownerFields(token, { username: "chief" })),
    });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain("OWNER_USERNAME");

    expect(await t.prisma.user.count()).toBe(0);
    expect(await t.prisma.auditLog.count()).toBe(0);
    // The link still works after refusals: nothing consumed it.
    expect((await t.app.inject({ method: "GET", url: `/setup?token=${token}` })).statusCode).toBe(200);
  });

  it("F23: holds the owner's password to the password policy (length 12, the breached list and its patterns)", async () => {
    const { token } = await issueSetupToken(t.prisma);
    for (const weak of ["Password1!", "Password123!", "Welcome2024!"]) {
      const refused = await t.app.inject({
        method: "POST",
        url: "/setup",
        ...form(ownerFields(token, { password: weak, confirm: weak })),
      });
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.body).toContain("does not meet the password rules");
    }
    expect(await t.prisma.user.count()).toBe(0);
    const page = await t.app.inject({ method: "GET", url: `/setup?token=${token}` });
    expect(page.body).toContain("At least 12 characters");
  });

  it("a new start ends the setup links of earlier starts; the owner's creation ends them all", async () => {
    const earlier = await issueSetupToken(t.prisma);
    const current = await issueSetupToken(t.prisma);
    expect((await t.app.inject({ method: "GET", url: `/setup?token=${earlier.token}` })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: "GET", url: `/setup?token=${current.token}` })).statusCode).toBe(
      200,
    );
    const done = await t.app.inject({ method: "POST", url: "/setup", ...form(ownerFields(current.token)) });
    expect(done.statusCode).toBe(200);
    expect(await t.prisma.setupToken.count()).toBe(0);
  });

  it("lets exactly one of several simultaneous setups win", async () => {
    // Four links valid at once (a start keeps only its own: these are written as if printed together).
    const tokens = [1, 2, 3, 4].map(() => ({ token: generateToken(24) }));
    for (const { token } of tokens)
      await insertSetupToken(t.prisma, token, new Date(Date.now() + 60 * 60_000));
    const answers = await Promise.all(
      tokens.map(({ token }, i) =>
        t.app.inject({
          method: "POST",
          url: "/setup",
          ...form(ownerFields(token, { email: `owner${i}@agency.example` })),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).every((a) => a.statusCode === 404)).toBe(
      true,
    );
    expect(await t.prisma.user.count()).toBe(1);
    expect(await t.prisma.auditLog.count({ where: { action: "owner_created" } })).toBe(1);
  });
});

describe("odin setup (the command)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  /**
   * The command in-process, as cli.ts runs it: arguments, standard input, an environment of its own
   * (what a shell would give it), and what it prints on stdout and stderr. A child process per call
   * cost seconds of tsx start-up each; the entry point itself is run once, below.
   */
  async function odin(
    args: string[],
    { stdin = "", env = {} }: { stdin?: string; env?: Record<string, string> } = {},
  ) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const print =
      (into: string[]) =>
      (...parts: unknown[]) =>
        void into.push(`${parts.join(" ")}\n`);
    const log = vi.spyOn(console, "log").mockImplementation(print(stdout));
    const error = vi.spyOn(console, "error").mockImplementation(print(stderr));
    try {
      const code = await setupCommand(
        args,
        { input: Readable.from([stdin]), output: new PassThrough() },
        {
          NODE_ENV: "test",
          LOG_LEVEL: "silent",
          DATABASE_URL: t.databaseUrl,
          ODIN_MIGRATE_ON_START: "false",
          // The key the app sealed its signing key with: the command refuses a key that opens nothing.
          ODIN_SECRETS_KEY: t.secretsKey!.toString("hex"),
          ...env,
        },
      );
      return { code, stdout: stdout.join(""), stderr: stderr.join("") };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  const setupFlags = ["--name", "Dana Owner", "--email", "dana@agency.example", "--password-stdin"];

  it("creates the owner from flags and a password on standard input, then is idempotent", async () => {
    const first = await odin(setupFlags, { stdin: `${PASSWORD}\n` });
    expect(first.stderr).toBe("");
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain("The owner 'owner' was created");
    expect(await signInWithPassword(t.prisma, "owner", PASSWORD)).toMatchObject({ ok: true });
    expect(
      await t.prisma.auditLog.count({
        where: {
          action: "owner_created",
          detail: { equals: { via: "command", email: "dana@agency.example" } },
        },
      }),
    ).toBe(1);

    // The same command again changes nothing and succeeds; another owner is refused.
    const again = await odin(setupFlags, { stdin: `${PASSWORD}\n` });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Odin already has its owner ('owner'): nothing was changed.");
    const other = await odin(["--name", "Eve", "--email", "eve@agency.example", "--password-stdin"], {
      stdin: PASSWORD,
    });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("Odin already has its owner ('owner')");
    expect(await t.prisma.user.count()).toBe(1);
  });

  it("refuses a weak password and a missing value without a terminal, creating nothing", async () => {
    const weak = await odin(setupFlags, { stdin: "short" });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("Setup refused: At least 8 characters");
    const noEmail = await odin(["--name", "Dana", "--password-stdin"], { stdin: PASSWORD });
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain("--email is required");
    const usage = await odin(["--bogus"]);
    expect(usage.code).toBe(2);
    expect(await t.prisma.user.count()).toBe(0);
  });

  it("F23: `odin setup` and --reset-owner-password hold the owner to the password policy", async () => {
    const weak = await odin(setupFlags, { stdin: "Password1!" });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("does not meet the password rules");
    const short = await odin(setupFlags, { stdin: "Vio-harb-42" });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("At least 12 characters");
    expect(await t.prisma.user.count()).toBe(0);

    const { token } = await issueSetupToken(t.prisma);
    expect((await odin(setupFlags, { stdin: PASSWORD })).code).toBe(0);
    // The owner's creation ended the link printed at start.
    expect(await t.prisma.setupToken.count({ where: { tokenHash: hashToken(token) } })).toBe(0);
    for (const weakReset of ["Welcome2024!", "Sheriff2026!", PASSWORD]) {
      const refused = await odin(["--reset-owner-password", "--password-stdin"], { stdin: weakReset });
      expect(refused.code, weakReset).toBe(1);
      expect(refused.stderr).toContain("does not meet the password rules");
    }
    expect(await signInWithPassword(t.prisma, "owner", PASSWORD)).toMatchObject({ ok: true });
  });

  it("gives a locked-out owner a new password from the server, ending its sessions", async () => {
    expect((await odin(setupFlags, { stdin: PASSWORD })).code).toBe(0);
    for (let i = 0; i < 5; i++) await signInWithPassword(t.prisma, "owner", "Wrong-password-1!");
    expect(await signInWithPassword(t.prisma, "owner", PASSWORD)).toMatchObject({ ok: false });

    const weak = await odin(["--reset-owner-password", "--password-stdin"], { stdin: "weak" });
    expect(weak.code).toBe(1);
    const reset = await odin(["--reset-owner-password", "--password-stdin"], {
      stdin: "Regained-Access-2026!\n",
    });
    expect(reset.stderr).toBe("");
    expect(reset.code).toBe(0);
    expect(await signInWithPassword(t.prisma, "owner", "Regained-Access-2026!")).toMatchObject({ ok: true });
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { username: "owner" } });
    expect(owner.tokensNotBefore).not.toBeNull();
    expect(await t.prisma.auditLog.count({ where: { action: "owner_password_reset" } })).toBe(1);
  });

  it("links the owner to an external issuer's subject, keeping no password", async () => {
    const linked = await odin(
      ["--name", "Dana Owner", "--email", "dana@agency.example", "--subject", "auth0|65f00ba"],
      {
        env: { OIDC_ISSUER: "https://issuer.example/" },
      },
    );
    expect(linked.stderr).toBe("");
    expect(linked.code).toBe(0);
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { username: "owner" } });
    expect(owner).toMatchObject({ idpSubject: "auth0|65f00ba", passwordHash: null });
  });

  it("runs as `odin setup` from the command line: the entry point passes the arguments and the exit status", async () => {
    const cli = (args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ["--import", "tsx", path.join(projectRoot, "apps/api/src/cli.ts"), ...args],
          {
            cwd: path.join(projectRoot, "apps/api"),
            env: {
              PATH: process.env.PATH,
              NODE_ENV: "test",
              LOG_LEVEL: "silent",
              DATABASE_URL: t.databaseUrl,
              ODIN_MIGRATE_ON_START: "false",
              ODIN_SECRETS_KEY: t.secretsKey!.toString("hex"),
            },
          },
          (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
        );
        child.stdin!.end("short");
      });
    const weak = await cli(["setup", ...setupFlags]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("Setup refused: At least 8 characters");
    expect(await t.prisma.user.count()).toBe(0);
  });
});
