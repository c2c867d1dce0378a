import type { AdminReport, ReportBody } from "@contract/safety";
import type { PublicUser } from "@contract/users";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

export const BLOCKS_KEY = ["/api/blocks"] as const;
export const ADMIN_REPORTS_KEY = ["/api/admin/reports"] as const;

/** The people I blocked (GET /api/blocks). */
export function useBlocks() {
  return useQuery<Array<PublicUser & { blockedAt: string }>, Error>({
    queryKey: BLOCKS_KEY,
    queryFn: () => apiJson("GET", "/api/blocks"),
  });
}

/** Block or unblock; afterwards everything the block hides is read again. */
export function useSetBlocked() {
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked
        ? apiJson<{ message: string }>("POST", "/api/blocks", { userId })
        : apiJson<{ message: string }>("DELETE", `/api/blocks/${userId}`),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export function useReport() {
  return useMutation({ mutationFn: (body: ReportBody) => apiJson<{ message: string }>("POST", "/api/reports", body) });
}

export function useAdminReports() {
  return useQuery<AdminReport[], Error>({
    queryKey: ADMIN_REPORTS_KEY,
    queryFn: () => apiJson("GET", "/api/admin/reports"),
    retry: false,
  });
}

export type ModerationAction =
  | { kind: "hideMessage"; id: number; hidden: boolean }
  | { kind: "hideEvent"; id: number; hidden: boolean }
  | { kind: "suspend"; id: number; suspended: boolean }
  | { kind: "resolve"; id: number };

export function useModerate() {
  return useMutation({
    mutationFn: (action: ModerationAction) => {
      switch (action.kind) {
        case "hideMessage":
          return apiJson<{ message: string }>("PUT", `/api/admin/messages/${action.id}/hidden`, {
            hidden: action.hidden,
          });
        case "hideEvent":
          return apiJson<{ message: string }>("PUT", `/api/admin/events/${action.id}/hidden`, {
            hidden: action.hidden,
          });
        case "suspend":
          return apiJson<{ message: string }>("PUT", `/api/admin/users/${action.id}/suspended`, {
            suspended: action.suspended,
          });
        case "resolve":
          return apiJson<{ message: string }>("POST", `/api/admin/reports/${action.id}/resolve`);
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }),
  });
}
