import { createHmac, createSign, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The mail providers' documented sample events (issue 51), and each provider's way of signing them, for tests
 * of POST /api/mail/events/{provider}: Postmark's basic auth, Mailgun's HMAC, SendGrid's ECDSA over timestamp
 * and body, and SNS's RSA signature over its string to sign, with a certificate made by openssl.
 */

/** Postmark's bounce webhook sample (postmarkapp.com/developer/webhooks/bounce-webhook). */
export const postmarkBounce = {
  RecordType: "Bounce",
  MessageStream: "outbound",
  ID: 42,
  Type: "HardBounce",
  TypeCode: 1,
  Name: "Hard bounce",
  Tag: "Test",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  Metadata: { a_key: "a_value", b_key: "b_value" },
  ServerID: 23,
  Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "Test bounce details",
  Email: "john@example.com",
  From: "sender@example.com",
  BouncedAt: "2019-11-05T16:33:54.9070259Z",
  DumpAvailable: true,
  Inactive: true,
  CanActivate: true,
  Subject: "Test subject",
  Content: "Return-Path:....",
};

/** Postmark's spam complaint webhook sample (postmarkapp.com/developer/webhooks/spam-complaint-webhook). */
export const postmarkComplaint = {
  RecordType: "SpamComplaint",
  MessageStream: "outbound",
  ID: 42,
  Type: "SpamComplaint",
  TypeCode: 512,
  Name: "Spam complaint",
  Tag: "Test",
  MessageID: "00000000-0000-0000-0000-000000000000",
  Metadata: { a_key: "a_value", b_key: "b_value" },
  ServerID: 1234,
  Description: "",
  Details: "Test spam complaint details",
  Email: "complainer@example.com",
  From: "sender@example.com",
  BouncedAt: "2019-11-05T16:33:54.9070259Z",
  DumpAvailable: true,
  Inactive: true,
  CanActivate: false,
  Subject: "Test subject",
  Content: "<Abuse report dump>",
};

/** Mailgun's "failed" (permanent) webhook sample's event-data (documentation.mailgun.com, Webhooks). */
export function mailgunFailed(
  severity: "permanent" | "temporary" = "permanent",
  id = "G9Bn5sl1TC6nu79C8C0bwg",
  recipient = "alice@example.com",
) {
  return {
    id,
    timestamp: 1521233195.375624,
    "log-level": severity === "permanent" ? "error" : "warn",
    event: "failed",
    severity,
    reason: severity === "permanent" ? "suppress-bounce" : "generic",
    envelope: { sender: "bob@sandbox.mailgun.org", transport: "smtp", targets: recipient },
    flags: { "is-routed": false, "is-authenticated": true, "is-system-test": false, "is-test-mode": false },
    "delivery-status": {
      "attempt-no": 1,
      message: "",
      code: severity === "permanent" ? 605 : 452,
      description: "Not delivering to previously bounced address",
      "session-seconds": 0,
    },
    message: {
      headers: {
        to: `Alice <${recipient}>`,
        "message-id": "20130503182626.18666.16540@sandbox.mailgun.org",
        from: "Bob <bob@sandbox.mailgun.org>",
        subject: "Test permanent_fail webhook",
      },
      attachments: [],
      size: 111,
    },
    recipient,
    "recipient-domain": "example.com",
    storage: { url: "https://se.api.mailgun.net/v3/domains/sandbox.mailgun.org/messages/message_key", key: "message_key" },
    campaigns: [],
    tags: ["my_tag_1", "my_tag_2"],
    "user-variables": { my_var_1: "Mailgun Variable #1", "my-var-2": "awesome" },
  };
}

/** Mailgun's body: its signature (HMAC-SHA256 of timestamp + token with the signing key) beside the event. */
export function mailgunBody(signingKey: string, eventData: unknown, signWith = signingKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString("hex");
  const signature = createHmac("sha256", signWith)
    .update(timestamp + token)
    .digest("hex");
  return JSON.stringify({ signature: { timestamp, token, signature }, "event-data": eventData });
}

/** SendGrid's event webhook samples (twilio.com/docs/sendgrid/for-developers/tracking-events/event). */
export const sendgridBounce = [
  {
    email: "example@test.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "bounce",
    category: "cat facts",
    sg_event_id: "6g4ZI7SA-xmRDv57GoPIPw==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    reason: "500 unknown recipient",
    status: "5.0.0",
    type: "bounce",
  },
  {
    email: "example@test.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "delivered",
    category: "cat facts",
    sg_event_id: "rWVYmVk90MjZJ9iohOBa3w==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    response: "250 OK",
  },
];
export const sendgridSpamReport = [
  {
    email: "reporter@test.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "spamreport",
    category: "cat facts",
    sg_event_id: "37nvH5QBz858KGVYCM5qfg==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
  },
];

/** A SendGrid-like key pair: the public key as SendGrid shows it (base64 of the DER SubjectPublicKeyInfo). */
export function sendgridKeys() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"), privateKey };
}

