import { EventEmitter } from "node:events";
import type { RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * `compression` hands `res.on("drain")` to its zlib stream but leaves `res.removeListener` (and `off`) on the
 * response, so a `res.once("drain")` is never taken off the stream it was added to (expressjs/compression#135,
 * open). React Router waits that way each time a write is refused: a long streamed page left one listener per
 * wait on the stream, each drain called them all, and Node warned "11 drain listeners added to
 * [BrotliCompress]". Here, after compression, the response's drain listeners live on an emitter of its own,
 * fed by one listener for the response's life, so adding and removing reach the same place.
 */
export function oneDrainListener(): RequestHandler {
  return (_req, res, next) => {
    const on = res.on;
    const once = res.once;
    const removeListener = res.removeListener;
    // Made when the response first waits for a drain (most never do).
    let drains: EventEmitter | undefined;
    const feed = (): EventEmitter => {
      if (drains) return drains;
      const made = (drains = new EventEmitter());
      on.call(res, "drain", () => made.emit("drain"));
      return made;
    };
    const add = function (this: Response, type: string | symbol, listener: Listener) {
      if (type !== "drain") return on.call(this, type, listener);
      feed().on("drain", listener);
      return this;
    } as Response["on"];
    res.on = add;
    res.addListener = add;
    res.once = function (this: Response, type: string | symbol, listener: Listener) {
      if (type !== "drain") return once.call(this, type, listener);
      feed().once("drain", listener);
      return this;
    } as Response["once"];
    const remove = function (this: Response, type: string | symbol, listener: Listener) {
      if (type !== "drain") return removeListener.call(this, type, listener);
      drains?.removeListener("drain", listener);
      return this;
    } as Response["removeListener"];
    res.removeListener = remove;
    res.off = remove;
    next();
  };
}
