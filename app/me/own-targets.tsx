import { getLocale, getTranslations } from "next-intl/server";
import { maxWebhooksPerOwner } from "@/lib/webhooks/manage-webhooks";
import type { PersonTarget, TargetState } from "@/lib/webhooks/person-targets";
import { formatTime } from "../admin/format-time";
import { AddTargetForm } from "./add-target-form";
import { DeleteTargetButton } from "./delete-target-button";
import { eventKey } from "./target-event-key";

type Texts = Awaited<ReturnType<typeof getTranslations<"targets">>>;

function stateText(state: TargetState, t: Texts, locale: string): string {
  switch (state.kind) {
    case "none":
      return t("states.none");
    case "delivered":
      return t("states.delivered", { at: formatTime(state.at, locale) });
    case "retrying":
      return t("states.retrying", { since: formatTime(state.since, locale), error: state.error });
    case "givenUp":
      return t("states.givenUp", { since: formatTime(state.since, locale), error: state.error });
  }
}

/**
 * The person's own notification targets: each with its service, its URL's host only (a chat URL
 * lets whoever has it post to the channel), its events and how its deliveries fare; add one, delete one.
 */
export async function OwnTargets({ targets }: { targets: PersonTarget[] }) {
  const [t, locale] = await Promise.all([getTranslations("targets"), getLocale()]);
  return (
    <>
      <p className="hint">{t("hint")}</p>
      <AddTargetForm full={targets.length >= maxWebhooksPerOwner} max={maxWebhooksPerOwner} />
      {targets.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <table className="log-table" aria-label={t("heading")}>
          <thead>
            <tr>
              <th scope="col">{t("format")}</th>
              <th scope="col">{t("columnHost")}</th>
              <th scope="col">{t("events")}</th>
              <th scope="col">{t("columnCreated")}</th>
              <th scope="col">{t("columnState")}</th>
              <th scope="col">
                <span className="sr-only">{t("columnActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {targets.map((target) => (
              <tr key={target.id} data-target={target.id} data-state={target.state.kind}>
                <td data-label={t("format")}>{target.format}</td>
                <td data-label={t("columnHost")} dir="ltr">
                  {target.host}
                </td>
                <td data-label={t("events")}>
                  {target.events.map((event) => t(`eventNames.${eventKey(event)}`)).join(", ")}
                </td>
                <td data-label={t("columnCreated")}>{formatTime(target.createdAt, locale)}</td>
                <td data-label={t("columnState")}>{stateText(target.state, t, locale)}</td>
                <td>
                  <DeleteTargetButton id={target.id} format={target.format} host={target.host} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
