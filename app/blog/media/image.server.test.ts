import { describe, expect, it, vi } from "vitest";
import { ImageRejected, processImage } from "./image.server";

// sharp as a server whose native library fails to load (a wrong platform's binary, say).
vi.mock("sharp", () => {
  throw new Error("Could not load the sharp module");
});

describe("an image library that fails to load", () => {
  it("is the server's fault, not the upload's: the error is thrown as it is, never 'not an image'", async () => {
    const error = await processImage(Buffer.from("GIF89a")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ImageRejected);
  });
});
