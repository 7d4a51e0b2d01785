import { describe, expect, it } from "vitest";
import { parseS3Settings } from "./s3-settings";

describe("S3 settings", () => {
  it("needs only a bucket; the rest has defaults, and empty variables count as unset", () => {
    expect(parseS3Settings({ S3_BUCKET: "notes", S3_ENDPOINT: "", S3_PREFIX: "" })).toEqual({
      bucket: "notes",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: "notes-files/",
    });
  });

  it("reads a MinIO-style endpoint with path-style addressing and a key pair", () => {
    expect(
      parseS3Settings({
        S3_BUCKET: "notes",
        S3_REGION: "eu-central-1",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "team-a/",
      }),
    ).toEqual({
      bucket: "notes",
      region: "eu-central-1",
      endpoint: "http://minio:9000",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "team-a/",
    });
  });

  it("names every variable it refuses", () => {
    expect(() =>
      parseS3Settings({
        S3_BUCKET: "notes",
        S3_ENDPOINT: "minio:9000",
        S3_FORCE_PATH_STYLE: "yes",
        S3_PREFIX: "/files/",
      }),
    ).toThrow(
      "Invalid S3 settings:\n" +
        "  S3_ENDPOINT: must be an http:// or https:// URL\n" +
        "  S3_FORCE_PATH_STYLE: must be true or false\n" +
        "  S3_PREFIX: must not start with /",
    );
    expect(() => parseS3Settings({ S3_ACCESS_KEY_ID: "id" })).toThrow(
      "Invalid S3 settings:\n  S3_BUCKET: must be set\n" +
        "  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  });
});
