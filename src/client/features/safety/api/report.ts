import { messageSchema } from "@contract/auth";
import type { ReportBody } from "@contract/safety";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

const reportMutation = () =>
  mutationOptions({ mutationFn: (body: ReportBody) => api.post("/api/reports", messageSchema, body) });

export const useReport = () => useMutation(reportMutation());
