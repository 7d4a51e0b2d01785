import { describe, expect, it } from "vitest";
import { isAdministrator } from "./administrator-rule";

const lists = { emails: ["carol@example.test"], groups: ["notes-admins"] };
const person = { email: "carol@example.test", emailVerified: true, groups: [] };

describe("an administrator by the provider's word", () => {
  it("has a verified email on ADMIN_EMAILS, whatever its case", () => {
    expect(isAdministrator(person, lists)).toBe(true);
    expect(isAdministrator({ ...person, email: "Carol@Example.TEST" }, lists)).toBe(true);
  });

  it("is not who has an unverified email there, or another email, or none", () => {
    expect(isAdministrator({ ...person, emailVerified: false }, lists)).toBe(false);
    expect(isAdministrator({ ...person, email: "carol@example.test.evil" }, lists)).toBe(false);
    expect(isAdministrator({ ...person, email: null }, lists)).toBe(false);
  });

  it("is in a group on ADMIN_GROUPS, named exactly", () => {
    const unverified = { ...person, emailVerified: false };
    expect(isAdministrator({ ...unverified, groups: ["staff", "notes-admins"] }, lists)).toBe(true);
    expect(isAdministrator({ ...unverified, groups: ["Notes-Admins", "staff"] }, lists)).toBe(false);
  });

  it("is nobody when both lists are empty", () => {
    const empty = { emails: [], groups: [] };
    expect(isAdministrator({ ...person, groups: ["notes-admins"] }, empty)).toBe(false);
  });
});
