// Given to a test server with `--import`: registers hooks that write every module the process resolves, one
// URL a line, to the file CLINK_LOAD_LOG names. A test reads it to know what a server really loaded (stalls.test).
import { register } from "node:module";

if (process.env.CLINK_LOAD_LOG) register("./load-log-hooks.mjs", import.meta.url, { data: { file: process.env.CLINK_LOAD_LOG } });
