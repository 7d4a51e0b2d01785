import { getLocale, getTranslations } from "next-intl/server";
import type { ListedPerson } from "@/lib/admin/list-people";
import { DataTable, type Column } from "./data-table";
import { EndSessionsButton } from "./end-sessions-button";
import { formatTime } from "./format-time";

type Texts = Awaited<ReturnType<typeof getTranslations<"admin.people">>>;

const columns = (t: Texts, locale: string): Column<ListedPerson>[] => [
  { label: t("columnName"), cell: (person) => person.name ?? "—" },
  { label: t("columnIssuer"), mono: true, cell: (person) => person.issuer },
  { label: t("columnLastSignIn"), cell: (person) => formatTime(person.lastSignInAt, locale) },
  { label: t("columnSessions"), cell: (person) => person.liveSessions },
  {
    label: t("columnActions"),
    hideLabel: true,
    cell: (person) =>
      person.liveSessions > 0 && <EndSessionsButton id={person.id} name={person.name ?? person.id} />,
  },
];

/** The people who signed in most recently (the newest `shown`), with their live sessions. */
export async function PeopleTable({ people, shown }: { people: ListedPerson[]; shown: number }) {
  const [t, locale] = await Promise.all([getTranslations("admin.people"), getLocale()]);
  if (people.length === 0) return <p>{t("none")}</p>;
  return (
    <>
      <p>{t("newest", { count: shown })}</p>
      <DataTable
        label={t("tableLabel")}
        columns={columns(t, locale)}
        rows={people}
        rowKey={(person) => person.id}
        rowData={(person) => ({ "data-person": person.id })}
      />
    </>
  );
}
