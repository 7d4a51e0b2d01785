import { connection } from "next/server";
import { env } from "@/lib/env";
import { ttlLabel } from "@/lib/notes/ttl-choices";
import { CreateForm, type CreateOptions } from "./create-form";
import "./create.css";

// GET /: the page to create a note. Rendered per request, not at build time: its choices come from
// the settings the server runs with (TTL_CHOICES, DEFAULT_TTL, CREATE_REQUIRES_KEY).
export default async function HomePage() {
  await connection();
  const options: CreateOptions = {
    ttlChoices: [...env.TTL_CHOICES.keys()].map((value) => ({ value, label: ttlLabel(value) })),
    defaultTtl: env.DEFAULT_TTL,
    requiresKey: env.CREATE_REQUIRES_KEY,
  };
  return (
    <>
      <h1>Share a note</h1>
      <p className="hint">
        Write in Markdown, choose when it expires and how many times it may be read. Only people with the link
        can open it.
      </p>
      {options.requiresKey && (
        <p className="hint" id="key-required">
          This server creates notes only for holders of an API key: enter yours under Settings.
        </p>
      )}
      <CreateForm options={options} />
    </>
  );
}
