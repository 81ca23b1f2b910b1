import { useEffect, useState } from "react";
import { TextField } from "~/components/ui/text-field";

/**
 * The one-time link's token: the e-mailed link carries it in the fragment (`#token=...`), which no
 * server and no request log ever sees. With JavaScript the page reads it, drops it from the address bar
 * and posts it with the form; without, the field asks for the code printed in the same e-mail.
 */
export function LinkTokenField({ error }: { error?: string }) {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (found) {
      setToken(found);
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
  }, []);
  if (token && !error) return <input type="hidden" name="token" value={token} />;
  return (
    <TextField
      id="link-token"
      label="Code from the e-mail"
      name="token"
      autoComplete="one-time-code"
      required
      defaultValue={token ?? ""}
      error={error}
    />
  );
}
