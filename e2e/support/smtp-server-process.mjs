// A real SMTP server for the notification tests, in a process of its own so a test can kill -9 it:
// smtp-server on 127.0.0.1:SMTP_PORT with STARTTLS (SMTP_KEY_FILE, SMTP_CERT_FILE) and AUTH PLAIN/LOGIN
// for SMTP_USER/SMTP_PASSWORD only. Each message it accepts is written whole (every byte as received)
// to SMTP_OUT_DIR as <time>-<n>.eml, with a .json beside it saying whether the session was TLS and
// who authenticated, before the server answers 250; with SMTP_HOLD_MS, it waits that long first.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const env = process.env;
let count = 0;

const server = new SMTPServer({
  key: readFileSync(env.SMTP_KEY_FILE),
  cert: readFileSync(env.SMTP_CERT_FILE),
  authMethods: ["PLAIN", "LOGIN"],
  // AUTH only once the connection is encrypted (smtp-server's default): STARTTLS must happen.
  onAuth(auth, _session, callback) {
    if (auth.username === env.SMTP_USER && auth.password === env.SMTP_PASSWORD) {
      callback(null, { user: auth.username });
    } else callback(new Error("Invalid username or password"));
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const finish = () => {
        const name = `${Date.now()}-${process.pid}-${++count}`;
        const facts = {
          secure: session.secure,
          user: session.user,
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        writeFileSync(path.join(env.SMTP_OUT_DIR, `${name}.json`), JSON.stringify(facts));
        writeFileSync(path.join(env.SMTP_OUT_DIR, `${name}.eml`), Buffer.concat(chunks));
        callback(null, "queued");
      };
      setTimeout(finish, Number(env.SMTP_HOLD_MS || 0));
    });
  },
});

server.listen(Number(env.SMTP_PORT), "127.0.0.1", () => console.log("smtp ready"));
