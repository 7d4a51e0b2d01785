"use client";

import { useState } from "react";
import { themeCookieValue, type Theme } from "@/lib/browser/theme";

function effectiveTheme(chosen: Theme | undefined): Theme {
  if (chosen) return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Switches between light and dark and remembers the choice (a cookie the layout reads). */
export function ThemeToggle({ initial }: { initial: Theme | undefined }) {
  const [chosen, setChosen] = useState(initial);

  function toggle() {
    const next: Theme = effectiveTheme(chosen) === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    document.cookie = themeCookieValue(next);
    setChosen(next);
  }

  return (
    <button
      type="button"
      className="button ghost"
      onClick={toggle}
      aria-label="Switch between light and dark theme"
    >
      <span aria-hidden="true">◐</span> Theme
    </button>
  );
}
