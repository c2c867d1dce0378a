import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { updateTimezoneBodySchema } from "../../../contract/timezones";
import { currentUserSchema, userIdSchema } from "../../../contract/users";
import type { RouteDeps } from "../../compose";
import { users } from "../../db/schema";
import { HttpError } from "../../http/http-error";
import { requireSelf } from "../../http/session";
import { toCurrentUser } from "../users/public-user";

export const settingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps.database;

  // Spec 02 §7: the settings page saves the timezone on its own sub-route; any real IANA zone is accepted (issue 12.2), the ten of §9 among them.
  app.patch(
    "/api/users/:id/timezone",
    {
      schema: {
        tags: ["settings"],
        params: z.object({ id: userIdSchema }),
        body: updateTimezoneBodySchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const userId = requireSelf(request, request.params.id);
      const [row] = await db
        .update(users)
        .set({ timezone: request.body.timezone })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new HttpError(404, "User not found");
      return toCurrentUser(row);
    },
  );
};
