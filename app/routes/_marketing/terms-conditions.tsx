import { Link } from "react-router";
import type { Route } from "./+types/terms-conditions";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import { pageSeo } from "~/site/seo";
import { siteConfig, supportMailto } from "~/site/config";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/terms-conditions");

const age = siteConfig.minimumAge;

/** Twelve sections, each an h2 (spec section 9). */
const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By creating an account or using the {siteConfig.name} app or website, you agree to these terms and to our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use {siteConfig.name}.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility and Age Requirements",
    body: (
      <p>
        You must be at least {age} years old, or the legal drinking age where you live if that is higher, and able to enter a binding
        contract. You must complete identity verification before joining events or meeting members.
      </p>
    ),
  },
  {
    id: "your-account",
    title: "Your Account",
    body: (
      <p>
        Keep your details accurate and your login secure. One person, one account. You are responsible for activity on your account; tell us
        straight away if you think someone else has used it.
      </p>
    ),
  },
  {
    id: "community-conduct",
    title: "Community Conduct",
    body: (
      <>
        <p>Clink works because members treat each other well. You agree not to:</p>
        <ul>
          <li>harass, threaten, discriminate against or mislead other members;</li>
          <li>pressure anyone to drink, or encourage excessive or underage drinking;</li>
          <li>arrange meetups anywhere other than public venues, or use Clink for commercial solicitation;</li>
          <li>post unlawful, explicit or hateful content, or impersonate anyone.</li>
        </ul>
      </>
    ),
  },
  {
    id: "responsible-drinking",
    title: "Responsible Drinking and Safety",
    body: (
      <p>
        You are responsible for your own drinking and conduct. Drink responsibly, know your limits, never drink and drive, and follow venue
        rules and local laws. Our safety features help, but you remain responsible for your decisions when meeting people in person.
      </p>
    ),
  },
  {
    id: "events-and-meetups",
    title: "Events and Meetups",
    body: (
      <p>
        Hosts are responsible for the accuracy of their events. Members meet at their own risk, and {siteConfig.name} is not a party to
        arrangements between members or between members and venues.
      </p>
    ),
  },
  {
    id: "payments",
    title: "Payments, Vouchers and Premium",
    body: (
      <p>
        Vouchers, bill splitting transfers and Premium subscriptions are processed by our payment provider. Vouchers are redeemable only at
        the named venue before their expiry date. Premium renews automatically until you cancel in your app store account; fees already paid
        are not refunded except where the law requires.
      </p>
    ),
  },
  {
    id: "venue-partners",
    title: "Venue Partners and Third Parties",
    body: (
      <p>
        Venue deals and happy hours are offered by the venues, which are responsible for honouring them and for serving alcohol responsibly.
        Links to third-party sites and services are provided for convenience and are governed by their own terms.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <p>
        The {siteConfig.name} name, logo, app and content belong to us or our licensors. You keep ownership of what you post and give us a
        licence to display it within {siteConfig.name} to provide the service.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and Termination",
    body: (
      <p>
        We may suspend or close accounts that break these terms or put others at risk. You can delete your account at any time, in the app
        or on our <Link to="/delete-my-data">Delete My Information</Link> page.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and Limitation of Liability",
    body: (
      <p>
        {siteConfig.name} is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, or for
        the conduct of members or venues. Nothing in these terms limits rights you have under consumer law that cannot be excluded.
      </p>
    ),
  },
  {
    id: "changes-and-law",
    title: "Changes to Terms and Governing Law",
    body: (
      <p>
        We will give you at least 30 days' notice of material changes to these terms, in the app and by e-mail. These terms are governed by
        the laws of Sydney, Australia (New South Wales), and its courts have jurisdiction. Questions? Write to{" "}
        <a href={supportMailto("Terms question")}>{siteConfig.supportEmail}</a>.
      </p>
    ),
  },
];

export default function TermsConditionsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      updated="May 2025"
      intro={
        <p>
          These terms set out the rules for using {siteConfig.name}. Please read them carefully: they cover who can use the app, how to
          behave, payments and what happens if something goes wrong.
        </p>
      }
      sections={sections}
    />
  );
}
