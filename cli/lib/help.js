// @ts-check
// `notes --help`. docs/cli.md says the same at more length.

export const helpText = `notes: share notes from the command line, end-to-end encrypted by default

Usage:
  notes create [FILE|-]          a note from FILE, or stdin (- or no FILE)
  notes create --pages FILE...   a note of several pages, titled by the files' names
  notes create [FILE|-] --file PATH...
                                 a note with files attached (without FILE or -: files alone)
  notes read LINK [--save DIR]   print the note (decrypted here), save its files; counts a view
  notes meta LINK                the note's metadata as JSON; never counts a view
  notes delete LINK              take the note down (its owner only)
  notes events LINK              the note's access log as JSON (its owner only)
  notes request create --title T
                                 ask someone for a secret that only you can open
  notes request answer LINK [FILE|-] [--file PATH]...
                                 answer a request (sealed here to its public key)
  notes request read PRIVATE_LINK [--save DIR]
                                 print a request's answers (opened here), save their files

LINK is the link create printed, <server>/<id>#<key>: the key after # decrypts the note and
never leaves this machine. A bare <id>[#<key>] means a note on --server. read and meta send no
API key; delete and events send the key or token only to --server (or NOTES_SERVER), and refuse
a LINK on any other server.

create options:
  --ttl 1h|1d|7d|30d     lifetime (default 1d; the server decides which values it accepts)
  --permanent            never expires (needs an API key)
  --burn N               gone after N reads
  --password             protect with a password: asked on the terminal (not echoed), or taken
                         from NOTES_PASSWORD or --password-file
  --password-file FILE   the password is FILE's first line (implies --password)
  --format markdown|html the pages' format (default: html for .html/.htm files, else markdown)
  --no-encrypt           send the text (and files) themselves; the server renders and seals them
  --file PATH            attach the file at PATH (give it once per file); sent in 1 MiB chunks,
                         sealed here unless --no-encrypt, resumed after a dropped connection
  --recipient LABEL      one link per recipient, each with its own reads (give it 2 to 50 times)
  Prints the link alone on stdout. Without an API key the note gets a delete token, shown once
  on stderr as "delete-token: ndt_..."; give it to delete and events with --token.
  With --recipient, stdout has one line per recipient, "<link><TAB><label>", in the order
  given, and stderr "owner-link: <link>": the whole note's link for meta, events and delete.

read options:
  --password-file FILE   the password, when the note has one (else NOTES_PASSWORD, else asked)
  --page N               print page N (from 1) only
  --json                 print {"pages": [{"title", "content", "format"}, ...]}, and for a note
                         with files "files": [{"name", "type", "size", "path"}, ...]
  --save DIR             save the note's files into DIR (opened here, chunk by chunk); a name
                         that exists gets " (1)", " (2)"... before its extension, never overwritten
  A note of several pages prints each under a "==> title <==" line. A note's files are granted
  to one read only, for a few minutes: a note with files is read only with --save.

delete and events options:
  --token TOKEN          the delete token of a note created without a key (or NOTES_DELETE_TOKEN)

request options:
  create: --title TEXT (required), --instructions TEXT, --answers N (default 1),
          --ttl 1h|1d|7d|30d (default 1d), --allow-files (answers may carry files). Prints the
          public link, for the responder, alone on stdout, and "private-link: <link>#<private
          key>" on stderr: keep that one, it alone opens the answers (its key never leaves here).
  answer: --file PATH attaches a file (once per file; sealed here, sent in 1 MiB chunks); with
          --file and no FILE, the answer is its files alone.
  read:   --json prints [{"number", "created_at", "text"}, ...] (an answer with files adds
          "files"). --save DIR saves answers' files into DIR (opened here). A private link whose
          key is not the request's says so (exit 6) before any answer is fetched.

Everywhere:
  --server URL           the service (or NOTES_SERVER), the only one given a key or token
  --key KEY              an API key (or NOTES_API_KEY); a personal one from the service's
                         /me opens notes and requests for members only
  -h, --help             this text
  --version              the client's version

Exit status (errors are one line on stderr: "notes: <code>: <message>"):
  0 done               4 API key refused, or     7 the server refused the note as sent
  1 usage                members only            70 a bug in this client
  2 not found, gone    5 unreachable, rate       130 interrupted at the prompt
  3 password needed      limited or failing
    or wrong           6 no key in the link, or
                         it does not open the note
                         or a file
`;
