import packageJson from "../package.json" with { type: "json" };

/**
 * The release this server is: package.json's version, the one truth (docs/releasing.md). The health
 * answer, the OpenAPI document and the pages' footer report it; the CLI's `--version` prints
 * cli/package.json's, which a test keeps equal.
 */
export const serviceVersion: string = packageJson.version;
