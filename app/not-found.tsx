import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("notFoundTitle"), robots: { index: false } };
}

// One page for unknown, expired and burned notes alike, so nobody learns which it was.
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <section className="card">
      <h1>{t("heading")}</h1>
      <p>{t("text")}</p>
      <p>
        <Link href="/">{t("create")}</Link>
      </p>
    </section>
  );
}
