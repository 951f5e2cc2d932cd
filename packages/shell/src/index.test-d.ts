import type { Tool } from "@toolkit/core";
import { describe, expectTypeOf, it } from "vitest";
import {
  type CommandAnalysis,
  createShellTools,
  dispose,
  type JobInput,
  type Jobs,
  type Shell,
  type SandboxSetting,
  type ShellOptions,
} from "./index.js";
import { createLoomTools, type LoomBashResult } from "./loom/index.js";

describe("@toolkit/shell types", () => {
  it("analyzeCommand takes the command string and answers readOnly with an optional reason", () => {
    expectTypeOf<CommandAnalysis>().toEqualTypeOf<{ readonly readOnly: boolean; readonly reason?: string }>();
  });

  it("createShellTools returns Shell, Jobs then JobInput, all Tools", () => {
    expectTypeOf(createShellTools()).toEqualTypeOf<[Shell, Jobs, JobInput]>();
    expectTypeOf<Shell>().toMatchTypeOf<Tool>();
    expectTypeOf<Jobs>().toMatchTypeOf<Tool>();
    expectTypeOf<JobInput>().toMatchTypeOf<Tool>();
  });

  it("every option is optional and units are in the names", () => {
    expectTypeOf<{}>().toMatchTypeOf<ShellOptions>();
    expectTypeOf<ShellOptions["killGraceMs"]>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error an unknown option is refused
    const bad: ShellOptions = { timeout: 5 };
    void bad;
  });

  it("sandbox takes a mode or a policy", () => {
    expectTypeOf<ShellOptions["sandbox"]>().toEqualTypeOf<SandboxSetting | undefined>();
    const policy: ShellOptions = {
      sandbox: { writable: ["~/.cache"], network: { allow: ["*.github.com"] } },
    };
    void policy;
    // @ts-expect-error a mode that does not exist
    const bad: ShellOptions = { sandbox: "on" };
    void bad;
  });

  it("dispose takes the context and returns a promise", () => {
    expectTypeOf(dispose).returns.toEqualTypeOf<Promise<void>>();
  });

  it("the Loom bash reply has Loom's fields", () => {
    expectTypeOf(createLoomTools()[0].call).returns.resolves.toHaveProperty("structuredValue");
    expectTypeOf<LoomBashResult["exit_code"]>().toEqualTypeOf<number | null>();
  });
});
