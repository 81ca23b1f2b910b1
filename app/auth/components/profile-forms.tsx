import { Form } from "react-router";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { formatDateTime } from "~/core/text/dates";
import { AdminCard, FormOutcome, IntentForm, type FormResult } from "./admin-page-header";
import { RowList } from "~/admin/components/item-list";
import { EmailAddress } from "~/components/ui/email-address";

type Result = FormResult;
type Profile = { name: string; slug: string | null; bio: string | null; email: string | null };
export type SessionRow = { id: string; device: string; network: string | null; lastSeenAt: string; current: boolean };

const errorsFor = (result: Result | undefined, intent: string) => (result?.intent === intent && !result.ok ? result.errors : {});

export function ProfileForm({ profile, result }: { profile: Profile; result?: Result }) {
  const { field, error } = useFieldErrors(errorsFor(result, "update-profile"));
  return (
    <AdminCard id="profile-heading" title="About you">
      <p className="mt-1 text-sm text-slate-700">Signed in as {profile.email ? <EmailAddress address={profile.email} /> : null}</p>
      <IntentForm intent="update-profile" result={result} submit="Save profile" primary>
        <Field label="Name (shown on your posts)" htmlFor={field("name").id} error={error("name")}>
          <input {...field("name")} name="name" autoComplete="name" required defaultValue={profile.name} className={inputClass} />
        </Field>
        <Field label="Address part (slug)" htmlFor={field("slug").id} error={error("slug")}>
          <input {...field("slug")} name="slug" defaultValue={profile.slug ?? ""} className={inputClass} />
        </Field>
        <Field label="Bio" htmlFor={field("bio").id} error={error("bio")}>
          <textarea {...field("bio")} name="bio" rows={4} defaultValue={profile.bio ?? ""} className={inputClass} />
        </Field>
      </IntentForm>
    </AdminCard>
  );
}

export function PasswordForm({ result }: { result?: Result }) {
  const { field, error } = useFieldErrors(errorsFor(result, "change-password"));
  return (
    <AdminCard id="password-heading" title="Change password">
      <p className="mt-1 text-sm text-slate-700">
        A long phrase of unrelated words is strong and easy to remember. Your other sessions end when it changes.
      </p>
      <IntentForm intent="change-password" result={result} submit="Change password">
        <Field label="Current password" htmlFor={field("currentPassword").id} error={error("currentPassword")}>
          <input
            {...field("currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </Field>
        <Field label="New password" htmlFor={field("newPassword").id} error={error("newPassword")}>
          <input
            {...field("newPassword")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            className={inputClass}
          />
        </Field>
      </IntentForm>
    </AdminCard>
  );
}

/** The member's open sessions: device, the address's network (no GeoIP: only the network is known), last seen. */
export function SessionList({ sessions, result }: { sessions: SessionRow[]; result?: Result }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <AdminCard id="sessions-heading" title="Where you are signed in">
      <p className="mt-1 text-sm text-slate-700">
        The network is the first part of the address a session came from; it tells roughly where, not exactly.
      </p>
      <div className="mt-3 grid gap-2">
        <FormOutcome result={result} intent="end-session" />
        <FormOutcome result={result} intent="end-other-sessions" />
      </div>
      <RowList
        items={sessions}
        className="mt-3 divide-y divide-slate-200"
        itemClassName="flex flex-wrap items-center justify-between gap-3 py-3"
      >
        {(session) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-900">This session</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                Network {session.network ?? "unknown"} · last seen{" "}
                <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button type="submit" className="btn btn-secondary">
                  End
                  <span className="sr-only">
                    {" "}
                    the session of {session.device}, network {session.network ?? "unknown"}
                  </span>
                </button>
              </Form>
            )}
          </>
        )}
      </RowList>
      {others > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className="btn btn-secondary">
            End every other session
          </button>
        </Form>
      ) : null}
    </AdminCard>
  );
}
