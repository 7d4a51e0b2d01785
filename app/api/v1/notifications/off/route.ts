import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { turnOffNotifications } from "@/lib/notifications/turn-off-notifications";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/notifications/off", {
  // POST /api/v1/notifications/off?token=: turn a note's, a request's or an address's emails off
  POST: async (request) => {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    return jsonResponse({ turned_off: await turnOffNotifications(token) });
  },
});
