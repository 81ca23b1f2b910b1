/**
 * Every log line passes through here before it is written (the logger's streamWrite hook), so no line
 * carries a secret from a query string (a deletion link's token) or anyone's e-mail address, whichever
 * field or message they came in. A parameter's name is read as the server reads it, decoded: `?%6Bey=`
 * is `?key=` to every URL parser, so it is hidden as `?key=` is.
 */
const SECRET_NAMES = new Set(["token", "key", "code", "signature", "sig", "secret", "password", "altcha"]);
const PARAMETER = /([?&])([^=&?#"\s\\]{1,60})=([^&"\s\\#]*)/g;
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** A parameter's name as the server reads it: percent-decoded (twice over too), `+` a space, any case. */
function nameOf(raw: string): string {
  let name = raw.replace(/\+/g, " ");
  for (let round = 0; round < 3 && name.includes("%"); round++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      break;
    }
  }
  return name.trim().toLowerCase();
}

export function redactLogLine(line: string): string {
  return line
    .replace(PARAMETER, (whole, before: string, name: string) => (SECRET_NAMES.has(nameOf(name)) ? `${before}${name}=[redacted]` : whole))
    .replace(EMAIL_ADDRESS, "[email]");
}
