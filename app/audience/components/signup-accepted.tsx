import { MailCheck } from "lucide-react";
import { SIGNUP_ACCEPTED } from "../lists";

/** What a sign-up form shows in its place once the sign-up is taken (both lists, without JavaScript). */
export function SignupAccepted({ className }: { className: string }) {
  return (
    <div role="status" className={`${className} rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950`}>
      <MailCheck aria-hidden="true" className="h-6 w-6 text-emerald-700" />
      <p className="mt-2 font-semibold">Check your inbox</p>
      <p className="mt-1 text-sm">{SIGNUP_ACCEPTED}</p>
    </div>
  );
}
