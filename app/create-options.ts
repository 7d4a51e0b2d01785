import type { FileLimits } from "@/lib/browser/check-files";

/** What the server's settings decide about the form. */
export type CreateOptions = {
  ttlChoices: { value: string; label: string }[];
  defaultTtl: string;
  /** CREATE_REQUIRES_KEY: the form asks for a key before sending anything */
  requiresKey: boolean;
  /** an identity provider is configured: the form offers notes for members only */
  signInAvailable: boolean;
  /** the API key field is shown: not under CREATE_REQUIRES_SIGN_IN, which offers signing in instead */
  keyField: boolean;
  /** the limits on files, with an API key and without */
  fileLimits: { keyed: FileLimits; keyless: FileLimits };
  /** SMTP_URL is set: the form offers notify_email */
  emailNotifications: boolean;
  /** SMTP_URL is set and the person signed in has a verified email: the form offers notify_me */
  notifyMe: boolean;
  /** REQUIRE_PASSWORD: the password field is required */
  requirePassword: boolean;
  /** the read limit's highest value (MAX_BURN_AFTER, else the service's) and its preselected one */
  burnAfter: { max: number; preselected: number | null };
};
