// Tool outputs for the kill test (token-saver-kill.test.mjs), generated the same way in the
// child that compacts them and in the parent that checks their stored originals: log-like lines
// that compact well, of sizes from a few KB to 8 MB, each starting with a line unique to its
// run and index so no two outputs share an id.

import fs from "node:fs";
import path from "node:path";

/** Sizes the outputs cycle through, in bytes (before the unique first line). */
export const SIZES = [3 * 1024, 64 * 1024, 700 * 1024, 2 * 1024 * 1024, 8 * 1024 * 1024, 20 * 1024, 5 * 1024 * 1024];

/** Largest output, for a child that reads full outputs from disk. */
export const MAX_SIZE = Math.max(...SIZES);

/** @param {number} seed */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @type {Map<number, Buffer>} */
const bodies = new Map();

/**
 * Writes every body to `dir` once, so children read them instead of generating 20 MB of lines
 * each (generating takes a second; a hundred children cannot afford that).
 * @param {string} dir
 */
export function writeBodies(dir) {
  for (const size of SIZES) fs.writeFileSync(path.join(dir, `${size}.body`), body(size));
}

/** Loads the bodies written by `writeBodies`. @param {string} dir */
export function readBodies(dir) {
  for (const size of SIZES) bodies.set(size, fs.readFileSync(path.join(dir, `${size}.body`)));
}

/** The shared body of one size: a service log with rare warnings and errors. @param {number} size */
function body(size) {
  const cached = bodies.get(size);
  if (cached) return cached;
  const random = prng(size);
  const parts = [];
  let length = 0;
  for (let line = 1; length < size; line++) {
    const r = random();
    const level = r < 0.002 ? "ERROR" : r < 0.01 ? "WARN" : "INFO";
    const text = `2026-12-05T03:${String(line % 60).padStart(2, "0")}:00Z ${level} worker-${line % 7} processed item ${Math.floor(random() * 1e6)} in ${1 + Math.floor(random() * 90)}ms\n`;
    parts.push(text);
    length += text.length;
  }
  const bytes = Buffer.from(parts.join("").slice(0, size));
  bodies.set(size, bytes);
  return bytes;
}

/**
 * Output `index` of run `seed`.
 * @param {number} seed @param {number} index
 */
export function output(seed, index) {
  const size = SIZES[(seed + index) % SIZES.length];
  return Buffer.concat([Buffer.from(`$ ./run-service --seed ${seed} --pass ${index}\n`), body(size)]);
}
