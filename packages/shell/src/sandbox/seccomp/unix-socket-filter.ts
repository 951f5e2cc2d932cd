/**
 * The classic-BPF seccomp program that refuses `socket(AF_UNIX, …)`, written
 * by hand: no maintained npm library builds seccomp programs without a
 * native addon. Each instruction is `struct sock_filter` (u16 code, u8 jt,
 * u8 jf, u32 k), little-endian, run by the kernel against `struct
 * seccomp_data` (nr at 0, arch at 4, args[i] at 16 + 8i).
 *
 * What it does, for x86_64 and aarch64 (the architectures Node ships for):
 * - another architecture or ABI (i386 and its `socketcall` multiplexer,
 *   arm32, the x32 ABI on x86_64): the process is killed; a command cannot
 *   switch ABI to get around the filter;
 * - `socket()` with domain AF_UNIX: refused with EPERM, so no named,
 *   abstract or unnamed Unix socket can be made or connected to;
 * - `io_uring_setup()`: refused with ENOSYS, since io_uring can create
 *   sockets without passing through `socket()` (programs fall back);
 * - everything else, `socketpair(AF_UNIX)` included, is allowed: a pair is
 *   connected to itself only, and Node, bash and many others use it for pipes.
 */

/** One instruction of a classic BPF program. */
export interface BpfInstruction {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

/** `BPF_LD | BPF_W | BPF_ABS`: load the 32-bit word at offset k of seccomp_data. */
export const BPF_LD_W_ABS = 0x20;
/** `BPF_JMP | BPF_JEQ | BPF_K`. */
export const BPF_JEQ_K = 0x15;
/** `BPF_JMP | BPF_JGE | BPF_K`. */
export const BPF_JGE_K = 0x35;
/** `BPF_RET | BPF_K`. */
export const BPF_RET_K = 0x06;

/** `AUDIT_ARCH_X86_64` and `AUDIT_ARCH_AARCH64` from linux/audit.h. */
export const AUDIT_ARCH = Object.freeze({ x86_64: 0xc000003e, aarch64: 0xc00000b7 });
/** Syscall numbers the filter looks at. */
export const SYSCALLS = Object.freeze({
  x86_64: { socket: 41, io_uring_setup: 425 },
  aarch64: { socket: 198, io_uring_setup: 425 },
});
/** Syscalls of the x32 ABI carry this bit (`__X32_SYSCALL_BIT`). */
export const X32_SYSCALL_BIT = 0x40000000;
/** `AF_UNIX` (also `AF_LOCAL`). */
export const AF_UNIX = 1;
/** `SECCOMP_RET_*` actions. */
export const SECCOMP_RET = Object.freeze({
  killProcess: 0x80000000,
  errno: 0x00050000,
  allow: 0x7fff0000,
});
/** The errno values the filter returns. */
export const ERRNO = Object.freeze({ EPERM: 1, ENOSYS: 38 });

const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** The low 32 bits of args[0] (little-endian); the kernel reads `int domain` from them alone. */
const OFFSET_ARG0_LOW = 16;

type Label = "allow" | "eperm" | "enosys" | "kill" | "aarch64" | "domain";
type Step =
  | { op: "ld"; offset: number }
  | { op: "jeq" | "jge"; value: number; ifTrue: Label | null; ifFalse: Label | null }
  | { op: "ret"; value: number }
  | { op: "label"; name: Label };

const PLAN: readonly Step[] = [
  { op: "ld", offset: OFFSET_ARCH },
  { op: "jeq", value: AUDIT_ARCH.x86_64, ifTrue: null, ifFalse: "aarch64" },
  { op: "ld", offset: OFFSET_NR },
  { op: "jge", value: X32_SYSCALL_BIT, ifTrue: "kill", ifFalse: null },
  { op: "jeq", value: SYSCALLS.x86_64.socket, ifTrue: "domain", ifFalse: null },
  { op: "jeq", value: SYSCALLS.x86_64.io_uring_setup, ifTrue: "enosys", ifFalse: "allow" },
  { op: "label", name: "aarch64" },
  { op: "jeq", value: AUDIT_ARCH.aarch64, ifTrue: null, ifFalse: "kill" },
  { op: "ld", offset: OFFSET_NR },
  { op: "jeq", value: SYSCALLS.aarch64.socket, ifTrue: "domain", ifFalse: null },
  { op: "jeq", value: SYSCALLS.aarch64.io_uring_setup, ifTrue: "enosys", ifFalse: "allow" },
  { op: "label", name: "domain" },
  { op: "ld", offset: OFFSET_ARG0_LOW },
  { op: "jeq", value: AF_UNIX, ifTrue: "eperm", ifFalse: "allow" },
  { op: "label", name: "allow" },
  { op: "ret", value: SECCOMP_RET.allow },
  { op: "label", name: "eperm" },
  { op: "ret", value: SECCOMP_RET.errno | ERRNO.EPERM },
  { op: "label", name: "enosys" },
  { op: "ret", value: SECCOMP_RET.errno | ERRNO.ENOSYS },
  { op: "label", name: "kill" },
  { op: "ret", value: SECCOMP_RET.killProcess },
];

/** The filter's instructions, jumps resolved (BPF jumps are forward offsets from the next instruction). */
export function unixSocketFilter(): BpfInstruction[] {
  const at = new Map<Label, number>();
  let index = 0;
  for (const step of PLAN) {
    if (step.op === "label") at.set(step.name, index);
    else index++;
  }
  const out: BpfInstruction[] = [];
  for (const step of PLAN) {
    if (step.op === "label") continue;
    const here = out.length;
    const offset = (label: Label | null): number => {
      if (label === null) return 0;
      const target = at.get(label);
      if (target === undefined || target <= here || target - here - 1 > 255) {
        throw new Error(`seccomp filter: jump to ${label} from ${here} cannot be encoded`);
      }
      return target - here - 1;
    };
    if (step.op === "ld") out.push({ code: BPF_LD_W_ABS, jt: 0, jf: 0, k: step.offset });
    else if (step.op === "ret") out.push({ code: BPF_RET_K, jt: 0, jf: 0, k: step.value });
    else {
      const code = step.op === "jeq" ? BPF_JEQ_K : BPF_JGE_K;
      out.push({ code, jt: offset(step.ifTrue), jf: offset(step.ifFalse), k: step.value });
    }
  }
  return out;
}

/** The program as bytes, as `bwrap --seccomp FD` reads it. */
export function encodeFilter(program: readonly BpfInstruction[]): Buffer {
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(({ code, jt, jf, k }, i) => {
    bytes.writeUInt16LE(code, i * 8);
    bytes.writeUInt8(jt, i * 8 + 2);
    bytes.writeUInt8(jf, i * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return bytes;
}

/** True where the filter knows the host's syscall table (Node's `process.arch`). */
export function filterSupports(arch: string): boolean {
  return arch === "x64" || arch === "arm64";
}
