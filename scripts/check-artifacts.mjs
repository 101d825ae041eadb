// `node scripts/check-artifacts.mjs [platform...]`: structural checks of the built binaries in
// npm/<platform>/ and of the wasm fallback, read straight from the file formats (ELF, Mach-O,
// PE/COFF, WebAssembly) with no external tools. For each artifact it checks:
//   - file format, word size and CPU architecture match the platform;
//   - `napi_register_module_v1` (wasm: `napi_register_wasm_v1`) is exported;
//   - only the system C library and libraries every install of the OS ships are linked (ELF DT_NEEDED, Mach-O load
//     commands, PE import table), and no Node library: N-API resolves from the host process;
//   - glibc builds need no symbol version above GLIBC_2.17; musl builds need no GLIBC at all;
//   - Mach-O: the minimum macOS version is one Node 22 runs on (<= 11.0) and arm64 carries a
//     code signature (ad-hoc is enough; Apple silicon refuses unsigned code);
//   - no binary carries its own copy of the embedding table (it ships once, in the root package).
// Prints one line per artifact and exits 1 if any check fails or an artifact is missing.
// `--allow-missing` skips platforms whose binary was not built (CI names them on one line).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BINARY_NAME, NATIVE_TARGETS, ROOT, WASM_TARGET } from "./build-targets.mjs";

const MAX_GLIBC = [2, 17];
const MAX_MACOS = [11, 0];

/** @typedef {{format: string, arch: string, exports: string[], libraries: string[], glibc?: string[], minOs?: string, signature?: string}} Facts */

// ---------------------------------------------------------------- ELF
/** @param {Buffer} b @returns {Facts} */
export function readElf(b) {
  if (b.readUInt32BE(0) !== 0x7f454c46) throw new Error("not an ELF file");
  if (b[4] !== 2 || b[5] !== 1) throw new Error("not a 64-bit little-endian ELF");
  const machine = b.readUInt16LE(18);
  const arch = { 62: "x64", 183: "arm64" }[machine] ?? `e_machine ${machine}`;
  const shoff = Number(b.readBigUInt64LE(40));
  const shentsize = b.readUInt16LE(58);
  const shnum = b.readUInt16LE(60);
  const sections = [];
  for (let i = 0; i < shnum; i++) {
    const o = shoff + i * shentsize;
    sections.push({ type: b.readUInt32LE(o + 4), offset: Number(b.readBigUInt64LE(o + 24)), size: Number(b.readBigUInt64LE(o + 32)), link: b.readUInt32LE(o + 40), entsize: Number(b.readBigUInt64LE(o + 56)) });
  }
  const cstr = (/** @type {number} */ at) => b.toString("latin1", at, b.indexOf(0, at));
  const SHT_DYNSYM = 11, SHT_DYNAMIC = 6, SHT_GNU_VERNEED = 0x6ffffffe;
  const exports = [];
  const dynsym = sections.find((s) => s.type === SHT_DYNSYM);
  if (dynsym) {
    const strtab = sections[dynsym.link].offset;
    for (let o = dynsym.offset; o < dynsym.offset + dynsym.size; o += 24) {
      const bind = b[o + 4] >> 4;
      const shndx = b.readUInt16LE(o + 6);
      if (shndx !== 0 && (bind === 1 || bind === 2)) exports.push(cstr(strtab + b.readUInt32LE(o)));
    }
  }
  const libraries = [];
  const dynamic = sections.find((s) => s.type === SHT_DYNAMIC);
  if (dynamic) {
    const strtab = sections[dynamic.link].offset;
    for (let o = dynamic.offset; o < dynamic.offset + dynamic.size; o += 16) {
      const tag = Number(b.readBigInt64LE(o));
      if (tag === 0) break;
      if (tag === 1) libraries.push(cstr(strtab + Number(b.readBigUInt64LE(o + 8))));
    }
  }
  const glibc = new Set();
  const verneed = sections.find((s) => s.type === SHT_GNU_VERNEED);
  if (verneed) {
    const strtab = sections[verneed.link].offset;
    let need = verneed.offset;
    for (;;) {
      const cnt = b.readUInt16LE(need + 2);
      let aux = need + b.readUInt32LE(need + 8);
      for (let i = 0; i < cnt; i++) {
        const name = cstr(strtab + b.readUInt32LE(aux + 8));
        if (name.startsWith("GLIBC_")) glibc.add(name);
        const next = b.readUInt32LE(aux + 12);
        if (next === 0) break;
        aux += next;
      }
      const next = b.readUInt32LE(need + 12);
      if (next === 0) break;
      need += next;
    }
  }
  return { format: "ELF64 shared object", arch, exports, libraries, glibc: [...glibc] };
}

