import type { FastifyInstance, FastifyReply } from "fastify";

/** An identity page (sign-in, reset): never cached, since it may carry a form's one-time state. */
export function sendHtml(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
}

/** HTML form posts, parsed only inside the scope that asks (the provider reads its own bodies). */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
