import explorerScript from "~/venues/explorer-island.client.tsx?worker&url";
import { VenueExplorer, type ExplorerProps } from "./components/venue-explorer";
import { EXPLORER_PROPS_ID, EXPLORER_ROOT_ID } from "./explorer-ids";
import { ModuleScript } from "~/components/module-script";

/** JSON inside a <script> data block: "<" escaped so no text in it can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The explorer as the server renders it, with its data and its island script (explorer-island.client.tsx):
 * the page itself carries no framework JavaScript.
 */
export function VenueExplorerIsland(props: ExplorerProps) {
  return (
    <>
      <div id={EXPLORER_ROOT_ID}>
        <VenueExplorer {...props} />
      </div>
      <script type="application/json" id={EXPLORER_PROPS_ID} dangerouslySetInnerHTML={{ __html: scriptSafeJson(props) }} />
      <ModuleScript src={explorerScript} />
    </>
  );
}
