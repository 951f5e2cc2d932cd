// Public API of @toolkit/loop: see README.md.
export { BareLoop } from "./loop/bare-loop.js";
export type { RunOptions, RunOutcome, RunTaskOptions, TypedResult } from "./loop/bare-loop.js";
export { FINAL_ANSWER } from "./output/typed-output.js";
export { APPROVED, INTERRUPT, isInterrupt } from "./durable/interrupt.js";
export type { ApprovalDecision } from "./durable/interrupt.js";
export type { InterruptedRun, PendingApproval, ResumeOptions } from "./durable/interrupted-run.js";
export { parseRunState, RUN_STATE_VERSION, RunStateError, runStateSchema } from "./durable/run-state.js";
export type { PendingCall, PendingCallStatus, PendingTurn, RunState } from "./durable/run-state.js";
export {
  checkRunId,
  leaseHeldError,
  leaseIsLive,
  leaseLostError,
  leaseOwner,
  RunLeaseError,
} from "./durable/run-store.js";
export type { AcquireOptions, RunLease, RunStore } from "./durable/run-store.js";
export { FileRunStore } from "./durable/file-run-store.js";
export type { FileRunStoreOptions } from "./durable/file-run-store.js";
export { checkToolDigests, toolDigests } from "./durable/tool-digests.js";
export type { BareLoopOptions, LoopDispatchOptions } from "./loop/loop-options.js";
export type { RewindableFiles } from "./loop/kept-conversation.js";
export type {
  DeltaEvent,
  FinishEvent,
  LoopObserver,
  LoopResult,
  ReplyEvent,
  RequestEvent,
  RunEvent,
  ToolCallRecord,
  ToolPostEvent,
  ToolProgressUpdateEvent,
  ToolPreEvent,
  TurnStartEvent,
} from "./loop/observer.js";
export { LoopError, LoopErrorKind } from "./loop/loop-error.js";
export type { AfterTurnVerdict, BeforeFinishVerdict, BeforeRunVerdict, LoopGate } from "./loop/loop-gate.js";
export { DEFAULT_TASK_MAX_DEPTH, DEFAULT_TASK_SYSTEM, taskTool } from "./task/task-tool.js";
export type { TaskToolOptions } from "./task/task-tool.js";
export type { TaskStartEvent } from "./task/task-events.js";
export { sumUsage } from "./task/sum-usage.js";
export type { LoopErrorOptions } from "./loop/loop-error.js";
export { compactMessages, compactedText } from "./loop/compaction.js";
export type { CompactOptions, CompactResult } from "./loop/compaction.js";
export { CHARS_PER_TOKEN, IMAGE_TOKENS, estimateWindowTokens } from "./loop/window-estimate.js";
export type { WindowEstimateInput } from "./loop/window-estimate.js";
export { buildSystemPrompt } from "./loop/system-prompt.js";
export { recoveryNote } from "./loop/recovery-note.js";
export { trajectoryObserver } from "./observers/trajectory-observer.js";
export type { TrajectoryObserverOptions } from "./observers/trajectory-observer.js";
export { messageText, userText } from "./model/messages.js";
export type {
  AssistantMessage,
  ContentPart,
  Message,
  ReasoningPart,
  ToolCallPart,
  ToolResult,
  ToolResultsMessage,
  UserMessage,
} from "./model/messages.js";
export type {
  Constraint,
  FinishReason,
  ModelClient,
  ModelReply,
  ModelRequest,
  OutputFormat,
  SendOptions,
  StreamDelta,
  Usage,
} from "./model/model-client.js";
export { addUsage, emptyUsage } from "./model/usage.js";
export type { ModelOptions, ReasoningEffort, ToolChoice } from "./providers/model-options.js";
export { randomIds, sequentialIds } from "./runtime/id-gen.js";
export type { IdGen } from "./runtime/id-gen.js";
export { manualClock, systemClock } from "./runtime/clock.js";
export type { Clock } from "./runtime/clock.js";
export { DEFAULT_MODEL_RETRY } from "./http/retry-policy.js";
export type { RetryPolicy } from "./http/retry-policy.js";
export { ModelHttpError } from "./http/model-http-error.js";
export { openaiChat, openaiChatCodec } from "./providers/openai-chat.js";
export type { OpenAIChatOptions } from "./providers/openai-chat.js";
export { openaiResponses, openaiResponsesCodec } from "./providers/openai-responses.js";
export type { OpenAIResponsesOptions } from "./providers/openai-responses.js";
export {
  ANTHROPIC_VERSION,
  anthropicMessages,
  anthropicMessagesCodec,
} from "./providers/anthropic-messages.js";
export type { AnthropicMessagesOptions } from "./providers/anthropic-messages.js";
export {
  geminiGenerateContent,
  geminiGenerateContentCodec,
} from "./providers/gemini-generate-content.js";
export type { GeminiGenerateContentOptions } from "./providers/gemini-generate-content.js";
export { geminiSchema } from "./providers/gemini-schema.js";
export { createModelClient } from "./providers/create-model-client.js";
export type { CommonClientOptions, CreateModelClientOptions } from "./providers/create-model-client.js";
export { EMPTY_RESULT_TEXT } from "./providers/result-text.js";
export { toolParameters } from "./providers/tool-parameters.js";
export type {
  EncodeContext,
  EncodeSettings,
  SseEvent,
  StreamAssembler,
  WireCodec,
} from "./providers/wire-codec.js";
// Deprecated names, to be removed in 0.3.
export { DEFAULT_RETRY } from "./http/retry-policy.js";
