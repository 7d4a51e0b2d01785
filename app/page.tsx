import { CreateForm } from "./create-form";
import "./create.css";

// GET /: the page to create a note.
export default function HomePage() {
  return (
    <>
      <h1>Share a note</h1>
      <p className="hint">
        Write in Markdown, choose when it expires and how many times it may be read. Only people with the link
        can open it.
      </p>
      <CreateForm />
    </>
  );
}
