import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import { pageSeo } from "~/site/seo";
import { siteConfig, supportMailto } from "~/site/config";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/privacy-policy");

const email = <a href={supportMailto("Privacy question")}>{siteConfig.supportEmail}</a>;

/** Nine sections, each an h2 (spec section 9). */
const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run Clink and keep members safe:</p>
        <ul>
          <li>Account details: your name, e-mail address, phone number, date of birth and profile photos.</li>
          <li>Verification data: an image of your government ID and a selfie, used to confirm your identity and age.</li>
          <li>
            Location: your approximate location to show people and venues nearby and, if you turn on automatic check-in, periodic location
            pings while you are inside a listed venue or event.
          </li>
          <li>Activity: events you create or join, connections, messages, ratings and reports.</li>
          <li>
            Payments: voucher purchases, bill splits and transfers, processed by our payment provider. We never store full card numbers.
          </li>
          <li>Device data: app version, device type, crash reports and basic usage analytics.</li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Your Information",
    body: (
      <ul>
        <li>To match you with companions, venues and events near you.</li>
        <li>To verify that every member is {siteConfig.minimumAge} or older, or the higher legal drinking age where they live.</li>
        <li>To process vouchers, bill splitting and transfers.</li>
        <li>To keep the community safe: moderation, fraud prevention and responding to reports.</li>
        <li>To send service messages and, only with your consent, news and offers.</li>
        <li>To improve the app using aggregated, de-identified statistics.</li>
      </ul>
    ),
  },
  {
    id: "location-data",
    title: "Location Data and Check-ins",
    body: (
      <p>
        Location sharing is always your choice. Automatic check-in uses periodic location pings only inside listed venues or user-created
        events, and incognito mode hides your check-ins from other members. Location you share with trusted contacts or emergency contacts
        is visible only to them. You can turn location access off at any time in your device settings.
      </p>
    ),
  },
  {
    id: "sharing-information",
    title: "How We Share Information",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>With other members, limited to what your profile and privacy settings show.</li>
          <li>
            With service providers who host our systems, verify identities or process payments, under contracts that protect your data.
          </li>
          <li>With partner venues, only when you redeem a voucher or check in, and only what the transaction needs.</li>
          <li>With authorities when the law requires it or to protect someone's safety.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <p>
        We encrypt data in transit and at rest, limit staff access to what each role needs and review access regularly. Verification images
        are stored separately from your profile and deleted once verification is complete, unless the law requires us to keep them longer.
        No system is perfectly secure; if a breach affects you, we will tell you promptly.
      </p>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention and Deletion",
    body: (
      <p>
        We keep your data while your account is active. When you delete your account, in the app or on our{" "}
        <Link to="/delete-my-data">Delete My Information</Link> page, we permanently delete all of your data, except records we must keep by
        law (for example payment records), which are kept only as long as required.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights and Choices",
    body: (
      <p>
        Depending on where you live, you can ask to access, correct, export or delete your personal information, object to or restrict some
        uses, and withdraw consent to marketing at any time. Write to {email} and we will respond within 30 days.
      </p>
    ),
  },
  {
    id: "age-requirements",
    title: "Age Requirements",
    body: (
      <p>
        Clink is only for adults aged {siteConfig.minimumAge} or over, or the higher legal drinking age where they live. We do not knowingly
        collect information from anyone younger. If we learn that we have, we delete the account and its data.
      </p>
    ),
  },
  {
    id: "contact-and-changes",
    title: "Changes and Contact",
    body: (
      <p>
        We will post any change to this policy on this page and update the date above; for significant changes we will also notify you in
        the app. Questions about privacy? Contact us at {email}, {siteConfig.name}, {siteConfig.location.label}.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="August 2025"
      intro={
        <p>
          Your privacy matters to us. This policy explains what information {siteConfig.name} collects when you use our app and website, how
          we use and protect it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
