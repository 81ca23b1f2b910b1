import { Outlet } from "react-router";

/** Public marketing pages share the root header and footer; this layout groups them. */
export default function MarketingLayout() {
  return <Outlet />;
}