export function sendgridHeaders(privateKey: ReturnType<typeof sendgridKeys>["privateKey"], body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign("sha256", Buffer.from(timestamp + body), privateKey).toString("base64");
  return {
    "content-type": "application/json",
    "x-twilio-email-event-webhook-signature": signature,
    "x-twilio-email-event-webhook-timestamp": timestamp,
  };
}

/** SES's bounce and complaint notification samples (docs.aws.amazon.com/ses/latest/dg/notification-examples.html). */
const sesMail = {
  timestamp: "2016-01-27T14:59:38.237Z",
  source: "john@example.com",
  sourceArn: "arn:aws:ses:us-east-1:888888888888:identity/example.com",
  sourceIp: "127.0.3.0",
  sendingAccountId: "123456789012",
  callerIdentity: "IAM_user_or_role_name",
  messageId: "00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa0680-000000",
  destination: ["jane@example.com", "mary@example.com", "richard@example.com"],
  headersTruncated: false,
  commonHeaders: {
    from: ["John Doe <john@example.com>"],
    date: "Wed, 27 Jan 2016 14:05:45 +0000",
    to: ["Jane Doe <jane@example.com>, Mary Doe <mary@example.com>, Richard Doe <richard@example.com>"],
    messageId: "custom-message-ID",
    subject: "Hello",
  },
};
export const sesBounce = {
  notificationType: "Bounce",
  bounce: {
    feedbackId: "000001378603177f-7a5433e7-8edb-42ae-af10-f0181f34d6ee-000000",
    bounceType: "Permanent",
    bounceSubType: "General",
    bouncedRecipients: [
      { emailAddress: "jane@example.com", action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
    ],
    timestamp: "2016-01-27T14:59:38.237Z",
    remoteMtaIp: "127.0.2.0",
    reportingMTA: "dsn; a27-23.smtp-out.us-west-2.amazonses.com",
  },
  mail: sesMail,
};
export const sesComplaint = {
  notificationType: "Complaint",
  complaint: {
    userAgent: "AnyCompany Feedback Loop (V0.01)",
    complainedRecipients: [{ emailAddress: "richard@example.com" }],
    complaintFeedbackType: "abuse",
    arrivalDate: "2016-01-27T14:59:38.237Z",
    timestamp: "2016-01-27T14:59:38.237Z",
    feedbackId: "000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000",
  },
  mail: sesMail,
};

/** A certificate and key made with openssl, standing in for SNS's signing certificate (MAIL_EVENTS_SES_CERT_FILE). */
export function snsCertificate(folder: string): { certFile: string; keyPem: string } {
  const keyFile = path.join(folder, "sns.key");
  const certFile = path.join(folder, "sns.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=sns.us-east-1.amazonaws.com",
    ],
    { stdio: "ignore" },
  );
  return { certFile, keyPem: fs.readFileSync(keyFile, "utf8") };
}

/** An SNS notification carrying `message` on `topicArn`, signed (SignatureVersion 2: SHA256withRSA) as SNS signs it. */
export function snsNotification(topicArn: string, message: unknown, keyPem: string, messageId = "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324") {
  const envelope: Record<string, string> = {
    Type: "Notification",
    MessageId: messageId,
    TopicArn: topicArn,
    Message: JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    SignatureVersion: "2",
    SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem",
    UnsubscribeURL: `https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${topicArn}:c9135db0`,
  };
  const toSign = ["Message", "MessageId", "Timestamp", "TopicArn", "Type"].map((field) => `${field}\n${envelope[field]}\n`).join("");
  envelope.Signature = createSign("RSA-SHA256").update(toSign).sign(keyPem, "base64");
  return JSON.stringify(envelope);
}
