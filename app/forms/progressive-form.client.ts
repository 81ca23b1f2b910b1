// The public forms' one script (/contact, /advertise, /delete-my-data), loaded from /assets with a plain
// script tag: the pages are server-rendered HTML that posts without JavaScript (hydrate: false). This adds
// what JavaScript improves: the shared schema's messages before sending, the busy button, the JSON call
// and the spec's toasts, with no framework. Bundled whole (see decision record 0006).
import { showToast } from "~/components/ui/toast.client";
import { fieldErrors } from "~/core/text/field-errors";
import { safeParse } from "~/core/text/zod-mini";
import { HONEYPOT_FIELD, PROOF_FIELD } from "./submission-fields";
import { prepareProof, takeProof } from "./proof-of-work.client";
import { CORRECT_STATEMENT, INCORRECT_STATEMENT_ALERT } from "./deletion-request";
import { formFields } from "./form-data";
import { PUBLIC_FORMS, type PublicForm, type PublicFormKind } from "./public-forms";

function enhance(form: HTMLFormElement, spec: PublicForm) {
  const fieldOf = (name: string) => spec.fieldFor?.[name] ?? name;
  const read = () => {
    const values = formFields(new FormData(form), spec.text, spec.checkboxes);
    return spec.prepare ? spec.prepare(values) : values;
  };
  const errorsNow = (): Record<string, string> => {
    const result = safeParse(spec.schema, read());
    return result.success ? {} : fieldErrors(result.error);
  };

  /** Shows or clears one field's message, with the control's invalid state and description. */
  function show(field: string, message: string | undefined) {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
    if (!slot) return;
    slot.textContent = message ?? "";
    slot.hidden = !message;
    const hint = slot.id ? form.querySelector<HTMLElement>(`#${CSS.escape(slot.id.replace(/-error$/, "-hint"))}`) : null;
    if (hint) hint.hidden = Boolean(message);
    const control = controlOf(field);
    if (!control) return;
    if (message) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", slot.id);
    } else {
      control.removeAttribute("aria-invalid");
      if (hint) control.setAttribute("aria-describedby", hint.id);
      else control.removeAttribute("aria-describedby");
    }
  }
  const controlOf = (field: string) =>
    form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]:not([type=radio]), [data-field="${CSS.escape(field)}"]`);
  const shown = () =>
    [...form.querySelectorAll<HTMLElement>("[data-error-for]")].filter((slot) => !slot.hidden).map((slot) => slot.dataset.errorFor!);
  function showAll(errors: Record<string, string>) {
    for (const slot of form.querySelectorAll<HTMLElement>("[data-error-for]")) show(slot.dataset.errorFor!, errors[slot.dataset.errorFor!]);
  }

  // After a message is shown, editing its field re-checks it: the message changes or goes as it becomes valid.
  const recheck = (event: Event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    const field = fieldOf(name);
    if (shown().includes(field)) show(field, errorsNow()[field]);
  };
  form.addEventListener("input", recheck);
  form.addEventListener("change", recheck);
  startSecurityCheck(form);

  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const idleLabel = button?.textContent ?? "";
  function busy(on: boolean) {
    if (!button) return;
    button.disabled = on;
    button.textContent = on ? spec.busyLabel : idleLabel;
  }

  // The bot check's work starts with the visitor's first touch of the form, not on every page view.
  form.addEventListener("focusin", prepareProof, { once: true });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const result = safeParse(spec.schema, read());
    if (!result.success) {
      const errors = fieldErrors(result.error);
      showAll(errors);
      const first = Object.keys(errors)[0];
      if (first) controlOf(first)?.focus();
      return;
    }
    showAll({});
    const honeypot = new FormData(form).get(HONEYPOT_FIELD);
    busy(true);
    void takeProof()
      .then((proof) =>
        send({
          ...spec.body(result.data),
          [HONEYPOT_FIELD]: typeof honeypot === "string" && honeypot ? honeypot : undefined,
          [PROOF_FIELD]: proof,
        }),
      )
      .then((answer) => {
        if (answer.success) {
          const { title, description } = spec.sent;
          showToast({ title, description: typeof description === "function" ? description(result.data) : description });
          succeeded(form, spec, result.data as { email?: string });
          return;
        }
        if (answer.errors)
          showAll(Object.fromEntries(Object.entries(answer.errors).map(([key, message]) => [spec.apiToForm?.[key] ?? key, message])));
        showToast({ title: "Error", description: answer.message ?? spec.defaultError, variant: "destructive" });
      })
      .finally(() => busy(false));
  });

  async function send(body: object): Promise<{ success: boolean; message?: string; errors?: Record<string, string> }> {
    try {
      const response = await fetch(spec.api, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { success?: unknown; message?: unknown; errors?: Record<string, string> };
      return {
        success: answer.success === true && response.ok,
        message: typeof answer.message === "string" ? answer.message : undefined,
        errors: answer.errors,
      };
    } catch {
      return { success: false };
    }
  }
}

/** The deletion form's widget: a wrong statement is refused at once (the spec's alert), the true one shows "Verified". */
function startSecurityCheck(form: HTMLFormElement) {
  const verified = form.querySelector<HTMLElement>("[data-verified]");
  form.addEventListener(
    "change",
    (event) => {
      const radio = event.target as HTMLInputElement;
      if (radio.name !== "securityAnswer") return;
      const right = radio.value === CORRECT_STATEMENT;
      if (!right) {
        window.alert(INCORRECT_STATEMENT_ALERT);
        radio.checked = false;
      }
      if (verified) verified.hidden = !right;
    },
    true,
  );
}

/** After a sent form: emptied for the next message, or replaced by its panel (the deletion request). */
function succeeded(form: HTMLFormElement, spec: PublicForm, data: { email?: string }) {
  if (spec.afterSuccess === "panel") {
    const template = document.querySelector<HTMLTemplateElement>(`template[data-sent-panel="${form.dataset.publicForm}"]`);
    if (!template) return;
    const panel = template.content.cloneNode(true) as DocumentFragment;
    const to = panel.querySelector("[data-sent-to]");
    if (to && data.email) to.textContent = ` to ${data.email}`;
    form.replaceWith(panel);
    return;
  }
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (control instanceof HTMLSelectElement) control.selectedIndex = 0;
    else if (control.type === "checkbox" || control.type === "radio") (control as HTMLInputElement).checked = false;
    else control.value = "";
  }
  // A notice the server rendered for an earlier post (no JavaScript then) is history now.
  for (const notice of form.querySelectorAll("[data-form-notice]")) notice.remove();
}

function start() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-public-form]")) {
    const spec = PUBLIC_FORMS[form.dataset.publicForm as PublicFormKind] as PublicForm | undefined;
    if (spec) enhance(form, spec);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
