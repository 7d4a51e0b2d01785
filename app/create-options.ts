import type { FileLimits } from "@/lib/browser/check-files";

/** What the server's settings decide about the form. */
export type CreateOptions = {
  ttlChoices: { value: string; label: string }[];
  defaultTtl: string;
  /** CREATE_REQUIRES_KEY: the form asks for a key before sending anything */
  requiresKey: boolean;
  /** the limits on files, with an API key and without */
  fileLimits: { keyed: FileLimits; keyless: FileLimits };
  /** SMTP_URL is set: the form offers notify_email */
  emailNotifications: boolean;
};
