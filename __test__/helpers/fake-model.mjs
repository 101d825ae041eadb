// Scripted OpenAI-compatible chat-completions server on 127.0.0.1 for end-to-end tests.
// It records the exact JSON body of every request Pi sends and answers each one from a
// script: a reply object, or a function of (body, index) returning one. Replies are
// `{ text }` or `{ toolCalls: [{ name, arguments }] }` (with `text`, said before the calls),
// streamed as standard SSE chunks.
import http from "node:http";

/**
 * @typedef {{ text?: string, toolCalls?: Array<{ name: string, arguments?: unknown }>, delayMs?: number, promptTokens?: number }} Reply
 *   `delayMs` holds the answer back (timeouts); `promptTokens` is the usage reported (default 100)
 * @typedef {Reply | ((body: any, index: number) => Reply)} ScriptStep
 */

export class FakeModel {
  /** @param {ScriptStep[]} script */
  constructor(script = []) {
    this.script = script;
    /** @type {any[]} */
    this.requests = [];
    /** @type {http.Server | null} */
    this.server = null;
    this.port = 0;
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Exact request texts of the chat completions, in order (for byte-for-byte comparisons). */
  get rawBodies() {
    return this.requests.filter((r) => r.url.endsWith("/chat/completions")).map((r) => r.raw);
  }

  /** Chat-completion bodies only, in order. */
  get bodies() {
    return this.requests.filter((r) => r.url.endsWith("/chat/completions")).map((r) => r.body);
  }

  async start() {
    this.server = http.createServer((req, res) => this.#handle(req, res));
    await new Promise((resolve) => this.server?.listen(0, "127.0.0.1", () => resolve(undefined)));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this;
  }

  async stop() {
    if (!this.server) return;
    this.server.closeAllConnections?.();
    await new Promise((resolve) => this.server?.close(() => resolve(undefined)));
    this.server = null;
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  #handle(req, res) {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? JSON.parse(raw) : null;
      this.requests.push({ method: req.method, url: req.url ?? "", headers: req.headers, body, raw });
      if (req.method === "GET" && (req.url ?? "").endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
        return;
      }
      if (req.method !== "POST" || !(req.url ?? "").endsWith("/chat/completions")) {
        res.writeHead(404);
        res.end();
        return;
      }
      const index = this.bodies.length - 1;
      const step = this.script[index];
      const reply = typeof step === "function" ? step(body, index) : (step ?? { text: "done." });
      if (!reply.delayMs) return this.#stream(res, reply, index + 1);
      const timer = setTimeout(() => !res.destroyed && this.#stream(res, reply, index + 1), reply.delayMs);
      res.on("close", () => clearTimeout(timer));
    });
  }

  /** @param {http.ServerResponse} res @param {Reply} reply @param {number} n */
  #stream(res, reply, n) {
    const base = { id: `chatcmpl-${n}`, object: "chat.completion.chunk", created: 1700000000, model: "fake-model" };
    const send = (/** @type {unknown} */ obj) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    let finish = "stop";
    if (reply.toolCalls?.length) {
      // What a model says before its calls ("Let me check …") streams first, as real models do.
      if (reply.text) send({ ...base, choices: [{ index: 0, delta: { content: reply.text }, finish_reason: null }] });
      reply.toolCalls.forEach((call, i) => {
        send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: i, id: `call_${n}_${i}`, type: "function", function: { name: call.name, arguments: "" } }] }, finish_reason: null }] });
        send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: JSON.stringify(call.arguments ?? {}) } }] }, finish_reason: null }] });
      });
      finish = "tool_calls";
    } else {
      send({ ...base, choices: [{ index: 0, delta: { content: reply.text ?? "done." }, finish_reason: null }] });
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
    const promptTokens = reply.promptTokens ?? 100;
    send({ ...base, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: 10, total_tokens: promptTokens + 10 } });
    res.write("data: [DONE]\n\n");
    res.end();
  }
}

/** The system message text of a captured chat-completions body. */
export function systemText(body) {
  const first = body.messages.find((m) => m.role === "system" || m.role === "developer");
  if (!first) return "";
  return typeof first.content === "string" ? first.content : first.content.map((p) => p.text ?? "").join("");
}

/** Tool-result messages of a captured body, as `{ id, text }`. */
export function toolMessages(body) {
  return body.messages
    .filter((m) => m.role === "tool")
    .map((m) => ({ id: m.tool_call_id, text: typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join("") }));
}

/** Names of the tools declared in a captured body. */
export function toolNames(body) {
  return (body.tools ?? []).map((t) => t.function?.name ?? t.name);
}
