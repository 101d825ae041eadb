// Corpus outputs sized for the tests that need a compacted view. Outputs up to 8,000 estimated
// tokens are kept whole (only lossless steps), so a test that checks what compaction keeps
// and drops needs an output past that size; the shared corpus's failing cargo test run is
// about 2,800 tokens, so it is used as a command that ran the suite several times prints it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHARED_DIR } from "./pi.mjs";

/** The failing `cargo test` run of the shared compaction corpus (11 KB, 218 lines). */
export const CARGO_TEST_ONE_RUN = path.join(SHARED_DIR, "eval", "compaction", "04_cargo_test_2fail.txt");
/** How many times the run is repeated: 44 KB and 872 lines, past the lossless-only size. */
export const CARGO_TEST_RUNS = 4;

/**
 * A file holding the failing cargo test run repeated {@link CARGO_TEST_RUNS} times, written
 * once per content into the temp dir (atomically, so test files running at once share it).
 * When the corpus is missing, the missing corpus path is returned so callers' skips apply.
 * @returns {string}
 */
export function cargoTestRunsFile() {
  if (!fs.existsSync(CARGO_TEST_ONE_RUN)) return CARGO_TEST_ONE_RUN;
  const text = fs.readFileSync(CARGO_TEST_ONE_RUN, "utf8").repeat(CARGO_TEST_RUNS);
  const dir = path.join(os.tmpdir(), "pi-lean-test-corpus");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `cargo_test_2fail_x${CARGO_TEST_RUNS}.txt`);
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return file;
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
  return file;
}
