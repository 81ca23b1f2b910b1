import { describe, expect, it } from "vitest";
import { mailgunEvents, postmarkEvents, sendgridEvents, sesEvents, snsStringToSign } from "./provider-events";

describe("the providers' events read into one shape", () => {
  it("Postmark: hard and soft bounce types, spam complaints; other records are not bounces", () => {
    expect(postmarkEvents({ RecordType: "Bounce", ID: 7, Type: "HardBounce", TypeCode: 1, Email: "A@x.example" })).toEqual([
      { key: "postmark:bounce:7", email: "a@x.example", kind: "hard" },
    ]);
    expect(postmarkEvents({ RecordType: "Bounce", ID: 8, Type: "SoftBounce", TypeCode: 4096, Email: "a@x.example" })[0]!.kind).toBe("soft");
    expect(postmarkEvents({ RecordType: "SpamComplaint", ID: 9, Type: "SpamComplaint", Email: "a@x.example" })[0]!.kind).toBe("complaint");
    expect(postmarkEvents({ RecordType: "Bounce", ID: 10, Type: "AutoResponder", Email: "a@x.example" })).toEqual([]);
    expect(postmarkEvents({ RecordType: "Delivery", MessageID: "x", Recipient: "a@x.example" })).toEqual([]);
    expect(postmarkEvents({ RecordType: "Bounce", ID: 11, Type: "HardBounce", Email: "not an address" })).toEqual([]);
    expect(postmarkEvents("nonsense")).toEqual([]);
  });

  it("Mailgun: failed permanent or temporary, complained; delivered is nothing", () => {
    const data = (extra: object) => ({ "event-data": { id: "e1", recipient: "b@x.example", ...extra } });
    expect(mailgunEvents(data({ event: "failed", severity: "permanent" }))).toEqual([
      { key: "mailgun:e1", email: "b@x.example", kind: "hard" },
    ]);
    expect(mailgunEvents(data({ event: "failed", severity: "temporary" }))[0]!.kind).toBe("soft");
    expect(mailgunEvents(data({ event: "complained" }))[0]!.kind).toBe("complaint");
    expect(mailgunEvents(data({ event: "delivered" }))).toEqual([]);
  });

  it("SendGrid: a bounce (hard, or blocked: soft) and a spam report from an array of events", () => {
    const events = sendgridEvents([
      { event: "bounce", type: "bounce", email: "c@x.example", sg_event_id: "1" },
      { event: "bounce", type: "blocked", email: "d@x.example", sg_event_id: "2" },
      { event: "spamreport", email: "e@x.example", sg_event_id: "3" },
      { event: "deferred", email: "f@x.example", sg_event_id: "4" },
      { event: "bounce", email: "g@x.example" },
    ]);
    expect(events.map((e) => [e.email, e.kind])).toEqual([
      ["c@x.example", "hard"],
      ["d@x.example", "soft"],
      ["e@x.example", "complaint"],
    ]);
    expect(sendgridEvents({ event: "bounce" })).toEqual([]);
  });

  it("SES: each bounced or complaining recipient, keyed by the SNS message and the recipient's place", () => {
    const bounce = {
      notificationType: "Bounce",
      bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: "h@x.example" }, { emailAddress: "i@x.example" }] },
    };
    expect(sesEvents("m1", bounce)).toEqual([
      { key: "ses:m1:0", email: "h@x.example", kind: "hard" },
      { key: "ses:m1:1", email: "i@x.example", kind: "hard" },
    ]);
    expect(
      sesEvents("m2", {
        eventType: "Bounce",
        bounce: { bounceType: "Transient", bouncedRecipients: [{ emailAddress: "h@x.example" }] },
      })[0]!.kind,
    ).toBe("soft");
    expect(
      sesEvents("m3", { notificationType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: "j@x.example" }] } })[0]!.kind,
    ).toBe("complaint");
    expect(sesEvents("m4", { notificationType: "Delivery" })).toEqual([]);
  });

  it("builds SNS's string to sign in its documented order, Subject only when present", () => {
    const base = { Type: "Notification", MessageId: "id", TopicArn: "arn", Message: "m", Timestamp: "t" };
    expect(snsStringToSign(base)).toBe("Message\nm\nMessageId\nid\nTimestamp\nt\nTopicArn\narn\nType\nNotification\n");
    expect(snsStringToSign({ ...base, Subject: "s" })).toBe(
      "Message\nm\nMessageId\nid\nSubject\ns\nTimestamp\nt\nTopicArn\narn\nType\nNotification\n",
    );
    expect(
      snsStringToSign({
        Type: "SubscriptionConfirmation",
        MessageId: "id",
        Token: "tok",
        TopicArn: "arn",
        Message: "m",
        SubscribeURL: "u",
        Timestamp: "t",
      }),
    ).toBe("Message\nm\nMessageId\nid\nSubscribeURL\nu\nTimestamp\nt\nToken\ntok\nTopicArn\narn\nType\nSubscriptionConfirmation\n");
  });
});
