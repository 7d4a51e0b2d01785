"use client";

import { createContext, useContext, useState, type ReactNode } from "react";

export type IssuedKey = { id: string; label: string; prefix: string; key: string };

type Shown = { issued: IssuedKey | null; show: (key: IssuedKey | null) => void };

const IssuedKeyContext = createContext<Shown>({ issued: null, show: () => {} });

/**
 * The key just issued, shown once in the keys section. It is shared with the list's revoke buttons:
 * a key revoked right after it was issued is of no use to copy, so its panel goes.
 */
export function IssuedKeyProvider({ children }: { children: ReactNode }) {
  const [issued, show] = useState<IssuedKey | null>(null);
  return <IssuedKeyContext value={{ issued, show }}>{children}</IssuedKeyContext>;
}

export const useIssuedKey = () => useContext(IssuedKeyContext);
