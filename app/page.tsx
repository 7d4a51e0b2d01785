export default function HomePage() {
  return (
    <main>
      <h1>Notes</h1>
      <p>
        Short-lived notes with optional passwords and read limits. Create them with the JSON API:{" "}
        <code>POST /api/v1/shares</code>.
      </p>
    </main>
  );
}
