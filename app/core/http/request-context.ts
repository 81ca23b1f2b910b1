import "react-router";

/** What the Express server hands every loader and action (see server/index.ts). */
declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    clientIp: string;
  }
}

export {};
