/**
 * A helper process of a bench (run with tsx), spoken to over IPC: one request, one answer. Used so a
 * load generator or the vendor simulators never share the API's event loop.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { benchDir } from "./harness";

export interface ChildMessage {
  type: string;
}

export interface BenchChild<In extends ChildMessage, Out extends ChildMessage> {
  pid: number | undefined;
  /** Sends a message and resolves with the child's next message, which must be of type `expect`. */
  request<T extends Out["type"]>(message: In, expect: T): Promise<Extract<Out, { type: T }>>;
  /** Asks the child to exit ({ type: "exit" }), then kills it if it has not within 5 s. */
  stop(): Promise<void>;
}

export function startChild<In extends ChildMessage, Out extends ChildMessage>(
  file: string,
): BenchChild<In, Out> {
  const child = fork(path.join(benchDir, file), [], {
    execArgv: ["--import", "tsx"],
    cwd: path.resolve(benchDir, ".."),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const queue: Out[] = [];
  let waiting: ((message: Out) => void) | undefined;
  child.on("message", (message: Out) => {
    if (!waiting) return void queue.push(message);
    const resolve = waiting;
    waiting = undefined;
    resolve(message);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the helper process ${file} exited (${code})`))),
  );
  exited.catch(() => undefined);

  return {
    pid: child.pid,
    async request(message, expect) {
      child.send(message);
      const answer =
        queue.shift() ?? (await Promise.race([new Promise<Out>((resolve) => (waiting = resolve)), exited]));
      if (answer.type === "error") throw new Error(`${file} failed: ${JSON.stringify(answer)}`);
      if (answer.type !== expect) throw new Error(`expected ${expect} from ${file}, got ${answer.type}`);
      return answer as Extract<Out, { type: typeof expect }>;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: "exit" });
      await Promise.race([
        exited.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid);
    },
  };
}
