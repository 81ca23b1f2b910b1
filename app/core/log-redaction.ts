/**
 * Every log line passes through here before it is written (the logger's streamWrite hook), so no line
 * carries a secret from a query string (a deletion link's token) or anyone's e-mail address, whichever
 * field or message they came in.
 */
const TOKEN_PARAMETER = /([?&](?:token|key|code|signature|sig|secret|password|altcha)=)[^&"\s\\#]*/gi;
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

export function redactLogLine(line: string): string {
  return line.replace(TOKEN_PARAMETER, "$1[redacted]").replace(EMAIL_ADDRESS, "[email]");
}
