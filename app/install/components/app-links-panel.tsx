import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { PanelSection } from "~/admin/components/panel-section";
import { RecordTable } from "~/admin/components/record-table";
import type { AppLinks } from "../app-links";
import type { AppLinksSettings } from "../app-links.server";

const lines = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's values as the API takes them: a platform whose fields are all empty is not set. */
function appLinksOf(form: FormData): AppLinks {
  const teamId = String(form.get("teamId") ?? "").trim();
  const bundleId = String(form.get("bundleId") ?? "").trim();
  const paths = lines(form.get("paths"));
  const packageName = String(form.get("packageName") ?? "").trim();
  const sha256Fingerprints = lines(form.get("fingerprints"));
  return {
    ...(teamId || bundleId || paths.length ? { apple: { teamId, bundleId, paths } } : {}),
    ...(packageName || sha256Fingerprints.length ? { android: { packageName, sha256Fingerprints } } : {}),
  };
}

/**
 * The Integrations section's app links (administrators and the owner): Universal Links (Apple team id,
 * bundle id, the paths the app opens) and Android App Links (package name, certificate fingerprints),
 * served at once as /.well-known/apple-app-site-association and /.well-known/assetlinks.json; and the
 * store links' configuration, read-only (it is the server's environment).
 */
export function AppLinksPanel({ data }: { data: AppLinksSettings }) {
  const { adminFetch } = useAdminSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useFieldErrors(errors);
  const task = useAdminTask({ onFieldErrors: setErrors });
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    const json = appLinksOf(new FormData(event.currentTarget));
    await task.run(() => adminFetch("/api/admin/app-links", { method: "PUT", json }), {
      done: "App links saved",
      failed: "Could not save the app links",
    });
  };

  return (
    <>
      <PanelSection
        id="app-links-heading"
        title="App links"
        intro={
          <>
            Links to this site open in the app once it claims them: Apple reads{" "}
            <a className="underline" href="/.well-known/apple-app-site-association">
              /.well-known/apple-app-site-association
            </a>
            , Android{" "}
            <a className="underline" href="/.well-known/assetlinks.json">
              /.well-known/assetlinks.json
            </a>
            . Each is served as soon as it is saved here, and not at all while empty.
          </>
        }
      >
        <form onSubmit={(event) => void save(event)} className="grid max-w-3xl gap-6" noValidate>
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
            <legend className="px-1 font-semibold">Universal Links (iPhone, iPad)</legend>
            <Field label="Team id" htmlFor={fields.field("apple").id} error={fields.error("apple")}>
              <input
                name="teamId"
                defaultValue={data.apple?.teamId}
                placeholder="ABCDE12345"
                autoComplete="off"
                className={`${inputClass} font-mono`}
                {...fields.field("apple")}
              />
            </Field>
            <Field label="Bundle id" htmlFor="app-links-bundle" error={null}>
              <input
                id="app-links-bundle"
                name="bundleId"
                defaultValue={data.apple?.bundleId}
                placeholder="app.clink.ios"
                autoComplete="off"
                className={`${inputClass} font-mono`}
              />
            </Field>
            <div className="sm:col-span-2">
              <Field label='Paths the app opens, one a line ("/blog/*"; "NOT /admin/*" excludes)' htmlFor="app-links-paths" error={null}>
                <textarea
                  id="app-links-paths"
                  name="paths"
                  rows={4}
                  defaultValue={data.apple?.paths.join("\n")}
                  className={`${inputClass} font-mono`}
                />
              </Field>
            </div>
          </fieldset>
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 font-semibold">Android App Links</legend>
            <Field label="Package name" htmlFor={fields.field("android").id} error={fields.error("android")}>
              <input
                name="packageName"
                defaultValue={data.android?.packageName}
                placeholder="app.clink"
                autoComplete="off"
                className={`${inputClass} font-mono`}
                {...fields.field("android")}
              />
            </Field>
            <Field label="SHA-256 certificate fingerprints, one a line (AB:CD:…, 32 pairs)" htmlFor="app-links-fingerprints" error={null}>
              <textarea
                id="app-links-fingerprints"
                name="fingerprints"
                rows={3}
                defaultValue={data.android?.sha256Fingerprints.join("\n")}
                className={`${inputClass} font-mono text-xs`}
              />
            </Field>
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary" disabled={task.busy}>
              Save app links
            </button>
          </div>
        </form>
      </PanelSection>
      <PanelSection
        id="store-links-heading"
        title="Store links"
        intro="Where the App Store and Google Play buttons and /get lead. Set on the server (docs/operations.md, Configuration); shown here to check."
      >
        <RecordTable
          caption="Store link configuration"
          rows={data.stores}
          rowKey={(row) => row.name}
          minWidth="min-w-[36rem]"
          columns={[
            {
              label: "Variable",
              className: "whitespace-nowrap",
              cell: (row) => <code>{row.name}</code>,
            },
            {
              label: "Value",
              className: "break-all font-mono text-xs",
              cell: (row) => row.value ?? <span className="font-sans text-slate-600">not set</span>,
            },
            { label: "Used for", cell: (row) => row.meaning },
          ]}
        />
      </PanelSection>
    </>
  );
}
