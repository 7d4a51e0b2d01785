"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import "./theme-toggle.css";
import { themeCookieValue, type Theme, type ThemeChoice } from "@/lib/browser/theme";

const choices: ThemeChoice[] = ["system", "light", "dark"];

/** Pins the page to a theme (or lets it follow the system again) and remembers the choice. */
function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === "system") root.removeAttribute("data-theme");
  else root.dataset.theme = choice;
  document.cookie = themeCookieValue(choice);
}

/**
 * Theme as a labelled choice of three radios, so the current state is announced and "follow the
 * system" is always one click away. The choice is remembered in a cookie the layout reads.
 */
export function ThemeToggle({ initial }: { initial: Theme | undefined }) {
  const [chosen, setChosen] = useState<ThemeChoice>(initial ?? "system");
  const t = useTranslations("theme");

  function choose(choice: ThemeChoice) {
    applyTheme(choice);
    setChosen(choice);
  }

  return (
    <fieldset className="theme-choice">
      <legend className="sr-only">{t("legend")}</legend>
      {choices.map((value) => (
        <label key={value}>
          <input
            type="radio"
            name="theme"
            value={value}
            checked={chosen === value}
            onChange={() => choose(value)}
          />
          {t(value)}
        </label>
      ))}
    </fieldset>
  );
}
