import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A language model on loopback for the tests: a real HTTP server speaking the OpenAI chat
 * completions protocol (`POST /v1/chat/completions`), as a JSON answer or, when the request asks
 * `stream: true`, as Server-Sent Events whose tool-call arguments arrive split mid-string, the way
 * OpenAI, Ollama and vLLM stream them. What it answers is scripted by the test, one reply per
 * request; every request is recorded so that a test can assert what the model was sent.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatCompletionsRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body as sent (the protocol's fields, and any other the client added). */
  body: { model: string; messages: ChatMessage[]; tools?: ChatTool[]; tool_choice?: unknown; stream?: boolean; [field: string]: unknown };
}

export interface ScriptedToolCall {
  name: string;
  /** Sent as is when a string (so a test can send arguments that are not JSON), else as its JSON. */
  arguments: string | Record<string, unknown>;
}

/** What the model answers to one request. */
export type ScriptedReply =
  | { kind: 'tool_calls'; calls: ScriptedToolCall[] }
  | { kind: 'text'; text: string }
  /** An HTTP error with this status and body (JSON when not a string). */
  | { kind: 'http_error'; status: number; body: unknown }
  /** Takes the request and never answers (until the server closes). */
  | { kind: 'hang' };

/** The test's script: the reply to a request, given the request and how many came before it. */
export type ChatScript = (request: ChatCompletionsRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface ChatCompletionsServer {
  /** The base URL an OpenAI-compatible client is configured with (`http://127.0.0.1:<port>/v1`). */
  readonly baseUrl: string;
  /** Every chat completions request received, in order. */
  readonly requests: ChatCompletionsRequest[];
  /** Replaces the script and forgets the requests received so far. */
  script(next: ChatScript): void;
  close(): Promise<void>;
}

/** Characters per streamed tool-call arguments chunk: small, so that JSON is split mid-token. */
const ARGUMENTS_CHUNK = 7;

export async function startChatCompletionsServer(initialScript: ChatScript = () => ({ kind: 'text', text: 'No script set.' })): Promise<ChatCompletionsServer> {
  let currentScript = initialScript;
  const requests: ChatCompletionsRequest[] = [];

  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: `the test server failed: ${(error as Error).message}`, type: 'server_error' } });
      else response.destroy();
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/';
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    const text = await readBody(request);
    let body: ChatCompletionsRequest['body'];
    try {
      body = JSON.parse(text) as ChatCompletionsRequest['body'];
    } catch {
      sendJson(response, 400, { error: { message: 'the body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const recorded: ChatCompletionsRequest = { path, headers: request.headers, body };
    requests.push(recorded);
    const reply = await currentScript(recorded, requests.length - 1);
    const id = `chatcmpl-${requests.length}`;
    switch (reply.kind) {
      case 'hang':
        return;
      case 'http_error':
        if (typeof reply.body === 'string') {
          response.writeHead(reply.status, { 'content-type': 'text/plain' });
          response.end(reply.body);
        } else sendJson(response, reply.status, reply.body);
        return;
      case 'text':
      case 'tool_calls':
        if (body.stream === true) streamReply(response, id, body.model, reply);
        else sendJson(response, 200, completion(id, body.model, reply));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      currentScript = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests hold their connections open: end them, or close would wait for them.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Answer = Extract<ScriptedReply, { kind: 'text' | 'tool_calls' }>;

function argumentsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

function completion(id: string, model: string, reply: Answer): unknown {
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.text }
      : { role: 'assistant', content: null, tool_calls: reply.calls.map((call, index) => ({ id: `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: argumentsText(call) } })) };
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** The streamed form: a role chunk, content or tool-call deltas (arguments split in small pieces), the finish reason, `[DONE]`. */
function streamReply(response: ServerResponse, id: string, model: string, reply: Answer): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const created = Math.floor(Date.now() / 1000);
  const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    response.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
  send({ role: 'assistant', content: reply.kind === 'text' ? '' : null });
  if (reply.kind === 'text') {
    for (const word of reply.text.split(/(?<= )/)) send({ content: word });
  } else {
    reply.calls.forEach((call, index) => {
      const text = argumentsText(call);
      const pieces = text.length === 0 ? [''] : Array.from({ length: Math.ceil(text.length / ARGUMENTS_CHUNK) }, (_, piece) => text.slice(piece * ARGUMENTS_CHUNK, (piece + 1) * ARGUMENTS_CHUNK));
      pieces.forEach((piece, pieceIndex) => {
        const head = pieceIndex === 0 ? { id: `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: piece } } : { function: { arguments: piece } };
        send({ tool_calls: [{ index, ...head }] });
      });
    });
  }
  send({}, reply.kind === 'text' ? 'stop' : 'tool_calls');
  response.end('data: [DONE]\n\n');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
