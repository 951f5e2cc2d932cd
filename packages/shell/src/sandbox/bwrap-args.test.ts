import { describe, expect, it } from "vitest";
import { bwrapArgs } from "./bwrap-args.js";

const mounts = {
  writable: [
    { path: "/tmp/s/ws", dir: true },
    { path: "/tmp/s/tmp", dir: true },
  ],
  denyWrite: [
    { path: "/tmp/s/ws/.git/hooks", dir: true },
    { path: "/tmp/s/ws/.git/config", dir: false },
  ],
  denyRead: [
    { path: "/home/u/.ssh", dir: true },
    { path: "/home/u/.netrc", dir: false },
  ],
};

describe("bwrapArgs", () => {
  describe("when the network is off", () => {
    it("builds the namespaces, then the mounts in policy order, then the command", () => {
      expect(
        bwrapArgs({ mounts, network: "none", cwd: "/tmp/s/ws/sub", argv: ["bash", "-c", "ls"] }),
      ).toEqual([
        "--die-with-parent",
        "--new-session",
        "--unshare-all",
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--tmpfs",
        "/tmp",
        "--tmpfs",
        "/run",
        "--bind",
        "/tmp/s/ws",
        "/tmp/s/ws",
        "--bind",
        "/tmp/s/tmp",
        "/tmp/s/tmp",
        "--ro-bind",
        "/tmp/s/ws/.git/hooks",
        "/tmp/s/ws/.git/hooks",
        "--ro-bind",
        "/tmp/s/ws/.git/config",
        "/tmp/s/ws/.git/config",
        "--tmpfs",
        "/home/u/.ssh",
        "--remount-ro",
        "/home/u/.ssh",
        "--ro-bind",
        "/dev/null",
        "/home/u/.netrc",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--remount-ro",
        "/tmp",
        "--remount-ro",
        "/run",
        "--chdir",
        "/tmp/s/ws/sub",
        "--",
        "bash",
        "-c",
        "ls",
      ]);
    });
  });

  describe("when the network is the host's", () => {
    it("shares it and binds the extra read-only paths", () => {
      const args = bwrapArgs({
        mounts,
        network: "host",
        cwd: "/",
        argv: ["true"],
        readOnlyBinds: ["/run/resolve"],
      });
      expect(args.slice(0, 4)).toEqual([
        "--die-with-parent",
        "--new-session",
        "--unshare-all",
        "--share-net",
      ]);
      expect(args.join(" ")).toContain("--ro-bind /run/resolve /run/resolve --dev /dev");
    });
  });

  describe("when a home is hidden", () => {
    it("empties it after the places outside it, shows the folders again, then binds the places inside it", () => {
      const args = bwrapArgs({
        mounts: {
          writable: [
            { path: "/home/u/ws", dir: true },
            { path: "/tmp/s/tmp", dir: true },
          ],
          denyWrite: [{ path: "/home/u/ws/.git", dir: true }],
          denyRead: [],
          hiddenHomes: ["/home/u"],
          homeShown: [
            { path: "/home/u/.nvm", dir: true, writable: false },
            { path: "/home/u/.npm", dir: true, writable: true },
            { path: "/opt/cargo-bin", dir: true, writable: false, link: "/home/u/.cargo/bin" },
          ],
        },
        network: "none",
        cwd: "/home/u/ws",
        argv: ["true"],
      });
      expect(args.join(" ")).toContain(
        [
          "--tmpfs /tmp --tmpfs /run --bind /tmp/s/tmp /tmp/s/tmp",
          "--tmpfs /home/u --ro-bind /home/u/.nvm /home/u/.nvm --bind /home/u/.npm /home/u/.npm",
          "--ro-bind /opt/cargo-bin /opt/cargo-bin --symlink /opt/cargo-bin /home/u/.cargo/bin",
          "--bind /home/u/ws /home/u/ws --ro-bind /home/u/ws/.git /home/u/ws/.git",
          "--dev /dev --proc /proc --remount-ro /tmp --remount-ro /run --remount-ro /home/u --chdir",
        ].join(" "),
      );
    });
  });

  describe("when a writable place covers /tmp", () => {
    it("does not hide it", () => {
      const args = bwrapArgs({
        mounts: { writable: [{ path: "/tmp", dir: true }], denyWrite: [], denyRead: [] },
        network: "none",
        cwd: "/tmp",
        argv: ["true"],
      });
      expect(args).not.toContain("/run/x");
      expect(args.join(" ")).not.toContain("--tmpfs /tmp");
      expect(args.join(" ")).toContain("--tmpfs /run --bind /tmp /tmp");
    });
  });

  describe("when kernel parts are asked for", () => {
    it("sizes a private temp dir inside the hidden /tmp and /dev/shm, and passes the seccomp fd last", () => {
      const args = bwrapArgs({
        mounts: { writable: [{ path: "/repo", dir: true }], denyWrite: [], denyRead: [] },
        network: "none",
        cwd: "/repo",
        argv: ["true"],
        kernel: { tmpBytes: 4096, shmBytes: 8192, seccompFd: 3 },
      }).join(" ");
      expect(args).toContain("--tmpfs /tmp --tmpfs /run --size 4096 --tmpfs /tmp/sandbox --bind /repo /repo");
      expect(args).toContain("--dev /dev --proc /proc --size 8192 --tmpfs /dev/shm --remount-ro /tmp");
      expect(args.endsWith("--remount-ro /run --seccomp 3 --chdir /repo -- true")).toBe(true);
    });

    it("makes no private temp dir where a writable place covers /tmp", () => {
      const args = bwrapArgs({
        mounts: { writable: [{ path: "/tmp", dir: true }], denyWrite: [], denyRead: [] },
        network: "none",
        cwd: "/tmp",
        argv: ["true"],
        kernel: { tmpBytes: 4096 },
      });
      expect(args).not.toContain("/tmp/sandbox");
    });
  });
});
