import { FieldError, invalidProps } from "./field-error";

type Props = {
  errors: Record<string, string | undefined>;
  keyed: boolean;
  apiKey: string;
  onApiKey: (key: string) => void;
};

/** Expiry, read limit, password and API key: one row on a wide screen, a column on a phone. */
export function CreateSettings({ errors, keyed, apiKey, onApiKey }: Props) {
  return (
    <fieldset className="card">
      <legend>Settings</legend>
      <div className="grid settings">
        <div className="field">
          <label htmlFor="ttl">Expires after</label>
          <select id="ttl" name="ttl" defaultValue="1d" {...invalidProps("ttl", errors)}>
            <option value="1h">1 hour</option>
            <option value="1d">1 day</option>
            <option value="7d">7 days</option>
            <option value="30d">30 days</option>
          </select>
          <label className="hint">
            <input type="checkbox" id="permanent" name="permanent" disabled={!keyed} /> Never expires (needs
            an API key)
          </label>
          <FieldError id="ttl-error" message={errors.ttl} />
        </div>
        <div className="field">
          <label htmlFor="burn_after">Read limit</label>
          <input
            id="burn_after"
            name="burn_after"
            type="number"
            min={1}
            max={1000}
            placeholder="No limit"
            {...invalidProps("burn_after", errors, "burn_after-hint")}
          />
          <p id="burn_after-hint" className="hint">
            Destroyed after this many reads.
          </p>
          <FieldError id="burn_after-error" message={errors.burn_after} />
        </div>
        <div className="field">
          <label htmlFor="password">Password (optional)</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            {...invalidProps("password", errors)}
          />
          <FieldError id="password-error" message={errors.password} />
        </div>
        <div className="field">
          <label htmlFor="api_key">API key (optional)</label>
          <input
            id="api_key"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => onApiKey(event.target.value)}
            {...invalidProps("api_key", errors, "api_key-hint")}
          />
          <p id="api_key-hint" className="hint">
            Unlocks permanent notes and HTML.
          </p>
          <FieldError id="api_key-error" message={errors.api_key} />
        </div>
      </div>
    </fieldset>
  );
}
