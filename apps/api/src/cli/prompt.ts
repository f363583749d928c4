import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

export interface Terminal {
  input: Readable & { isTTY?: boolean };
  output: Writable;
}

/** Asks one question on a terminal; `secret` hides what is typed (passwords). */
export function ask(terminal: Terminal, question: string, secret = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: terminal.input, output: terminal.output, terminal: true });
    if (secret) {
      // readline echoes through _writeToOutput: print the question, swallow the keystrokes.
      const internal = rl as unknown as { _writeToOutput: (text: string) => void };
      internal._writeToOutput = (text: string) => {
        if (text.includes(question)) terminal.output.write(question);
        else if (/[\r\n]/.test(text)) terminal.output.write("\n");
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}

/** All of standard input (a password piped in by a script), without the final line break. */
export async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}
