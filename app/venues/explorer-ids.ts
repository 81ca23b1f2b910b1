/** Where the venue explorer's island mounts and finds its data (shared by the page and its script). */
export const EXPLORER_ROOT_ID = "venue-explorer-root";
export const EXPLORER_PROPS_ID = "venue-explorer-props";
