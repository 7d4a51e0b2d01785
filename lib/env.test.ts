import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingNames } from "./env";

// Every setting the service reads is documented in both places an operator looks: .env.example
// and the configuration table of docs/configuration.md. (NODE_ENV and NEXT_RUNTIME are set by the tools.)
const operatorSettings = settingNames.filter((name) => name !== "NODE_ENV" && name !== "NEXT_RUNTIME");

describe("settings documentation", () => {
  it("lists every setting in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    const missing = operatorSettings.filter((name) => !new RegExp(`^(# )?${name}=`, "m").test(example));
    expect(missing).toEqual([]);
  });

  it("lists every setting in docs/configuration.md's table", () => {
    const table = readFileSync("docs/configuration.md", "utf8");
    const missing = operatorSettings.filter((name) => !table.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });

  it("takes the names from the schema itself, so the checks above cannot pass on an empty list", () => {
    expect(operatorSettings).toEqual(
      expect.arrayContaining(["DATABASE_URL", "PORT", "CLEANUP_INTERVAL_SECONDS"]),
    );
    expect(operatorSettings.length).toBeGreaterThan(25);
  });
});
