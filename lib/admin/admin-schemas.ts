import { z } from "zod";
import { apiKeySorts, apiKeyStatuses, type ApiKeySort } from "../keys/list-api-keys";

// Bodies the admin API accepts (sent by the admin page's own scripts). A wrong shape is bad_json;
// a field they do not name is unknown_field.

export const signInBodySchema = z.strictObject({ secret: z.string().max(1000) });

export const issueKeyBodySchema = z.strictObject({
  label: z.string().trim().min(1, { error: "A key needs a label." }).max(100),
});

export const noteLookupBodySchema = z.strictObject({ note: z.string().max(2000) });

/** The key list's filter and order, from the page's query string; anything unknown is the default. */
export const keyListQuerySchema = z.object({
  status: z.enum(apiKeyStatuses).catch("all"),
  sort: z.enum(Object.keys(apiKeySorts) as [ApiKeySort, ...ApiKeySort[]]).catch("created"),
});