// ---------------------------------------------------------------- Mach-O
/** Walks a dyld export trie iteratively (no recursion on input depth) and returns its names. */
function exportTrie(/** @type {Buffer} */ b, /** @type {number} */ start, /** @type {number} */ size) {
  const names = [];
  const uleb = (/** @type {{at: number}} */ cur) => {
    let value = 0, shift = 0, byte;
    do {
      byte = b[cur.at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && shift < 64);
    return value;
  };
  const stack = [{ node: 0, prefix: "" }];
  const seen = new Set();
  while (stack.length) {
    const { node, prefix } = /** @type {{node: number, prefix: string}} */ (stack.pop());
    if (node >= size || seen.has(node)) continue;
    seen.add(node);
    const cur = { at: start + node };
    const terminal = uleb(cur);
    if (terminal > 0) names.push(prefix);
    cur.at += terminal;
    const children = b[cur.at++];
    for (let i = 0; i < children; i++) {
      const end = b.indexOf(0, cur.at);
      const edge = b.toString("latin1", cur.at, end);
      cur.at = end + 1;
      stack.push({ node: uleb(cur), prefix: prefix + edge });
    }
  }
  return names;
}

/** @param {Buffer} b @returns {Facts} */
export function readMachO(b) {
  if (b.readUInt32LE(0) !== 0xfeedfacf) throw new Error("not a 64-bit little-endian Mach-O");
  const cpu = b.readUInt32LE(4);
  const arch = { 0x01000007: "x64", 0x0100000c: "arm64" }[cpu] ?? `cputype ${cpu.toString(16)}`;
  const filetype = b.readUInt32LE(12);
  const ncmds = b.readUInt32LE(16);
  const libraries = [];
  /** @type {string[]} */
  let exports = [];
  let minOs;
  let signature = "none";
  let at = 32;
  const version = (/** @type {number} */ v) => `${v >>> 16}.${(v >> 8) & 0xff}${v & 0xff ? `.${v & 0xff}` : ""}`;
  for (let i = 0; i < ncmds; i++) {
    const cmd = b.readUInt32LE(at);
    const cmdsize = b.readUInt32LE(at + 4);
    if (cmd === 0xc || cmd === 0x80000018 || cmd === 0x8000001f) libraries.push(b.toString("latin1", at + b.readUInt32LE(at + 8), b.indexOf(0, at + b.readUInt32LE(at + 8))));
    else if (cmd === 0x32) minOs = version(b.readUInt32LE(at + 12)); // LC_BUILD_VERSION: platform, minos
    else if (cmd === 0x24) minOs = version(b.readUInt32LE(at + 8)); // LC_VERSION_MIN_MACOSX
    else if (cmd === 0x80000033) exports = exportTrie(b, b.readUInt32LE(at + 8), b.readUInt32LE(at + 12)); // LC_DYLD_EXPORTS_TRIE
    else if (cmd === 0x80000022 && b.readUInt32LE(at + 44)) exports = exportTrie(b, b.readUInt32LE(at + 40), b.readUInt32LE(at + 44)); // LC_DYLD_INFO_ONLY
    else if (cmd === 0x1d) signature = codeSignatureKind(b, b.readUInt32LE(at + 8));
    at += cmdsize;
  }
  const kind = { 6: "dylib", 8: "bundle" }[filetype] ?? `filetype ${filetype}`;
  return { format: `Mach-O 64 ${kind}`, arch, exports: exports.map((n) => n.replace(/^_/, "")), libraries, minOs, signature };
}

/** Reads the CodeDirectory flags of an embedded signature: "ad-hoc", "signed" or what is wrong. */
function codeSignatureKind(/** @type {Buffer} */ b, /** @type {number} */ off) {
  if (b.readUInt32BE(off) !== 0xfade0cc0) return "invalid (no embedded signature superblob)";
  const count = b.readUInt32BE(off + 8);
  for (let i = 0; i < count; i++) {
    const blob = off + b.readUInt32BE(off + 12 + i * 8 + 4);
    if (b.readUInt32BE(blob) === 0xfade0c02) return b.readUInt32BE(blob + 12) & 0x2 ? "ad-hoc" : "signed";
  }
  return "invalid (no code directory)";
}

// ---------------------------------------------------------------- PE/COFF
/** @param {Buffer} b @returns {Facts} */
export function readPe(b) {
  if (b.toString("latin1", 0, 2) !== "MZ") throw new Error("not a PE file");
  const pe = b.readUInt32LE(0x3c);
  if (b.readUInt32LE(pe) !== 0x4550) throw new Error("no PE signature");
  const machine = b.readUInt16LE(pe + 4);
  const arch = { 0x8664: "x64", 0xaa64: "arm64" }[machine] ?? `machine ${machine.toString(16)}`;
  const nsections = b.readUInt16LE(pe + 6);
  const optSize = b.readUInt16LE(pe + 20);
  const isDll = (b.readUInt16LE(pe + 22) & 0x2000) !== 0;
  const opt = pe + 24;
  if (b.readUInt16LE(opt) !== 0x20b) throw new Error("not PE32+");
  const dir = (/** @type {number} */ i) => ({ rva: b.readUInt32LE(opt + 112 + i * 8), size: b.readUInt32LE(opt + 112 + i * 8 + 4) });
  const sections = [];
  for (let i = 0; i < nsections; i++) {
    const s = opt + optSize + i * 40;
    sections.push({ va: b.readUInt32LE(s + 12), vsize: b.readUInt32LE(s + 8), raw: b.readUInt32LE(s + 20) });
  }
  const off = (/** @type {number} */ rva) => {
    const s = sections.find((x) => rva >= x.va && rva < x.va + x.vsize);
    if (!s) throw new Error(`RVA ${rva.toString(16)} outside every section`);
    return rva - s.va + s.raw;
  };
  const cstr = (/** @type {number} */ rva) => { const o = off(rva); return b.toString("latin1", o, b.indexOf(0, o)); };
  const exports = [];
  const exp = dir(0);
  if (exp.size) {
    const e = off(exp.rva);
    const count = b.readUInt32LE(e + 24);
    const names = off(b.readUInt32LE(e + 32));
    for (let i = 0; i < count; i++) exports.push(cstr(b.readUInt32LE(names + i * 4)));
  }
  const libraries = [];
  const imp = dir(1);
  if (imp.size) {
    for (let d = off(imp.rva); b.readUInt32LE(d + 12) !== 0; d += 20) libraries.push(cstr(b.readUInt32LE(d + 12)));
  }
  return { format: `PE32+ ${isDll ? "DLL" : "executable"}`, arch, exports, libraries };
}

// ---------------------------------------------------------------- WebAssembly
/** @param {Buffer} b @returns {Facts & {sharedMemory: boolean}} */
export function readWasm(b) {
  if (b.readUInt32BE(0) !== 0x0061736d || b.readUInt32LE(4) !== 1) throw new Error("not a WebAssembly v1 module");
  let at = 8;
  const uleb = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = b[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const name = () => { const n = uleb(); const s = b.toString("utf8", at, at + n); at += n; return s; };
  const exports = [];
  const libraries = new Set();
  let sharedMemory = false;
  while (at < b.length) {
    const id = b[at++];
    const size = uleb();
    const end = at + size;
    if (id === 2) {
      for (let n = uleb(), i = 0; i < n; i++) {
        const module = name();
        name();
        const kind = b[at++];
        libraries.add(module);
        if (kind === 0) uleb();
        else if (kind === 1) { at++; const flags = uleb(); uleb(); if (flags & 1) uleb(); }
        else if (kind === 2) { const flags = uleb(); uleb(); if (flags & 1) uleb(); if (flags & 2) sharedMemory = true; }
        else if (kind === 3) at += 2;
      }
    } else if (id === 7) {
      for (let n = uleb(), i = 0; i < n; i++) { exports.push(name()); at++; uleb(); }
    }
    at = end;
  }
  return { format: "WebAssembly v1", arch: "wasm32", exports, libraries: [...libraries], sharedMemory };
}

// ---------------------------------------------------------------- policy
const cmpVersion = (/** @type {number[]} */ a, /** @type {number[]} */ b) => (a[0] - b[0]) || ((a[1] ?? 0) - (b[1] ?? 0));
const parseVersion = (/** @type {string} */ v) => v.split(".").map(Number);

/** Libraries each platform may link: the C library and OS libraries only. */
const ALLOWED = {
  gnu: (/** @type {string} */ lib) => /^(libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libgcc_s\.so\.1|ld-linux-(x86-64|aarch64)\.so\.[12])$/.test(lib),
  musl: (/** @type {string} */ lib) => lib === "libc.so" || /^ld-musl-(x86_64|aarch64)\.so\.1$/.test(lib),
  // libiconv/libcharset: Rust's std links iconv on Apple targets; both ship in every macOS's
  // /usr/lib (dyld shared cache), like libSystem.
  darwin: (/** @type {string} */ lib) => /^\/usr\/lib\/(libSystem\.B|libiconv\.2|libcharset\.1)\.dylib$/.test(lib),
  win32: (/** @type {string} */ lib) => /^(kernel32|ntdll|bcryptprimitives|ws2_32|userenv|advapi32|api-ms-win-(core|crt)-[a-z0-9-]+)\.dll$/i.test(lib),
};

/**
 * Checks one native artifact against its platform's rules.
 * @param {string} platform napi platform name @param {Buffer} bytes
 * @returns {{facts: Facts, problems: string[]}}
 */
export function checkNative(platform, bytes) {
  const [os, arch, abi] = platform.split("-");
  const facts = os === "linux" ? readElf(bytes) : os === "darwin" ? readMachO(bytes) : readPe(bytes);
  const problems = [];
  if (facts.arch !== arch) problems.push(`architecture ${facts.arch}, expected ${arch}`);
  if (!facts.exports.includes("napi_register_module_v1")) problems.push("napi_register_module_v1 is not exported");
  const family = os === "linux" ? /** @type {"gnu" | "musl"} */ (abi) : /** @type {"darwin" | "win32"} */ (os);
  const foreign = facts.libraries.filter((lib) => !ALLOWED[family](lib));
  if (foreign.length) problems.push(`links beyond the system C library: ${foreign.join(", ")}`);
  if (os === "linux") {
    const newest = (facts.glibc ?? []).map((v) => parseVersion(v.slice(6))).sort(cmpVersion).at(-1);
    if (abi === "musl" && newest) problems.push(`musl build needs glibc symbols (${facts.glibc?.join(", ")})`);
    if (abi === "gnu" && newest && cmpVersion(newest, MAX_GLIBC) > 0) problems.push(`needs GLIBC_${newest.join(".")} > ${MAX_GLIBC.join(".")}`);
    if (abi === "gnu" && !facts.libraries.includes("libc.so.6")) problems.push("gnu build does not link glibc");
  }
  if (os === "darwin") {
    if (!facts.minOs) problems.push("no minimum macOS version load command");
    else if (cmpVersion(parseVersion(facts.minOs), MAX_MACOS) > 0) problems.push(`minimum macOS ${facts.minOs} > ${MAX_MACOS.join(".")}`);
    if (arch === "arm64" && !/^(ad-hoc|signed)$/.test(facts.signature ?? "")) problems.push(`arm64 code signature: ${facts.signature}`);
  }
  if (os === "win32" && !facts.format.endsWith("DLL")) problems.push(`${facts.format}, expected a DLL`);
  return { facts, problems };
}

/** @param {Buffer} bytes */
export function checkWasm(bytes) {
  const facts = readWasm(bytes);
  const problems = [];
  if (!facts.exports.includes("napi_register_wasm_v1")) problems.push("napi_register_wasm_v1 is not exported");
  if (!facts.sharedMemory) problems.push("memory is not shared (needs wasm32-wasip1-threads)");
  return { facts, problems };
}

/**
 * The embedding table ships once, as a data file in the root package
 * (`crates/lean-core/data/skill-embeddings.bin`); a binary that carries its own copy (the
 * core's `shipped-embeddings` feature leaking into the addon build) adds 8 MB to every install.
 * @param {Buffer} bytes
 */
export function checkNoEmbeddedTable(bytes) {
  return bytes.includes(TABLE_MAGIC) ? ["carries the embedding table (build lean-core without `shipped-embeddings`)"] : [];
}

/** The start of the table's vocabulary: in the table, never in code (the format's `MAGIC` is). */
const TABLE_MAGIC = Buffer.from("[PAD]\n[unused0]\n[unused1]\n[unused2]\n");

function describe(/** @type {Facts} */ f) {
  const parts = [f.format, f.arch, `links ${f.libraries.join(" ") || "nothing"}`];
  if (f.glibc?.length) parts.push(`max ${f.glibc.sort((a, b) => cmpVersion(parseVersion(a.slice(6)), parseVersion(b.slice(6)))).at(-1)}`);
  if (f.minOs) parts.push(`min macOS ${f.minOs}`);
  if (f.signature) parts.push(`signature ${f.signature}`);
  return parts.join("; ");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const allowMissing = process.argv.includes("--allow-missing");
  const requested = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const platforms = requested.length ? requested : [...NATIVE_TARGETS.map((t) => t.platform), WASM_TARGET.platform];
  let failed = false;
  const missing = [];
  for (const platform of platforms) {
    const file = platform === WASM_TARGET.platform ? path.join(ROOT, `${BINARY_NAME}.wasm32-wasi.wasm`) : path.join(ROOT, "npm", platform, `${BINARY_NAME}.${platform}.node`);
    if (!fs.existsSync(file)) {
      missing.push(platform);
      continue;
    }
    const bytes = fs.readFileSync(file);
    try {
      const { facts, problems } = platform === WASM_TARGET.platform ? checkWasm(bytes) : checkNative(platform, bytes);
      problems.push(...checkNoEmbeddedTable(bytes));
      process.stdout.write(`${problems.length ? "FAIL" : "ok  "} ${platform.padEnd(17)} ${(bytes.length / 1e6).toFixed(2)} MB  ${describe(facts)}${problems.length ? `\n     ${problems.join("\n     ")}` : ""}\n`);
      if (problems.length) failed = true;
    } catch (error) {
      process.stdout.write(`FAIL ${platform.padEnd(17)} ${/** @type {Error} */ (error).message}\n`);
      failed = true;
    }
  }
  if (missing.length) {
    process.stdout.write(`${allowMissing ? "not built (skipped)" : "MISSING"}: ${missing.join(", ")}\n`);
    if (!allowMissing) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
