-- HTML_MODE=trusted: an HTML note created with a valid key also keeps the HTML as written, shown
-- only inside a sandboxed frame. NULL for every other page (the default mode stores none).
ALTER TABLE "share_pages" ADD COLUMN "raw_html" TEXT;
