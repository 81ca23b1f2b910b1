import pino from "pino";

/** Structured JSON logs. Secrets are redacted wherever they could appear. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "password",
      "*.password",
      "newPassword",
      "currentPassword",
    ],
    censor: "[redacted]",
  },
});
