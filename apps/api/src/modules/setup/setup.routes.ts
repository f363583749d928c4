import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptFormPosts, sendHtml } from "../../identity/html-forms";
import { AppError } from "../../lib/app-error";
import { setupDonePage, setupFormPage, setupGonePage, setupLinkInvalidPage } from "./setup-page";
import { SETUP_MESSAGES, ZOwnerSetup, type SetupService } from "./setup.service";

type SetupRequest = FastifyRequest<{ Querystring: { token?: string }; Body: Record<string, string> }>;

/**
 * GET/POST /setup: "Create the owner account", for agencies that never open a shell. Only while Odin
 * has no owner (afterwards 404) and only with the one-time token of the link printed at start-up
 * (otherwise 403). The form is plain HTML, like the built-in sign-in: it works before anyone can sign in.
 */
export async function setupRoutes(app: FastifyInstance, { setup }: { setup: SetupService }) {
  const form = (token: string, extra: Partial<Parameters<typeof setupFormPage>[0]> = {}) =>
    setupFormPage({
      token,
      ownerUsername: setup.ownerUsername,
      odinKeepsPasswords: setup.odinKeepsPasswords,
      passwordMinLength: setup.passwordMinLength,
      ...extra,
    });

  // The owner's creation ends every link: one that stopped working meanwhile meets the page's end.
  const linkRefused = async (reply: FastifyReply) =>
    (await setup.needsOwner())
      ? sendHtml(reply, setupLinkInvalidPage(SETUP_MESSAGES.linkInvalid), 403)
      : sendHtml(reply, setupGonePage(), 404);

  app.get("/setup", async (request: SetupRequest, reply) => {
    if (!(await setup.needsOwner())) return sendHtml(reply, setupGonePage(), 404);
    const token = request.query.token;
    if (!(await setup.isSetupTokenValid(token))) return linkRefused(reply);
    return sendHtml(reply, form(token!));
  });

  app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post(
      "/setup",
      { config: { rateLimit: { max: 10, timeWindow: "1 minute", hook: "preHandler" } } },
      async (request: SetupRequest, reply) => {
        if (!(await setup.needsOwner())) return sendHtml(reply, setupGonePage(), 404);
        const body = request.body ?? {};
        const token = String(body.token ?? "");
        if (!(await setup.isSetupTokenValid(token))) return linkRefused(reply);
        const values = { name: body.name, email: body.email, subject: body.subject };
        const retry = (errors: string[], status = 400) =>
          sendHtml(reply, form(token, { values, errors }), status);
        if (setup.odinKeepsPasswords && body.password !== body.confirm)
          return retry([SETUP_MESSAGES.passwordsDiffer]);
        const parsed = ZOwnerSetup.safeParse({
          username: body.username || setup.ownerUsername,
          name: body.name,
          email: body.email,
          ...(setup.odinKeepsPasswords ? { password: body.password } : { subject: body.subject }),
        });
        if (!parsed.success) return retry([...new Set(parsed.error.issues.map((issue) => issue.message))]);
        try {
          const owner = await setup.createOwner(parsed.data, {
            via: "setup page",
            ip: request.ip,
            requestId: String(request.id),
            token,
          });
          request.log.info({ owner: owner.username }, "owner account created on the setup page");
          return sendHtml(reply, setupDonePage(owner.username));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === "FORBIDDEN") return linkRefused(reply);
          if (error.code === "CONFLICT" && !(await setup.needsOwner()))
            return sendHtml(reply, setupGonePage(), 404);
          return retry([error.message], error.status);
        }
      },
    );
  });
}
