type Props = { encrypt: boolean; onChange: (encrypt: boolean) => void };

/** The switch between a note encrypted in this browser (the default) and one sent as text. */
export function EncryptionChoice({ encrypt, onChange }: Props) {
  return (
    <fieldset className="card">
      <legend>Privacy</legend>
      <div className="field">
        <label>
          <input
            type="checkbox"
            role="switch"
            id="encrypt"
            checked={encrypt}
            aria-describedby="encrypt-hint"
            onChange={(event) => onChange(event.target.checked)}
          />{" "}
          Encrypt in this browser (end to end)
        </label>
        <p id="encrypt-hint" className="hint">
          {encrypt
            ? "On: your browser encrypts the note before it is sent. The key is the part of the link after #, " +
              "which browsers never send to a server, so the server stores only ciphertext and neither it nor " +
              "anyone who gets its database can read the note. Whoever has the whole link can (and the " +
              "password as well, if you set one). Lose the link and the note is lost."
            : "Off: the note is sent as text. The server stores and renders it, so anyone with access to the " +
              "server or its database could read it, and the link works without a key (for readers using the " +
              "API, for example)."}
        </p>
      </div>
    </fieldset>
  );
}
