// `jwi admin set-password`: sets the operator password. Read from stdin when it is not a TTY (one line;
// the trailing newline is dropped), else asked twice with a hidden prompt. Only an argon2id hash is stored
// (SQLite, JWI_DATA_DIR/jwi.sqlite); every existing operator session is ended.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword } from "../../api/auth.ts";
import { LoginBackoff } from "../../api/db/login-backoff.ts";
import { AuditLog, CredentialStore } from "../../api/db/operator.ts";
import { terminalActor } from "../../pipeline/job-audit.ts";
import { applyApiSchema } from "../../api/db/schema.ts";
import { readPipelineEnv } from "../../lib/env.ts";
import { SQLITE_FILE } from "../../pipeline/index.ts";
import { openServingDb } from "../../pipeline/serving-db.ts";
import { CliError } from "../errors.ts";
import { writeLine, type CliIo } from "../io.ts";

type Stdin = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

export interface SetPasswordIo extends CliIo {
  /** Defaults to process.stdin. */
  stdin?: Stdin;
}

async function readAll(stdin: Stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads lines from a TTY in raw mode without echoing them (Backspace edits, Ctrl+C aborts). Keystrokes that
 * arrive together (a paste of both answers) are kept for the next question.
 */
function hiddenLineReader(stdin: Stdin, out: NodeJS.WritableStream) {
  const lines: string[] = [];
  let current = "";
  let aborted = false;
  let waiting: { resolve: (line: string) => void; reject: (err: Error) => void } | null = null;
  const settle = () => {
    if (!waiting) return;
    if (aborted) waiting.reject(new CliError("aborted", 1));
    else if (lines.length) waiting.resolve(lines.shift()!);
    else return;
    waiting = null;
    out.write("\n");
  };
  const onData = (chunk: Buffer | string) => {
    for (const ch of String(chunk)) {
      if (ch === "\r" || ch === "\n") {
        lines.push(current);
        current = "";
      } else if (ch === "\u0003") aborted = true;
      else if (ch === "\u007f" || ch === "\b") current = current.slice(0, -1);
      else if (ch >= " ") current += ch;
    }
    settle();
  };
  stdin.setRawMode?.(true);
  stdin.on("data", onData);
  stdin.resume();
  return {
    ask(question: string): Promise<string> {
      out.write(question);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        settle();
      });
    },
    close() {
      stdin.off("data", onData);
      stdin.setRawMode?.(false);
      stdin.pause();
    },
  };
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CliError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`, 1);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new CliError(`The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`, 1);
  }
}

export async function setPasswordCommand(io: SetPasswordIo): Promise<void> {
  const env = readPipelineEnv(io.env);
  const stdin: Stdin = io.stdin ?? process.stdin;
  let password: string;
  if (stdin.isTTY) {
    const reader = hiddenLineReader(stdin, io.stderr);
    try {
      password = await reader.ask("New operator password: ");
      checkPassword(password);
      const again = await reader.ask("Repeat the password: ");
      if (again !== password) throw new CliError("The two passwords differ; nothing was changed.", 1);
    } finally {
      reader.close();
    }
  } else {
    password = (await readAll(stdin)).replace(/\r?\n$/, "");
    if (password.includes("\n")) throw new CliError("Give the password on one line.", 1);
    checkPassword(password);
  }

  const hashed = await hashPassword(password);
  mkdirSync(env.JWI_DATA_DIR, { recursive: true });
  const file = path.join(env.JWI_DATA_DIR, SQLITE_FILE);
  const db = openServingDb(file);
  try {
    applyApiSchema(db);
    db.transaction(() => {
      new CredentialStore(db).setHash(hashed);
      db.prepare(`DELETE FROM sessions`).run();
      LoginBackoff.clearAll(db); // the operator's way in when strangers keep the account backing off
      const who = terminalActor();
      new AuditLog(db).record({
        actor: who.name,
        action: "admin.set_password",
        result: "ok",
        detail: { door: who.door },
      });
    })();
  } finally {
    db.close();
  }
  writeLine(io.stdout, `Operator password set (argon2id hash stored in ${file}; existing sessions ended).`);
}
