import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AF_UNIX,
  AUDIT_ARCH,
  type BpfInstruction,
  BPF_JEQ_K,
  BPF_JGE_K,
  BPF_LD_W_ABS,
  BPF_RET_K,
  encodeFilter,
  SECCOMP_RET,
  SYSCALLS,
  unixSocketFilter,
} from "./unix-socket-filter.js";

/** The classic-BPF subset the filter uses, run as the kernel runs it, over one seccomp_data. */
function run(program: readonly BpfInstruction[], data: { arch: number; nr: number; arg0: bigint }): number {
  const word = (offset: number): number => {
    if (offset === 0) return data.nr >>> 0;
    if (offset === 4) return data.arch >>> 0;
    if (offset === 16) return Number(data.arg0 & 0xffffffffn);
    if (offset === 20) return Number((data.arg0 >> 32n) & 0xffffffffn);
    throw new Error(`load from offset ${offset}`);
  };
  let acc = 0;
  for (let pc = 0; pc < program.length; ) {
    const ins = program[pc];
    if (ins === undefined) break;
    if (ins.code === BPF_LD_W_ABS) acc = word(ins.k);
    else if (ins.code === BPF_RET_K) return ins.k;
    else if (ins.code === BPF_JEQ_K) pc += acc === ins.k ? ins.jt : ins.jf;
    else if (ins.code === BPF_JGE_K) pc += acc >= ins.k ? ins.jt : ins.jf;
    else throw new Error(`unknown code ${ins.code}`);
    pc++;
  }
  throw new Error("fell off the end of the program");
}

const EPERM = SECCOMP_RET.errno | 1;
const ENOSYS = SECCOMP_RET.errno | 38;
const program = unixSocketFilter();

describe("unixSocketFilter", () => {
  it("is this program, instruction by instruction", () => {
    const listing = program.map(({ code, jt, jf, k }, i) => {
      const name = { [BPF_LD_W_ABS]: "ld", [BPF_JEQ_K]: "jeq", [BPF_JGE_K]: "jge", [BPF_RET_K]: "ret" }[code];
      const target = (offset: number) => i + 1 + offset;
      if (name === "ld" || name === "ret") return `${i}: ${name} 0x${k.toString(16)}`;
      return `${i}: ${name} 0x${k.toString(16)} ? ${target(jt)} : ${target(jf)}`;
    });
    expect(listing).toEqual([
      "0: ld 0x4",
      "1: jeq 0xc000003e ? 2 : 6",
      "2: ld 0x0",
      "3: jge 0x40000000 ? 15 : 4",
      "4: jeq 0x29 ? 10 : 5",
      "5: jeq 0x1a9 ? 14 : 12",
      "6: jeq 0xc00000b7 ? 7 : 15",
      "7: ld 0x0",
      "8: jeq 0xc6 ? 10 : 9",
      "9: jeq 0x1a9 ? 14 : 12",
      "10: ld 0x10",
      "11: jeq 0x1 ? 13 : 12",
      "12: ret 0x7fff0000",
      "13: ret 0x50001",
      "14: ret 0x50026",
      "15: ret 0x80000000",
    ]);
  });

  describe.each([
    ["x86_64", AUDIT_ARCH.x86_64, SYSCALLS.x86_64, 53],
    ["aarch64", AUDIT_ARCH.aarch64, SYSCALLS.aarch64, 199],
  ] as const)("on %s", (_name, arch, nr, socketpair) => {
    it.each([
      ["socket(AF_UNIX) is refused with EPERM", nr.socket, BigInt(AF_UNIX), EPERM],
      ["socket(AF_UNIX) with garbage in the high bits is refused", nr.socket, (7n << 32n) | 1n, EPERM],
      ["socket(AF_INET) is allowed", nr.socket, 2n, SECCOMP_RET.allow],
      ["socket(AF_INET6) is allowed", nr.socket, 10n, SECCOMP_RET.allow],
      ["socketpair(AF_UNIX) is allowed", socketpair, 1n, SECCOMP_RET.allow],
      ["io_uring_setup is refused with ENOSYS", nr.io_uring_setup, 0n, ENOSYS],
      ["another call with AF_UNIX as first argument is allowed", 0, 1n, SECCOMP_RET.allow],
    ])("%s", (_what, call, arg0, expected) => {
      expect(run(program, { arch, nr: call, arg0 })).toBe(expected);
    });
  });

  it("kills x32 system calls on x86_64", () => {
    expect(run(program, { arch: AUDIT_ARCH.x86_64, nr: 0x40000000 + 41, arg0: 1n })).toBe(
      SECCOMP_RET.killProcess,
    );
    expect(run(program, { arch: AUDIT_ARCH.x86_64, nr: 0x40000000, arg0: 0n })).toBe(SECCOMP_RET.killProcess);
  });

  it.each([
    ["i386 (socketcall)", 0x40000003, 102],
    ["arm32", 0x40000028, 281],
    ["riscv64", 0xc00000f3, 198],
  ])("kills every call of a foreign architecture: %s", (_name, arch, nr) => {
    expect(run(program, { arch, nr, arg0: 1n })).toBe(SECCOMP_RET.killProcess);
    expect(run(program, { arch, nr: 0, arg0: 0n })).toBe(SECCOMP_RET.killProcess);
  });

  it("refuses socket(AF_UNIX) and nothing else of x86_64 and aarch64 below io_uring", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(["x86_64", AUDIT_ARCH.x86_64] as const, ["aarch64", AUDIT_ARCH.aarch64] as const),
        fc.integer({ min: 0, max: 0x3fffffff }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        ([name, arch], nr, arg0) => {
          const table = SYSCALLS[name];
          const expected =
            nr === table.socket && (arg0 & 0xffffffffn) === 1n
              ? EPERM
              : nr === table.io_uring_setup
                ? ENOSYS
                : SECCOMP_RET.allow;
          expect(run(program, { arch, nr, arg0 })).toBe(expected);
        },
      ),
    );
  });
});

describe("encodeFilter", () => {
  it("writes struct sock_filter little-endian, 8 bytes each", () => {
    const bytes = encodeFilter([{ code: BPF_JEQ_K, jt: 3, jf: 250, k: 0xc000003e }]);
    expect([...bytes]).toEqual([0x15, 0x00, 3, 250, 0x3e, 0x00, 0x00, 0xc0]);
    expect(encodeFilter(program).length).toBe(program.length * 8);
  });
});
