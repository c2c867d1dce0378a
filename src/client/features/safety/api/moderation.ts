import { messageSchema } from "@contract/auth";
import { adminReportSchema } from "@contract/safety";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { safetyKeys } from "./keys";

const adminReportListSchema = z.array(adminReportSchema);

const adminReportsQuery = () =>
  queryOptions({
    queryKey: safetyKeys.adminReports,
    queryFn: () => api.get("/api/admin/reports", adminReportListSchema),
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
      return api.put(`/api/admin/messages/${action.id}/hidden`, messageSchema, { hidden: action.hidden });
    case "hideEvent":
      return api.put(`/api/admin/events/${action.id}/hidden`, messageSchema, { hidden: action.hidden });
    case "suspend":
      return api.put(`/api/admin/users/${action.id}/suspended`, messageSchema, { suspended: action.suspended });
    case "resolve":
      return api.post(`/api/admin/reports/${action.id}/resolve`, messageSchema);
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
