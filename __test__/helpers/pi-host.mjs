// Hands Pi's runtime values to pi-lean's modules, as the extension's entry does in Pi, for tests
// that call a feature's register function directly instead of going through extension/index.js.
import { ProjectTrustStore, formatSkillsForPrompt, getAgentDir, hasTrustRequiringProjectResources } from "@earendil-works/pi-coding-agent";
import { setPiHost } from "../../extension/shared/pi-host.js";

setPiHost({ getAgentDir, hasTrustRequiringProjectResources, ProjectTrustStore, formatSkillsForPrompt });
