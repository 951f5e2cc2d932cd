// The tests look at processes with the same /proc reader the client uses to end them.
export { alive, descendants, groupMembers } from "../client/process-tree.js";
