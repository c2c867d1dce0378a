import type { messageSchema } from "@contract/auth";
import { adminReportSchema } from "@contract/safety";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { safetyKeys } from "./keys";

const adminReportListSchema = z.array(adminReportSchema);

const adminReportsQuery = () =>
  queryOptions({
    queryKey: safetyKeys.adminReports,
    queryFn: () => api.get<typeof adminReportListSchema>("/api/admin/reports"),
    retry: false,
  });

export const useAdminReports = () => useQuery(adminReportsQuery());

export type ModerationAction =
  | { kind: "hideMessage"; id: number; hidden: boolean }
  | { kind: "hideEvent"; id: number; hidden: boolean }
  | { kind: "suspend"; id: number; suspended: boolean }
  | { kind: "resolve"; id: number };

function moderate(action: ModerationAction) {
  switch (action.kind) {
    case "hideMessage":
      return api.put<typeof messageSchema>(`/api/admin/messages/${action.id}/hidden`, { hidden: action.hidden });
    case "hideEvent":
      return api.put<typeof messageSchema>(`/api/admin/events/${action.id}/hidden`, { hidden: action.hidden });
    case "suspend":
      return api.put<typeof messageSchema>(`/api/admin/users/${action.id}/suspended`, { suspended: action.suspended });
    case "resolve":
      return api.post<typeof messageSchema>(`/api/admin/reports/${action.id}/resolve`);
  }
}

/** Every action changes the open reports. */
const moderateMutation = () =>
  mutationOptions({
    mutationFn: moderate,
    onSuccess: (_answer, _action, _result, { client }) =>
      void client.invalidateQueries({ queryKey: safetyKeys.adminReports }),
  });

export const useModerate = () => useMutation(moderateMutation());
