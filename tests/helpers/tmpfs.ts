// A small RAM disk (tmpfs) for tests of a really full or read-only disk: the errors come from the kernel
// (ENOSPC, EROFS), as on a server whose disk filled up. Needs the right to mount (root); where it is missing,
// `TMPFS_UNAVAILABLE` says why and the tests skip with that reason.
import { execFileSync } from "node:child_process";
import { closeSync, ftruncateSync, fstatSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function probe(): string | null {
  if (process.platform !== "linux") return `tmpfs tests need Linux (this is ${process.platform})`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-tmpfs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stdio: "pipe" });
    execFileSync("umount", [dir], { stdio: "pipe" });
    return null;
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return `cannot mount a tmpfs here (${stderr || (err as Error).message}); run as root to test a really full or read-only disk`;
  } finally {
    rmdirSync(dir);
  }
}

/** Why tmpfs tests cannot run here, or null when they can. */
export const TMPFS_UNAVAILABLE: string | null = probe();
if (TMPFS_UNAVAILABLE) console.warn(`skipped: ${TMPFS_UNAVAILABLE}`);

export interface Tmpfs {
  dir: string;
  /** Writes a filler file until the disk is full, leaving `headroomBytes` free (about: tmpfs counts 4 KB pages). */
  fill(headroomBytes?: number): void;
  /** Removes the filler. */
  free(): void;
  /** Remounts read-only or read-write (files stay). */
  remount(mode: "ro" | "rw"): void;
  /** Unmounts and removes the mount point (after every file in it was closed). */
  unmount(): void;
}

export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-tmpfs-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m,mode=0755`, "tmpfs", dir]);
  const filler = path.join(dir, "filler.bin");
  return {
    dir,
    fill(headroomBytes = 0) {
      const fd = openSync(filler, "a");
      try {
        for (const chunk of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
          const buf = Buffer.alloc(chunk, 0x5a);
          for (;;) {
            try {
              writeSync(fd, buf);
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code === "ENOSPC") break;
              throw err;
            }
          }
        }
        if (headroomBytes > 0) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - headroomBytes));
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    remount(mode) {
      execFileSync("mount", ["-o", `remount,${mode}`, dir]);
    },
    unmount() {
      try {
        execFileSync("umount", [dir], { stdio: "pipe" });
      } catch {
        execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      }
      rmdirSync(dir);
    },
  };
}
