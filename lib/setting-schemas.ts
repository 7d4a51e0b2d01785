import { z } from "zod";

// The pieces settings are parsed with (lib/env.ts and the settings modules it gathers): each reads
// one variable's text and refuses a bad value with a message naming what it must be.

/** An empty variable (as .env files often leave them) means "not set". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** A setting read by `parse`, which answers null for a value it does not understand. */
export const parsedWith = <T>(parse: (text: string) => T | null, message: string) =>
  optional(
    z.string().transform((text, context) => {
      const value = parse(text);
      if (value !== null) return value;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
  );
