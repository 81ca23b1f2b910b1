import { Fragment } from "react";

/**
 * An e-mail address that wraps on a narrow screen where a reader expects it to, before the @ and the dots
 * (never "adopte|r@..."); a part longer than the line still breaks anywhere rather than overflow.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
