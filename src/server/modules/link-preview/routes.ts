import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { eventIdParamsSchema } from "#contract/events";
import { inviteCodeParamsSchema } from "#contract/groups";
import { hostParamsSchema } from "#contract/hosts";
import type { LinkCard, LinkPreviewService } from "./service";
import { withCard } from "./service";

/**
 * The HTML shell for an event's link, a host's page and a group invite's, with its link card in the head
 * (and a public event's structured data). Anything
 * that is not a shareable page (a bad id, a group's plan, an unknown code) gets the plain shell, so
 * the app itself says what happened.
 */
export const linkPreviewRoutes: FastifyPluginAsync<{ service: LinkPreviewService; clientDist: string }> = async (
  app,
  { service, clientDist },
) => {
  // Read per request like the static files: a deploy that replaces the shell is served at once.
  const shell = () => readFile(path.join(clientDist, "index.html"), "utf8");
  const send = async (reply: FastifyReply, card: LinkCard | null) => {
    const html = await shell();
    return (
      reply
        .type("text/html; charset=utf-8")
        // Per viewer (a signed-in viewer may be refused what a stranger sees), and revalidated like index.html.
        .header("cache-control", "private, no-cache")
        .send(card ? withCard(html, card) : html)
    );
  };

  app.get("/events/:id", async (request, reply) => {
    const params = eventIdParamsSchema.safeParse(request.params);
    return send(reply, params.success ? await service.eventCard(params.data.id, request.userId) : null);
  });
  app.get("/u/:username", async (request, reply) => {
    const params = hostParamsSchema.safeParse(request.params);
    return send(reply, params.success ? await service.hostCard(params.data.username, request.userId) : null);
  });
  app.get("/invite/:code", async (request, reply) => {
    const params = inviteCodeParamsSchema.safeParse(request.params);
    return send(reply, params.success ? await service.inviteCard(params.data.code) : null);
  });
};
